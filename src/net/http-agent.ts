import http from "node:http";
import https from "node:https";
import type { ClientRequestArgs } from "node:http";
import type { LookupFunction } from "node:net";
import type { CheckedAddress } from "./outbound-policy.js";

/** Request options carrying the address the policy approved, so pooled sockets are keyed by it. */
export interface PinnedRequestArgs extends ClientRequestArgs {
  pinnedAddress: string;
}

function pinnedKey(options: ClientRequestArgs | undefined): string {
  return options && "pinnedAddress" in options ? `:pinned=${String(options.pinnedAddress)}` : "";
}

// Sockets are pooled per host name by default; a socket opened for a name under one policy and one
// DNS answer must not be reused for the same name after DNS now answers with a different address.
class PinnedHttpAgent extends http.Agent {
  override getName(options?: ClientRequestArgs): string {
    return super.getName(options) + pinnedKey(options);
  }
}

class PinnedHttpsAgent extends https.Agent {
  override getName(options?: ClientRequestArgs): string {
    return super.getName(options) + pinnedKey(options);
  }
}

// Keep-alive matters: every check is a request, and a new connection per request costs more than
// the request itself on loopback. Node unrefs idle pooled sockets, so they never keep a process alive.
const httpAgent = new PinnedHttpAgent({ keepAlive: true });
const httpsAgent = new PinnedHttpsAgent({ keepAlive: true });

/** The shared keep-alive agent for a protocol ("http:" or "https:"). */
export function agentFor(protocol: string): http.Agent {
  return protocol === "https:" ? httpsAgent : httpAgent;
}

/** A `lookup` that answers with the checked address only, so the connection cannot be re-resolved elsewhere. */
export function pinnedLookup(target: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    // Node's happy-eyeballs connect asks for all addresses; a plain connect asks for one.
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/** Closes pooled idle connections, e.g. before a test checks for open handles or a server shuts down. */
export function closeIdleConnections(): void {
  for (const agent of [httpAgent, httpsAgent]) {
    for (const sockets of Object.values(agent.freeSockets)) {
      for (const socket of sockets ?? []) socket.destroy();
    }
  }
}

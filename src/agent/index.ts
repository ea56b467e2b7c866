import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { buildApp } from "./app.js";
import { resolveFlaw } from "./flaws/index.js";
import { CARD_LOCATIONS } from "./http/card-routes.js";
import type { AgentLayout, AgentProtocol, ReferenceAgentOptions, RunningAgent } from "./types.js";
import { WorkRegistry } from "./work-registry.js";

export { listFlaws } from "./flaws/index.js";
export type { AgentProtocol, FlawInfo, ReferenceAgentOptions, RunningAgent } from "./types.js";

const PROTOCOLS: readonly AgentProtocol[] = ["0.3", "1.0"];

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

/** Starts the Plainwright Helpdesk reference agent, optionally with one injected flaw. */
export async function startReferenceAgent(opts: ReferenceAgentOptions = {}): Promise<RunningAgent> {
  const protocol = opts.protocol ?? "1.0";
  if (!PROTOCOLS.includes(protocol))
    throw new Error(`Unknown protocol "${String(protocol)}"; use "0.3" or "1.0".`);
  const flaw = resolveFlaw(opts.flaw, protocol);
  const host = opts.host ?? "127.0.0.1";
  const server = createServer();
  await listen(server, opts.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  const origin = `http://${urlHost(host)}:${port}`;
  const mountPath = flaw?.mountPath ?? "";
  const layout: AgentLayout = { protocol, origin, mountPath, base: origin + mountPath, port };
  const shutdown = new AbortController();
  const work = new WorkRegistry();
  const app = buildApp({
    layout,
    flaw,
    timing: { workMs: opts.workMs ?? 50, slowTaskMs: opts.slowTaskMs ?? 5000 },
    slowCardMs: opts.slowCardMs ?? 25_000,
    work,
    signal: shutdown.signal,
  });
  server.on("request", app);
  const close = (): Promise<void> => {
    shutdown.abort();
    work.closeAll();
    return new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
  return {
    url: origin,
    cardUrl: `${layout.base}${CARD_LOCATIONS[flaw?.cardLocation ?? "agent-card.json"]}`,
    protocol,
    ...(flaw ? { flaw: flaw.name } : {}),
    close,
  };
}

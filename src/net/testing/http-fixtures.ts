import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach } from "vitest";
import { NetError } from "../errors.js";
import { httpRequest, type HttpRequestOptions } from "../http.js";
import { commandLinePolicy } from "../outbound-policy.js";
import { serve, type LoopbackServer } from "./loopback-server.js";

/** Registers an afterEach that closes every server the returned `start` opened during the test. */
export function loopbackServers(): (
  handler: (req: IncomingMessage, res: ServerResponse) => void,
) => Promise<LoopbackServer> {
  const servers: LoopbackServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (handler) => {
    const server = await serve(handler);
    servers.push(server);
    return server;
  };
}

/** A GET under the command-line policy with a short timeout. */
export function get(url: string, extra: Partial<HttpRequestOptions> = {}) {
  return httpRequest({ url, timeoutMs: 1500, policy: commandLinePolicy, ...extra });
}

/** The NetError a request failed with; throws if it succeeded or failed otherwise. */
export async function failure(promise: Promise<unknown>): Promise<NetError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof NetError)) throw new Error(`expected a NetError, got ${String(error)}`);
  return error;
}

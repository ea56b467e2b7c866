import type { Transport } from "../model/transport.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { lazyClient } from "./lazy-client.js";
import { recordingTasks } from "./task-ledger.js";
import type { A2AClient, ClientContext, ClientTarget } from "./types.js";

/** How long a stopped run waits on each cancel of a task it had started. */
const CANCEL_TIMEOUT_MS = 3000;

type Factory = (target: ClientTarget, ctx: ClientContext) => A2AClient;

const factories: Partial<Record<Transport, Factory>> = {
  JSONRPC: (target, ctx) => new JsonRpcA2AClient(target, ctx),
  // HTTP+JSON and gRPC load on their first call (see lazyClient): most runs speak JSON-RPC alone.
  "HTTP+JSON": (target, ctx) =>
    lazyClient(target, () => import("./rest/index.js").then((rest) => rest.createRestClient(target, ctx))),
  GRPC: (target, ctx) =>
    lazyClient(target, () => import("./grpc/index.js").then((grpc) => grpc.createGrpcClient(target, ctx))),
};

/** The bindings this build can speak. */
export function supportedBindings(): Transport[] {
  return Object.keys(factories) as Transport[];
}

/** One client for any advertised interface: the binding picks the implementation. */
export function createClient(target: ClientTarget, ctx: ClientContext): A2AClient {
  const factory = factories[target.binding];
  if (!factory) throw new Error(`no client for the ${target.binding} binding`);
  const client = factory(target, ctx);
  const { tasks, signal: _stopped, ...rest } = ctx;
  if (!tasks) return client;
  // The cancels of a stopped run must not hear the signal that stopped it; they get a short bound of their own.
  const canceller = () => factory(target, { ...rest, timeoutMs: Math.min(ctx.timeoutMs, CANCEL_TIMEOUT_MS) });
  return recordingTasks(client, tasks, canceller);
}

import type { Transport } from "../protocol/transport.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { createGrpcClient } from "./grpc/index.js";
import { createRestClient } from "./rest/index.js";
import type { A2AClient, ClientContext, ClientTarget } from "./types.js";

type Factory = (target: ClientTarget, ctx: ClientContext) => A2AClient;

const factories: Partial<Record<Transport, Factory>> = {
  JSONRPC: (target, ctx) => new JsonRpcA2AClient(target, ctx),
  "HTTP+JSON": createRestClient,
  GRPC: createGrpcClient,
};

/** The bindings this build can speak. */
export function supportedBindings(): Transport[] {
  return Object.keys(factories) as Transport[];
}

/** One client for any advertised interface: the binding picks the implementation. */
export function createClient(target: ClientTarget, ctx: ClientContext): A2AClient {
  const factory = factories[target.binding];
  if (!factory) throw new Error(`no client for the ${target.binding} binding`);
  return factory(target, ctx);
}

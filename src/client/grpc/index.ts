import type { A2AClient, ClientContext, ClientTarget } from "../types.js";
import { GrpcA2AClient } from "./grpc-client.js";

export { parseGrpcAddress } from "./address.js";

/** The A2AClient for a GRPC interface (A2A 0.3 `a2a.v1` or 1.0 `lf.a2a.v1`). */
export function createGrpcClient(target: ClientTarget, ctx: ClientContext): A2AClient {
  return new GrpcA2AClient(target, ctx);
}

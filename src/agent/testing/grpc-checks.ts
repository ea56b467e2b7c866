import * as grpc from "@grpc/grpc-js";
import { expect } from "vitest";
import type { FlawCheck, FlawProbe } from "./flaw-probe.js";

/** One SendMessage whose request is the empty proto message (no message at all); resolves to the status code. */
function sendEmpty(probe: FlawProbe): Promise<number> {
  const { agent } = probe;
  const target = (agent.grpcUrl ?? "").replace(/^https?:\/\//, "");
  const service = agent.protocol === "1.0" ? "lf.a2a.v1.A2AService" : "a2a.v1.A2AService";
  const metadata = new grpc.Metadata();
  if (agent.protocol === "1.0") metadata.set("a2a-version", "1.0");
  const client = new grpc.Client(target, grpc.credentials.createInsecure());
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      `/${service}/SendMessage`,
      () => Buffer.alloc(0),
      (bytes: Buffer) => bytes,
      {},
      metadata,
      { deadline: Date.now() + 3000 },
      (error) => {
        client.close();
        resolve(error?.code ?? grpc.status.OK);
      },
    );
  });
}

/** gRPC flaw checks: each passes on its flaw and throws on the flawless agent. */
export const GRPC_CHECKS: Record<string, FlawCheck> = {
  "grpc-invalid-input-internal": async (probe) => {
    expect(await sendEmpty(probe)).toBe(grpc.status.INTERNAL);
  },
};

import { describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve } from "../net/testing/loopback-server.js";
import { TrafficLog } from "../net/traffic.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { negotiateGeneration } from "./negotiate.js";

type Call = { id: unknown; method: string; params?: unknown };
const error = (code: number, message: string) => ({ error: { code, message } });
const at = (url: string) => (generation: ProtocolGeneration) =>
  new JsonRpcA2AClient(
    { url, binding: "JSONRPC", generation },
    { headers: {}, timeoutMs: 3000, policy: commandLinePolicy, traffic: new TrafficLog() },
  );

describe("negotiateGeneration reads what an agent wraps", () => {
  it("reads the code an internal error wraps: every error of A2A's own 0.1 sample comes back -32603", async () => {
    // Its error handler wraps each reply it is handed: {code: -32603, data: {jsonrpc, id, error: {...}}}.
    const wraps = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const call = JSON.parse(Buffer.concat(chunks).toString()) as Call;
        const inner =
          call.method === "tasks/send" || call.method === "tasks/get"
            ? error(-32602, "Invalid or missing task ID (params.id).")
            : error(-32601, `Method not found: ${call.method}`);
        const data = { jsonrpc: "2.0", id: call.id, ...inner };
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            jsonrpc: "2.0",
            id: null,
            error: { code: -32603, message: "An unknown error occurred.", data },
          }),
        );
      });
    });
    try {
      const n = await negotiateGeneration("0.2", at(wraps.url), undefined, { versionless: true });
      expect(n).toMatchObject({ generation: "0.1", source: "wire" });
      // The card stated no version: the notes do not make it claim the generation it was read as.
      expect(n.mismatch?.message).toBe(
        "the card states no version (read as A2A 0.2) but the agent speaks A2A 0.1 on the wire",
      );
    } finally {
      await wraps.close();
    }
  });
});

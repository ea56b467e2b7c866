import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { validCard03 } from "../../card/fixtures.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import errorEnvelope from "./error-envelope.js";
import invalidParams from "./invalid-params.js";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/**
 * A 0.3 agent whose errors are well-formed JSON-RPC, but which takes any params of message/send (as the
 * Spring Voyage sidecar does): a send with {"message": 5} gets a Task.
 */
async function acceptsBadParams(): Promise<string> {
  let url = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "GET") return res.end(JSON.stringify({ ...validCard03(), url }));
      let call: { id?: unknown; method?: unknown; jsonrpc?: unknown };
      try {
        call = JSON.parse(body) as typeof call;
      } catch {
        return res.end(
          JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
        );
      }
      const id = call.id ?? null;
      if (call.jsonrpc !== "2.0" || typeof call.method !== "string")
        return res.end(
          JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32600, message: "Invalid Request" } }),
        );
      if (call.method !== "message/send")
        return res.end(
          JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } }),
        );
      const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } };
      return res.end(JSON.stringify({ jsonrpc: "2.0", id, result: task }));
    });
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return url;
}

describe("errors.error-envelope", () => {
  it("judges error replies only: a bad request the agent accepted is errors.invalid-params' finding, said once", async () => {
    const result = await runConformance({
      agentUrl: await acceptsBadParams(),
      headers: {},
      timeoutMs: 3000,
      policy: commandLinePolicy,
      catalogue: [errorEnvelope, invalidParams],
    });
    // The card also names HTTP+JSON and gRPC interfaces: the JSON-RPC findings are the ones judged here.
    const jsonRpc = (result.findings ?? []).filter((f) => f.transport === "JSONRPC");
    const byId = new Map(jsonRpc.map((f) => [f.id, f]));
    expect(byId.get("errors.invalid-params")?.status).toBe("fail");
    expect(byId.get("errors.error-envelope")).toMatchObject({ status: "pass" });
    expect(byId.get("errors.error-envelope")?.message).toMatch(/got a result, which its own check judges/);
  });
});

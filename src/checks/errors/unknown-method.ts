import { defineCheck, fail, pass } from "../define.js";

export default defineCheck({
  id: "errors.unknown-method",
  title: "An unknown method is answered with -32601",
  category: "errors",
  level: "MUST",
  requirement:
    "A JSON-RPC request naming a method the server does not have gets error -32601 (Method not found), with the request id echoed.",
  spec: "JSON-RPC 2.0 §5.1; A2A 0.3 §8.1; 1.0 §9.5",
  tck: ["CORE-ERR-001"],
  quote: {
    spec: "JSON-RPC 2.0 §5, §5.1; A2A 1.0 §9.5",
    text: "When a rpc call encounters an error, the Response Object MUST contain the error member; -32601 Method not found: the method does not exist / is not available.",
  },
  recommendation:
    'Answer unknown methods with {"code": -32601, "message": "Method not found"} and HTTP 200, echoing the id.',
  selfTest: [{ flaw: "leaky-error", protocols: ["1.0"], violates: ["CORE-ERR-001"] }],
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const client = ctx.client as unknown as {
      rawCall?: (m: string, p: unknown) => Promise<import("../../client/jsonrpc.js").RpcOutcome>;
    };
    if (!client.rawCall) return fail("this client cannot send raw JSON-RPC");
    const outcome = await client.rawCall("tasks/plainwrightNoSuchMethod", {});
    const evidence =
      outcome.kind === "unreachable" ? [] : outcome.http.trafficId ? [outcome.http.trafficId] : [];
    if (outcome.kind === "error" && outcome.error.code === -32601) return pass("answered -32601", evidence);
    if (outcome.kind === "error")
      return fail(`answered ${outcome.error.code} (${outcome.error.message}) instead of -32601`, evidence);
    if (outcome.kind === "unreachable") return fail(outcome.error.message, evidence);
    if (outcome.kind === "invalid") return fail(outcome.reason, evidence);
    return fail(`answered with a ${outcome.kind} instead of error -32601`, evidence);
  },
});

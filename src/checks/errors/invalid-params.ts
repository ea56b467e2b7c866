import { describeOutcome } from "../../client/jsonrpc.js";
import { methodName } from "../../client/methods.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";

export default defineCheck({
  id: "errors.invalid-params",
  title: "A send with a malformed message is answered with -32602",
  category: "errors",
  level: "MUST",
  requirement:
    'A well-formed request whose params are wrong (message/send or SendMessage with params {"message": 5}) gets error -32602 (Invalid params), not an internal error.',
  spec: "JSON-RPC 2.0 §5.1; A2A 0.3 §8.1; 1.0 §9.5",
  tck: ["CORE-ERR-002", "CORE-ERR-001"],
  quote: {
    spec: "JSON-RPC 2.0 §5, §5.1; A2A 1.0 §4.3",
    text: "When a rpc call encounters an error, the Response Object MUST contain the error member; -32602 Invalid params: invalid method parameter(s).",
  },
  recommendation:
    "Validate params against the schema before handling the call and answer -32602 naming the bad field, instead of letting the handler throw (-32603).",
  selfTest: [{ flaw: "invalid-params-wrong-code", protocols: ["0.3"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    if (!ctx.rpc) return fail("this binding offers no raw JSON-RPC call");
    const method = methodName(ctx.generation, "send");
    const outcome = await ctx.rpc(method, { message: 5 });
    const evidence = outcome.kind !== "unreachable" && outcome.http.trafficId ? [outcome.http.trafficId] : [];
    if (outcome.kind === "error" && outcome.error.code === jsonRpcCodes.invalidParams)
      return pass(`${method} with {"message": 5} answered -32602`, evidence);
    return fail(
      `${method} with {"message": 5} was answered with ${describeOutcome(outcome)}, not error -32602`,
      evidence,
    );
  },
});

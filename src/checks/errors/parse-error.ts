import { jsonRpcCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import { describeRaw, errorCodeOf, parseErrorRequest, postRaw } from "../support/raw-jsonrpc.js";

export default defineCheck({
  id: "errors.parse-error",
  title: "A body that is not JSON is answered with -32700 and id null",
  category: "errors",
  level: "MUST",
  requirement:
    "A request body that is not valid JSON gets error -32700 (Parse error) with id null, since no id could be read.",
  spec: "JSON-RPC 2.0 §5 (id), §5.1; A2A 0.3 §8.1; 1.0 §9.5",
  tck: ["CORE-ERR-001"],
  quote: {
    spec: "JSON-RPC 2.0 §5, §5.1",
    text: "If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null; -32700 Parse error: invalid JSON was received by the server.",
  },
  recommendation:
    'Catch JSON parse failures in the JSON-RPC endpoint and answer {"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error"}}.',
  selfTest: [{ flaw: "parse-error-as-invalid-request", protocols: ["1.0"], violates: ["CORE-ERR-001"] }],
  // Its malformed bodies may take a fragile agent down: it runs after the ordinary checks.
  phase: "late",
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const bad = parseErrorRequest();
    const reply = await postRaw(ctx, bad.body, "parse error");
    if (!reply.ok) return fail(`${bad.what} got no answer: ${reply.error.message}`, reply.evidence);
    const code = errorCodeOf(reply.json);
    if (code !== jsonRpcCodes.parseError)
      return fail(`${bad.what} was answered ${describeRaw(reply)}, not error -32700`, reply.evidence);
    const id = (reply.json as { id?: unknown }).id;
    if (id !== null)
      return fail(`the -32700 reply has id ${JSON.stringify(id) ?? "(missing)"}, not null`, reply.evidence);
    return pass("answered -32700 with id null", reply.evidence);
  },
});

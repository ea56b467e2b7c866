import { jsonRpcCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import {
  describeRaw,
  errorCodeOf,
  noVersionRequest,
  notJsonRpcRequest,
  nullBodyRequest,
  parseErrorRequest,
  postRaw,
  type RawReply,
} from "../support/raw-jsonrpc.js";

export default defineCheck({
  id: "errors.invalid-request",
  title: "A body that is not a JSON-RPC request is answered with -32600",
  category: "errors",
  level: "MUST",
  requirement:
    'Valid JSON that is not a JSON-RPC 2.0 Request (e.g. {"not":"jsonrpc"}, a request without "jsonrpc": "2.0", or the literal null) gets error -32600 (Invalid Request).',
  spec: "JSON-RPC 2.0 §4, §5.1; A2A 0.3 §8.1; 1.0 §9.5",
  tck: ["CORE-ERR-001"],
  quote: {
    spec: "JSON-RPC 2.0 §5, §5.1",
    text: "When a rpc call encounters an error, the Response Object MUST contain the error member; -32600 Invalid Request: the JSON sent is not a valid Request object.",
  },
  recommendation:
    'Validate the envelope before routing: "jsonrpc" must be "2.0", "method" a string, "id" a string, number or null; otherwise answer {"code": -32600, "message": "Invalid Request"}.',
  allowed: [
    {
      behaviour: "the literal null answered -32700 (Parse error)",
      clause:
        "RFC 4627 §2, which JSON-RPC 2.0 cites, made a JSON text an object or an array; a reader that still refuses a bare null as unparsable gives the error its reading calls for (A2A 0.3 §8.1, 1.0.1 §9.5 defer to JSON-RPC 2.0).",
      variant: "null-body-parse-error",
    },
  ],
  selfTest: [
    { flaw: "invalid-request-wrong-code", protocols: ["1.0"], violates: ["CORE-ERR-001"] },
    { flaw: "null-body-server-error", protocols: ["0.3"], violates: ["CORE-ERR-001"] },
  ],
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const evidence: string[] = [];
    for (const bad of [notJsonRpcRequest(), noVersionRequest(ctx)]) {
      const reply = await postRaw(ctx, bad.body, "invalid request");
      evidence.push(...reply.evidence);
      const code = reply.ok ? errorCodeOf(reply.json) : undefined;
      if (code !== jsonRpcCodes.invalidRequest)
        return fail(`${bad.what} was answered ${describeRaw(reply)}, not error -32600`, evidence);
    }
    const literal = await postRaw(ctx, nullBodyRequest().body, "invalid request");
    evidence.push(...literal.evidence);
    const code = literal.ok ? errorCodeOf(literal.json) : undefined;
    if (code === jsonRpcCodes.invalidRequest || code === jsonRpcCodes.parseError)
      return pass(
        `the malformed requests and the literal null were answered with error ${code === jsonRpcCodes.parseError ? "-32600 (null: -32700)" : "-32600"}`,
        evidence,
      );
    // An agent whose body reader refuses null exactly as it refuses broken JSON has one defect, and
    // errors.parse-error judges that reply.
    const broken = await postRaw(ctx, parseErrorRequest().body, "invalid request");
    evidence.push(...broken.evidence);
    if (sameReply(literal, broken))
      return pass(
        "both malformed requests were answered -32600; the literal null is refused as a body that is not JSON is, which errors.parse-error judges",
        evidence,
      );
    return fail(`the JSON literal null was answered ${describeRaw(literal)}, not error -32600`, evidence);
  },
});

/** Two replies alike in HTTP status, content type and JSON-RPC error code. */
function sameReply(a: RawReply, b: RawReply): boolean {
  if (!a.ok || !b.ok) return false;
  const kind = (r: typeof a) => r.http.contentType.split(";")[0]?.trim().toLowerCase();
  return (
    a.http.status === b.http.status && kind(a) === kind(b) && errorCodeOf(a.json) === errorCodeOf(b.json)
  );
}

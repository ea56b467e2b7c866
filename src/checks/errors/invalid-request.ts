import { jsonRpcCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import {
  describeRaw,
  errorCodeOf,
  noVersionRequest,
  notJsonRpcRequest,
  postRaw,
} from "../support/raw-jsonrpc.js";

export default defineCheck({
  id: "errors.invalid-request",
  title: "A body that is not a JSON-RPC request is answered with -32600",
  category: "errors",
  level: "MUST",
  requirement:
    'Valid JSON that is not a JSON-RPC 2.0 Request (e.g. {"not":"jsonrpc"}, or a request without "jsonrpc": "2.0") gets error -32600 (Invalid Request).',
  spec: "JSON-RPC 2.0 §4, §5.1; A2A 0.3 §8.1; 1.0 §9.5",
  tck: ["CORE-ERR-001"],
  quote: {
    spec: "JSON-RPC 2.0 §5, §5.1",
    text: "When a rpc call encounters an error, the Response Object MUST contain the error member; -32600 Invalid Request: the JSON sent is not a valid Request object.",
  },
  recommendation:
    'Validate the envelope before routing: "jsonrpc" must be "2.0", "method" a string, "id" a string, number or null; otherwise answer {"code": -32600, "message": "Invalid Request"}.',
  selfTest: [{ flaw: "invalid-request-wrong-code", protocols: ["1.0"], violates: ["CORE-ERR-001"] }],
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
    return pass("both malformed requests were answered -32600", evidence);
  },
});

import { defineCheck, fail, pass } from "../define.js";
import {
  invalidParamsRequest,
  notJsonRpcRequest,
  parseErrorRequest,
  postRaw,
  type BadRequest,
  type RawReply,
} from "../support/raw-jsonrpc.js";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What is wrong with the reply to a bad request as a JSON-RPC 2.0 error response, or undefined. The HTTP
 * status is not judged here: the JSON-RPC binding does not specify it (errors.http-status notes it).
 */
function envelopeProblem(bad: BadRequest, reply: RawReply & { ok: true }): string | undefined {
  const { http, json } = reply;
  if (!isObject(json)) return `the body is not a JSON object (${http.contentType || "no content type"})`;
  if (json.jsonrpc !== "2.0") return `"jsonrpc" is ${JSON.stringify(json.jsonrpc) ?? "missing"}, not "2.0"`;
  if ("result" in json) return "the reply carries a result next to (or instead of) the error";
  const error = json.error;
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== "string")
    return "the error member is not an object with an integer code and a string message";
  if (!("id" in json)) return `the reply has no id (expected ${JSON.stringify(bad.replyId)})`;
  if (json.id === bad.replyId || (bad.nullIdAllowed && json.id === null)) return undefined;
  return `the reply id is ${JSON.stringify(json.id)}, not ${JSON.stringify(bad.replyId)}`;
}

export default defineCheck({
  id: "errors.error-envelope",
  title: "Errors are JSON-RPC error objects with the request id",
  category: "errors",
  level: "MUST",
  requirement:
    'Every error reply is a JSON-RPC 2.0 Response with "jsonrpc": "2.0", an error object {code (integer), message (string)}, no result, and the request id echoed exactly (a number stays a number; null when the id could not be read).',
  spec: "JSON-RPC 2.0 §5, §5.1; A2A 0.3 §8.1; 1.0 §9.5",
  tck: "JSONRPC-ERR-001",
  quote: {
    spec: "JSON-RPC 2.0 §5",
    text: "id: It MUST be the same as the value of the id member in the Request Object. If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null.",
  },
  recommendation:
    "Answer every JSON-RPC error with {jsonrpc, id, error}; copy the request id unchanged (string or number), or null when the body could not be read.",
  selfTest: [{ flaw: "error-id-missing", protocols: ["1.0"] }],
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const evidence: string[] = [];
    for (const bad of [parseErrorRequest(), notJsonRpcRequest(), invalidParamsRequest(ctx)]) {
      const reply = await postRaw(ctx, bad.body, "error envelope");
      evidence.push(...reply.evidence);
      if (!reply.ok) return fail(`${bad.what} got no answer: ${reply.error.message}`, evidence);
      const problem = envelopeProblem(bad, reply);
      if (problem) return fail(`the reply to ${bad.what}: ${problem}`, evidence);
    }
    return pass("3 error replies were well-formed JSON-RPC errors with the right id", evidence);
  },
});

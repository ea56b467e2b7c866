import { isObject } from "../../model/json.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import {
  describeRaw,
  errorCodeOf,
  methodlessRequests,
  noVersionRequest,
  notJsonRpcRequest,
  objectIdRequest,
  nullBodyRequest,
  parseErrorRequest,
  postRaw,
  type RawReply,
} from "../support/raw-jsonrpc.js";

export default defineCheck({
  id: "errors.invalid-request",
  title: "A body that is not a JSON-RPC request is answered with -32600 and id null",
  category: "errors",
  level: "MUST",
  requirement:
    'Valid JSON that is not a JSON-RPC 2.0 Request (e.g. {"not":"jsonrpc"}, a request without "jsonrpc": "2.0", a request whose id is an object, one without a method or whose method is no string, or the literal null) gets error -32600 (Invalid Request); where no id could be read from the body, the reply\'s id is null (a readable id is errors.error-envelope\'s to judge).',
  spec: "JSON-RPC 2.0 §4, §5.1; A2A 0.3 §8.1; 1.0 §9.5",
  tck: ["CORE-ERR-001"],
  quote: {
    spec: "JSON-RPC 2.0 §5, §5.1",
    text: "When a rpc call encounters an error, the Response Object MUST contain the error member; -32600 Invalid Request: the JSON sent is not a valid Request object. id: … If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null.",
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
  // Its malformed bodies may take a fragile agent down: it runs after the ordinary checks.
  phase: "late",
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const evidence: string[] = [];
    // Every problem is said, not the first alone: a wrong id on one reply must not hide a routed object id.
    const problems: string[] = [];
    const unreadable = notJsonRpcRequest();
    for (const bad of [unreadable, noVersionRequest(ctx), objectIdRequest(ctx), ...methodlessRequests()]) {
      const reply = await postRaw(ctx, bad.body, "invalid request");
      evidence.push(...reply.evidence);
      const code = reply.ok ? errorCodeOf(reply.json) : undefined;
      if (code !== jsonRpcCodes.invalidRequest)
        problems.push(`${bad.what} was answered ${describeRaw(reply)}, not error -32600`);
      // No id to read, so the reply's is null; left out, the reply is no Response object (seen at first sight:
      // `id: undefined` dropped by JSON.stringify). A readable id's echo is errors.error-envelope's.
      else if (bad === unreadable && reply.ok && !isNullId(reply.json))
        problems.push(`the -32600 reply to ${bad.what} has id ${idText(reply.json)}, not null`);
    }
    const literal = await postRaw(ctx, nullBodyRequest().body, "invalid request");
    evidence.push(...literal.evidence);
    const code = literal.ok ? errorCodeOf(literal.json) : undefined;
    if (code === jsonRpcCodes.invalidRequest && literal.ok && !isNullId(literal.json))
      problems.push(`the -32600 reply to the JSON literal null has id ${idText(literal.json)}, not null`);
    else if (code !== jsonRpcCodes.invalidRequest && code !== jsonRpcCodes.parseError) {
      // An agent whose body reader refuses null exactly as it refuses broken JSON has one defect, and
      // errors.parse-error judges that reply.
      const broken = await postRaw(ctx, parseErrorRequest().body, "invalid request");
      evidence.push(...broken.evidence);
      if (!sameReply(literal, broken))
        problems.push(`the JSON literal null was answered ${describeRaw(literal)}, not error -32600`);
      else if (problems.length === 0)
        return pass(
          "the malformed requests were answered -32600; the literal null is refused as a body that is not JSON is, which errors.parse-error judges",
          evidence,
        );
    }
    if (problems.length > 0) return fail(problems.join("; "), evidence);
    return pass(
      `the malformed requests and the literal null were answered with error ${code === jsonRpcCodes.parseError ? "-32600 (null: -32700)" : "-32600"}, id null where none could be read`,
      evidence,
    );
  },
});

/** Whether a reply carries "id": null (present and null: JSON-RPC 2.0 §5 makes the member required). */
function isNullId(json: unknown): boolean {
  return isObject(json) && "id" in json && json.id === null;
}

function idText(json: unknown): string {
  return isObject(json) && "id" in json ? JSON.stringify(json.id) : "(missing)";
}

/** Two replies alike in HTTP status, content type and JSON-RPC error code. */
function sameReply(a: RawReply, b: RawReply): boolean {
  if (!a.ok || !b.ok) return false;
  const kind = (r: typeof a) => r.http.contentType.split(";")[0]?.trim().toLowerCase();
  return (
    a.http.status === b.http.status && kind(a) === kind(b) && errorCodeOf(a.json) === errorCodeOf(b.json)
  );
}

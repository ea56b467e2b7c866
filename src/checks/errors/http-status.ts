import { defineCheck, fail, notSupported, pass } from "../define.js";
import {
  invalidParamsRequest,
  notJsonRpcRequest,
  parseErrorRequest,
  postRaw,
} from "../support/raw-jsonrpc.js";

export default defineCheck({
  id: "errors.http-status",
  title: "JSON-RPC errors come over HTTP 200",
  category: "errors",
  level: "MAY",
  levelReason:
    "The JSON-RPC binding does not specify the HTTP status of an error reply (A2A 0.3 §8.1, 1.0 §9.5 define only the body), so another status is an interop note: clients that branch on the status may not read the error body.",
  requirement:
    "JSON-RPC error replies (parse error, invalid request, invalid params) are sent with HTTP 200, the status JSON-RPC over HTTP clients commonly expect, and carry the error in the body.",
  spec: "A2A 0.3 §8.1; 1.0 §9.5 (JSON-RPC binding; the HTTP status is unspecified)",
  recommendation:
    "Send JSON-RPC error replies with HTTP 200; the error code in the body already says what went wrong.",
  noSelfTest:
    "The binding leaves the status open, so another status is a note, never a failure (the allowed variant parse-error-http-400 shows the note, src/runner/allowed-variants.test.ts); only an error that gets no reply at all fails, as errors.server-survives also shows.",
  allowed: [
    {
      behaviour: "JSON-RPC errors sent with an HTTP status other than 200 (a not-supported note)",
      clause: "A2A 0.3 §8.1; 1.0.1 §9.5 define the error body, not the HTTP status",
      variant: "parse-error-http-400",
    },
  ],
  // Its malformed bodies may take a fragile agent down: it runs after the ordinary checks.
  phase: "late",
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const evidence: string[] = [];
    for (const bad of [parseErrorRequest(), notJsonRpcRequest(), invalidParamsRequest(ctx)]) {
      const reply = await postRaw(ctx, bad.body, "error HTTP status");
      evidence.push(...reply.evidence);
      if (!reply.ok) return fail(`${bad.what} got no answer: ${reply.error.message}`, evidence);
      // The binding leaves the status open: another one is an interop note, not a defect.
      if (reply.http.status !== 200)
        return notSupported(
          `the reply to ${bad.what} came with HTTP ${reply.http.status}, not 200 (allowed: the JSON-RPC binding does not specify the HTTP status of an error; clients that branch on the status may miss the error body)`,
          evidence,
        );
    }
    return pass("3 JSON-RPC error replies came with HTTP 200", evidence);
  },
});

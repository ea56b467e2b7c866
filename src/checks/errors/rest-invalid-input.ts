import { errorFromJson } from "../../client/rest/errors.js";
import { sendRest } from "../../client/rest/exchange.js";
import { RestRoutes } from "../../client/rest/paths.js";
import { tryParseJson } from "../../net/json.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** A message:send body a client should never send, and how to name it. */
interface BadBody {
  what: string;
  body: string;
}

const BAD_BODIES: readonly BadBody[] = [
  { what: "a body that is not JSON", body: '{"message": ' },
  { what: 'a body whose message is the number 5 ({"message": 5})', body: '{"message": 5}' },
];

/** POSTs one bad body to message:send and judges the reply: a 4xx that names its error. */
async function judge(ctx: CheckContext, bad: BadBody): Promise<CheckVerdict> {
  const url = new RestRoutes(ctx.client.target, ctx.clientContext.query).sendMessage();
  const sent = await sendRest(ctx.client.target, ctx.clientContext, {
    method: "POST",
    url,
    rawBody: bad.body,
    label: "SendMessage",
  });
  const evidence = sent.trafficIds;
  const what = `message:send with ${bad.what}`;
  if (!sent.ok) return fail(`${what}: ${sent.error.message}`, evidence);
  const { status } = sent.http;
  if (status < 400) return fail(`${what} was accepted (HTTP ${status})`, evidence);
  if (status >= 500)
    return fail(`${what} answered HTTP ${status}: the input was not validated before processing`, evidence);
  const parsed = tryParseJson(sent.http.body, url);
  const error = parsed.ok ? errorFromJson(parsed.value, status) : undefined;
  const named = error !== undefined && error.message.trim() !== "";
  // A 404 or 405 naming no A2A error is a route the server lacks, not a refusal of the input (seen at first
  // sight: an Express 404 page for every message:send): nothing about validation was shown.
  if (!named && (status === 404 || status === 405))
    return {
      ...skip(
        `${what} answered HTTP ${status}, which names no A2A error: the route is not served, so the input was not judged`,
      ),
      evidence,
    };
  // 0.3 §3.2.3 asks the HTTP+JSON binding for a fitting status code only; the error payload is 1.0's (§3.3.2).
  if (!named && ctx.generation !== "1.0")
    return pass(
      `${what} answered HTTP ${status} (0.3 §3.2.3 asks for the status code; the body carries no A2A error code and message)`,
      evidence,
    );
  if (!error || !named)
    return fail(
      `${what} answered HTTP ${status} without an error that carries a code and a message (1.0: {"error": {"code", "status", "message", "details"}})`,
      evidence,
    );
  return pass(`${what} answered HTTP ${status} (${error.name}: ${error.message})`, evidence);
}

export default defineCheck({
  id: "errors.rest-invalid-input",
  title: "HTTP+JSON: a malformed message:send is refused with a 4xx error that says why",
  category: "errors",
  level: "MUST",
  requirement:
    'POST message:send with a body that is not JSON, and with {"message": 5}, each gets an HTTP 4xx (400 Bad Request in the spec\'s examples) whose body is an error with a code and a message (1.0: google.rpc.Status), not a 2xx and not a 5xx.',
  spec: "A2A 1.0 §3.3.2 (validation errors, error payload), §11.6 (HTTP+JSON errors); 0.3 §3.2.3 (HTTP status codes), §10.2 (input validation)",
  tck: ["CORE-ERR-002", "CORE-ERR-001"],
  quote: {
    spec: "A2A 1.0.1 §3.3.2",
    text: "Servers **MUST** validate all input parameters before processing. [...] All error responses in the A2A protocol, regardless of binding, **MUST** convey the following information: 1. Error Code [...] 2. Error Message",
  },
  recommendation:
    'Parse and validate the request body before handling it; answer HTTP 400 with {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": ...}} naming what is wrong, instead of letting the handler fail with a 500.',
  selfTest: [
    { flaw: "rest-invalid-input-500", protocols: ["0.3", "1.0"], violates: ["CORE-ERR-001", "CORE-ERR-002"] },
  ],
  scope: "transport",
  bindings: ["HTTP+JSON"],
  run: async (ctx) => {
    const verdicts = await Promise.all(BAD_BODIES.map((bad) => judge(ctx, bad)));
    const evidence = verdicts.flatMap((v) => v.evidence ?? []);
    const failed = verdicts.filter((v) => v.status === "fail");
    if (failed.length > 0) return fail(failed.map((v) => v.message).join("; "), evidence);
    // A body refused before routing (a parser's 400) says nothing when the route itself is missing.
    if (verdicts.some((v) => v.status === "skip"))
      return { ...skip(verdicts.map((v) => v.message).join("; ")), evidence };
    return pass(verdicts.map((v) => v.message).join("; "), evidence);
  },
});

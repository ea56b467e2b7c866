import { errorFromJson } from "../../client/rest/errors.js";
import { sendRest } from "../../client/rest/exchange.js";
import { RestRoutes, type QueryParams } from "../../client/rest/paths.js";
import { sendBodyIn } from "../../client/rest/bodies.js";
import { takenMessage, takenPartForm } from "../support/taken-part-form.js";
import { tryParseJson } from "../../net/json.js";
import { rawListedTasks } from "../support/raw-tasks.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

type Json = Record<string, unknown>;

/** A request a client should never send, and how to name it: a message:send body, or a ListTasks query. */
interface BadRequest {
  what: string;
  /** The raw message:send body; a ListTasks query when absent. */
  body?: string;
  query?: QueryParams;
  /** A page listing tasks is the filter ignored (lifecycle.list-tasks-filters'); an empty one, the value taken unread. */
  orListed?: true;
}

const BAD_BODIES: readonly BadRequest[] = [
  { what: "a body that is not JSON", body: '{"message": ' },
  { what: 'a body whose message is the number 5 ({"message": 5})', body: '{"message": 5}' },
];

/**
 * Messages whose role or parts no reader can take, as errors.invalid-params sends them over JSON-RPC (its
 * comments give the clauses): the agent's own message form, with no messageId, a role outside the enum, a part
 * that is a number or null; on 1.0 also no part at all and a part with no content (a2a.proto Part: its content is
 * one of text, raw, url or data; seen at first sight: `parts: [{}]` accepted and worked on), and a ListTasks
 * pageSize of 0 ("The minimum value is 1"). 1.0.1 §3.3.2: "Servers MUST validate all input parameters before
 * processing"; 0.3 §10.2 likewise for Message parts.
 */
async function badMessages(ctx: CheckContext): Promise<BadRequest[]> {
  const form = await takenPartForm(ctx);
  const hello = await takenMessage(ctx, { text: "Hello" });
  const { message, ...rest } = sendBodyIn(ctx.generation, hello, {}, form) as { message: Json } & Json;
  const partsKey = Array.isArray(message.content) ? "content" : "parts";
  const protoRole = typeof message.role === "string" && message.role.startsWith("ROLE_");
  const bogusRole = protoRole ? "ROLE_BOGUS" : "bogus";
  const { messageId: _dropped, ...withoutId } = message;
  const body = (m: Json) => JSON.stringify({ ...rest, message: m });
  const v10 = ctx.generation === "1.0";
  return [
    { what: "a message that has no messageId", body: body(withoutId) },
    { what: `a message whose role is "${bogusRole}"`, body: body({ ...message, role: bogusRole }) },
    { what: `a message whose ${partsKey} are [5]`, body: body({ ...message, [partsKey]: [5] }) },
    { what: `a message whose ${partsKey} are [null]`, body: body({ ...message, [partsKey]: [null] }) },
    ...(v10
      ? [
          { what: "a message with no part", body: body({ ...message, parts: [] }) },
          { what: "a message whose one part has no content ([{}])", body: body({ ...message, parts: [{}] }) },
          { what: "pageSize 0 (the minimum is 1)", query: { pageSize: 0 } },
          {
            what: 'status "TASK_STATE_BOGUS" (no TaskState)',
            query: { status: "TASK_STATE_BOGUS" },
            orListed: true as const,
          },
        ]
      : []),
  ];
}

/** Whether a ListTasks body lists at least one task. */
function listedSome(body: string, url: string): boolean {
  const parsed = tryParseJson(body, url);
  return parsed.ok && rawListedTasks(parsed.value).length > 0;
}

/** Sends one bad request (message:send, or GET tasks) and judges the reply: a 4xx that names its error. */
async function judge(ctx: CheckContext, bad: BadRequest): Promise<CheckVerdict> {
  const routes = new RestRoutes(ctx.client.target, ctx.clientContext.query);
  const url = bad.body === undefined ? routes.tasks(bad.query) : routes.sendMessage();
  const sent = await sendRest(ctx.client.target, ctx.clientContext, {
    method: bad.body === undefined ? "GET" : "POST",
    url,
    ...(bad.body === undefined ? {} : { rawBody: bad.body }),
    label: bad.body === undefined ? "ListTasks" : "SendMessage",
  });
  const evidence = sent.trafficIds;
  const what = `${bad.body === undefined ? "GET tasks" : "message:send"} with ${bad.what}`;
  if (!sent.ok) return fail(`${what}: ${sent.error.message}`, evidence);
  const { status } = sent.http;
  if (status < 400 && bad.orListed && listedSome(sent.http.body, url))
    return {
      ...skip(`${what} listed tasks: the filter was ignored, lifecycle.list-tasks-filters' finding`),
      evidence,
    };
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
    'POST message:send with a body that is not JSON, with {"message": 5}, and with a message that has no messageId, a role outside the enum, or a part that is a number or null (on 1.0 also no part, or a part with no content), and on 1.0 GET tasks with pageSize 0, or with a status that is no TaskState (judged when the page comes back empty): each gets an HTTP 4xx (400 Bad Request in the spec\'s examples) whose body is an error with a code and a message (1.0: google.rpc.Status), not a 2xx and not a 5xx.',
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
    const bad = [...BAD_BODIES, ...(await badMessages(ctx))];
    const verdicts = await Promise.all(bad.map((b) => judge(ctx, b)));
    const evidence = verdicts.flatMap((v) => v.evidence ?? []);
    const failed = verdicts.filter((v) => v.status === "fail");
    if (failed.length > 0)
      return fail(
        `${failed.length} of ${bad.length} malformed requests: ${failed.map((v) => v.message).join("; ")}`,
        evidence,
      );
    // A body refused before routing (a parser's 400) says nothing when the route itself is missing; a
    // ListTasks route left out is lifecycle.list-tasks' finding.
    const sendJudged = verdicts.some((v, i) => v.status !== "skip" && bad[i]?.body !== undefined);
    if (!sendJudged) return { ...skip(verdicts.map((v) => v.message).join("; ")), evidence };
    // A control: an agent that refuses the ordinary message too shows nothing by refusing the malformed ones.
    const ordinary = await ctx.fixtures.settledTask();
    if (!ordinary.ok && !ordinary.sent)
      return {
        ...skip(
          `the malformed requests were refused, but so was the ordinary message (${ordinary.reason}): the refusals show nothing; lifecycle.send-returns-task reports the refused send`,
        ),
        evidence,
      };
    return pass(verdicts.map((v) => v.message).join("; "), evidence);
  },
});

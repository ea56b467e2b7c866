import { randomUUID } from "node:crypto";
import { idEchoProblem } from "../../client/jsonrpc.js";
import type { CheckContext } from "../types.js";
import { settledWithin } from "../support/time-box.js";
import { defineCheck, fail, pass } from "../define.js";
import { methodName } from "../../client/methods.js";
import {
  describeRaw,
  errorCodeOf,
  invalidParamsRequest,
  noVersionRequest,
  notJsonRpcRequest,
  nullIdRequest,
  parseErrorRequest,
  postRaw,
  unknownMethodRequest,
  type BadRequest,
  type RawReply,
} from "../support/raw-jsonrpc.js";
import { isObject } from "../../model/json.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";

const INVALID_REQUEST = jsonRpcCodes.invalidRequest;
/** A Major.Minor no agent serves (errors.version-not-supported asks for it too). */
const UNSERVED_VERSION = "99.0";

/**
 * What is wrong with the reply to a bad request as a JSON-RPC 2.0 error response, or undefined. The HTTP
 * status is not judged here: the JSON-RPC binding does not specify it (errors.http-status notes it).
 */
function envelopeProblem(
  bad: BadRequest,
  reply: RawReply & { ok: true },
  idJudgedElsewhere: boolean,
): string | undefined {
  const { http, json } = reply;
  if (!isObject(json)) return `the body is not a JSON object (${http.contentType || "no content type"})`;
  if (json.jsonrpc !== "2.0") return `"jsonrpc" is ${JSON.stringify(json.jsonrpc) ?? "missing"}, not "2.0"`;
  if ("result" in json) return "the reply carries a result next to the error";
  const error = json.error;
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== "string")
    return "the error member is not an object with an integer code and a string message";
  if (idJudgedElsewhere) return undefined;
  if (!("id" in json)) return `the reply has no id (expected ${JSON.stringify(bad.replyId)})`;
  if (json.id === bad.replyId || (bad.nullIdAllowed && json.id === null)) return undefined;
  return `the reply id is ${JSON.stringify(json.id)}, not ${JSON.stringify(bad.replyId)}`;
}

/** A recorded body parsed as a JSON object, or undefined when it is not one. */
function recordedObject(body: string | undefined): Record<string, unknown> | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The id echo of the suite's successful message/send, when one was recorded. The client reads a single reply
 * whatever its id (the HTTP exchange ties it to its request), so this is the one place a foreign id is judged.
 */
async function successReplyIdProblem(ctx: CheckContext): Promise<{ problem?: string; evidence: string[] }> {
  // The shared task's send is read for its reply alone: an agent whose task never settles (seen at first
  // sight: tasks left working when a newer one starts) must not hold this check past its time.
  const task = await settledWithin(ctx.fixtures.settledTask(), ctx.timeoutMs / 3);
  if (!task?.ok) return { evidence: [] };
  const entry = ctx.clientContext.traffic.entries().find((e) => e.id === task.evidence[0]);
  const request = recordedObject(entry?.request_body);
  const reply = recordedObject(entry?.response_body);
  const id = request?.id;
  if (!reply || !("result" in reply) || (typeof id !== "string" && typeof id !== "number"))
    return { evidence: [] };
  return { problem: idEchoProblem(reply, id), evidence: task.evidence.slice(0, 1) };
}

/**
 * Reads of a task the agent has, sent with the ids a careless reader takes for "no id": null, 0 and the empty
 * string, each a request like any other (JSON-RPC 2.0 §4: "a String, Number, or NULL value"), so each gets the
 * task with its id echoed. Seen at first sight: for null, the work done then an internal error "cannot create
 * a success response for a null id", and a reply never sent at all; for 0 and "", a Parse error (the id tested
 * for truth). Judged only where the same read with an ordinary id gets the task; null is left out when its
 * malformed probe already went unanswered.
 */
async function oddIdReadProblems(
  ctx: CheckContext,
  withNull: boolean,
): Promise<{ problems: string[]; evidence: string[] }> {
  const task = await settledWithin(ctx.fixtures.knownTask(), ctx.timeoutMs / 3);
  if (!task) return { problems: [], evidence: [] };
  const control = await ctx.client.getTask(task.id);
  if (!control.ok) return { problems: [], evidence: [] };
  const method = methodName(ctx.generation, "get");
  // The read the agent answered, as it was sent (a lenient client may have named the task otherwise), with
  // its id changed: only the id differs.
  const answered = ctx.clientContext.traffic.entries().find((e) => e.id === control.trafficIds.at(-1));
  const sent = recordedObject(answered?.request_body);
  const params = sent && isObject(sent.params) ? sent.params : { id: task.id };
  const problems: string[] = [];
  const evidence = [...control.trafficIds];
  for (const id of withNull ? [null, 0, ""] : [0, ""]) {
    const body = JSON.stringify({ jsonrpc: "2.0", id, method, params });
    // A read the agent just answered in moments: a quarter of the timeout is ample, and a reply never sent
    // (seen at first sight) must leave the check time to say so.
    const reply = await postRaw(ctx, body, "error envelope", {
      timeoutMs: Math.min(ctx.timeoutMs / 4, 15_000),
    });
    evidence.push(...reply.evidence);
    const what = `a ${method} of task ${task.id} whose request id is ${JSON.stringify(id)}`;
    if (!reply.ok) {
      problems.push(`${what} got no answer: ${reply.error.message}`);
      continue;
    }
    const json = reply.json;
    if (!isObject(json) || !("result" in json))
      problems.push(
        `${what} was answered ${describeRaw(reply)}, though the same read with another id gets the task: ${JSON.stringify(id)} is an id like any other (JSON-RPC 2.0 §4: "a String, Number, or NULL value if included")`,
      );
    else if (json.id !== id)
      problems.push(`${what} got its result with id ${JSON.stringify(json.id)}, not ${JSON.stringify(id)}`);
  }
  return { problems, evidence };
}

/**
 * The id of a version refusal: a well-formed read that names an A2A version the agent does not serve is
 * refused with its id echoed like any other error (seen at first sight: the header judged before the body
 * was read, and the VersionNotSupported reply sent with id null). 1.0 only: 0.x names no version header.
 */
async function versionRefusalIdProblem(ctx: CheckContext): Promise<{ problem?: string; evidence: string[] }> {
  if (ctx.generation !== "1.0") return { evidence: [] };
  const id = randomUUID();
  const method = methodName(ctx.generation, "get");
  const body = JSON.stringify({ jsonrpc: "2.0", id, method, params: { id: `plainwright-missing-${id}` } });
  const reply = await postRaw(ctx, body, "error envelope", { headers: { "A2A-Version": UNSERVED_VERSION } });
  if (!reply.ok || !isObject(reply.json) || !isObject(reply.json.error)) return { evidence: reply.evidence };
  if (reply.json.id === id) return { evidence: reply.evidence };
  return {
    problem: `the error reply to a ${method} with A2A-Version: ${UNSERVED_VERSION} carries id ${JSON.stringify(reply.json.id) ?? "none"}, not ${JSON.stringify(id)}: the request itself was well-formed, so its id is echoed`,
    evidence: reply.evidence,
  };
}

/**
 * The id echo of a message stream's events, when the card claims streaming: the client reads an event with a
 * foreign id (the HTTP exchange ties the stream to its request), so this is where the echo is judged.
 */
async function streamIdProblem(ctx: CheckContext): Promise<{ problem?: string; evidence: string[] }> {
  if (!ctx.validation.card.capabilities.streaming) return { evidence: [] };
  const stream = await ctx.client.stream({ text: ctx.fixtures.message });
  return { problem: stream.foreignId, evidence: stream.foreignId ? stream.trafficIds : [] };
}

/**
 * The malformed requests whose error replies are judged, and the ones whose reply, when it is no JSON-RPC
 * error at all, is another check's finding (an unknown method's: errors.unknown-method; an unparsable body's:
 * errors.parse-error; a body that is no request: errors.invalid-request), reported once, there.
 */
function malformedProbes(ctx: CheckContext): {
  probes: BadRequest[];
  nullId: BadRequest;
  sameButZero: BadRequest[];
  ownedElsewhere: ReadonlySet<BadRequest>;
  unreadable: BadRequest;
  unparsable: BadRequest;
} {
  // A method check that runs before the id is read answers it null (seen at first sight). Only the id of
  // that reply is this check's: one that is no JSON-RPC error at all is errors.unknown-method's finding.
  const unknownMethod = unknownMethodRequest();
  // A number echoed as a string (seen at first sight: every id run through an HTML escaper) shows only on a
  // request every agent refuses: the numbered invalid-params probe may be accepted and run.
  const unknownNumbered = unknownMethodRequest(7);
  const nullId = nullIdRequest(ctx);
  // The id 0 is a number like any other (JSON-RPC 2.0 §4): a reply that reads it as "no id" answers null.
  const unparsable = parseErrorRequest();
  const numbered = invalidParamsRequest(ctx);
  const zeroId = invalidParamsRequest(ctx, 0);
  const notRequest = notJsonRpcRequest();
  const probes = [
    unparsable,
    notRequest,
    numbered,
    zeroId,
    // An id that can be read is echoed even when the request is otherwise invalid (seen at first sight:
    // no id member at all), and a null id is echoed as null (seen: the empty string).
    noVersionRequest(ctx),
    nullId,
    unknownMethod,
    unknownNumbered,
  ];
  return {
    probes,
    nullId,
    sameButZero: [numbered, zeroId],
    ownedElsewhere: new Set([unknownMethod, unknownNumbered, unparsable, notRequest]),
    unreadable: notRequest,
    unparsable,
  };
}

/**
 * The same bad request sent with an ordinary numeric id and with the id 0, refused otherwise for the 0: as a
 * parse error or an invalid request, the id read as missing (seen at first sight: `if (!request.id)`).
 */
function zeroIdProblem(
  codes: ReadonlyMap<BadRequest, number>,
  [numbered, zero]: BadRequest[],
): string | undefined {
  const [asked, withZero] = [codes.get(numbered as BadRequest), codes.get(zero as BadRequest)];
  if (asked === undefined || withZero === undefined || asked === withZero) return undefined;
  if (withZero !== jsonRpcCodes.parseError && withZero !== INVALID_REQUEST) return undefined;
  return `${zero?.what} was refused with ${withZero}, while the same request with another id got ${asked}: the id 0 was taken for no id (JSON-RPC 2.0 §4: "a String, Number, or NULL value")`;
}

export default defineCheck({
  id: "errors.error-envelope",
  title: "Errors are JSON-RPC error objects, and every reply echoes the request id",
  category: "errors",
  level: "MUST",
  requirement:
    'Every error reply is a JSON-RPC 2.0 Response with "jsonrpc": "2.0", an error object {code (integer), message (string)}, no result, and the request id echoed exactly (a number stays a number, a null id stays null; null when the id could not be read); a successful reply echoes the id too. A request whose id is null, 0 or the empty string is a request like any other: not refused (as Invalid Request, or as no request at all), and a read of a task the agent has gets its result, with that id. A well-formed request refused for its A2A-Version gets its own id back too.',
  spec: "JSON-RPC 2.0 §5, §5.1; A2A 0.3 §8.1; 1.0 §9.5",
  tck: ["JSONRPC-ERR-001", "JSONRPC-FMT-001"],
  quote: {
    spec: "JSON-RPC 2.0 §5",
    text: "id: It MUST be the same as the value of the id member in the Request Object. If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null.",
  },
  recommendation:
    "Answer every JSON-RPC error with {jsonrpc, id, error}; copy the request id unchanged (string or number), or null when the body could not be read.",
  selfTest: [{ flaw: "error-id-missing", protocols: ["1.0"], violates: ["JSONRPC-ERR-001"] }],
  // Its malformed bodies may take a fragile agent down: it runs after the ordinary checks.
  phase: "late",
  scope: "transport",
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    const evidence: string[] = [];
    const accepted: string[] = [];
    // Every problem is said, not the first alone: a reply without its id must not hide a refused null id.
    const problems: string[] = [];
    let judged = 0;
    const { probes, nullId, sameButZero, ownedElsewhere, unreadable, unparsable } = malformedProbes(ctx);
    const codes = new Map<BadRequest, number>();
    let nullUnanswered = false;
    for (const bad of probes) {
      const reply = await postRaw(ctx, bad.body, "error envelope");
      evidence.push(...reply.evidence);
      if (!reply.ok) {
        problems.push(`${bad.what} got no answer: ${reply.error.message}`);
        // A null id alone may be what the agent cannot answer (seen at first sight: a reply never sent); an
        // agent that stops answering anything else is not probed further, each probe would wait its full time.
        if (bad === nullId) {
          nullUnanswered = true;
          continue;
        }
        return fail(problems.join("; "), evidence);
      }
      // JSON-RPC 2.0 §5: a call gets a Response object. A reply that is no JSON object (an HTML error page)
      // breaks that, apart from the wrong code its own check (parse-error, invalid-request...) reports; so does
      // a web framework's own JSON error body, whose `error` is a string (Fastify's {"statusCode": 400,
      // "error": "Bad Request"}, seen at first sight): no JSON-RPC error object to judge the envelope of.
      if (ownedElsewhere.has(bad) && !(isObject(reply.json) && isObject(reply.json.error))) continue;
      if (!isObject(reply.json)) {
        problems.push(
          `the reply to ${bad.what} is not a JSON-RPC Response object (HTTP ${reply.http.status}, ${reply.http.contentType || "no content type"})`,
        );
        continue;
      }
      // A bad request the agent accepted (a success reply, no error) is the finding of the check that owns the
      // refusal (parse-error, invalid-request, invalid-params): there is no error reply here to judge.
      if ("result" in reply.json && !("error" in reply.json)) {
        accepted.push(bad.what);
        continue;
      }
      judged += 1;
      const code = errorCodeOf(reply.json);
      if (code !== undefined) codes.set(bad, code);
      // The id of an Invalid Request or a Parse error whose body had none to read is the check's that owns that
      // error (invalid-request, parse-error: null, not left out or made up): one defect, one finding (seen at
      // first sight: both reported a missing id, and all three a made-up one).
      const idJudgedElsewhere =
        (bad === unreadable && code === INVALID_REQUEST) ||
        (bad === unparsable && code === jsonRpcCodes.parseError);
      const problem = envelopeProblem(bad, reply, idJudgedElsewhere);
      if (problem) problems.push(`the reply to ${bad.what}: ${problem}`);
      // A null id makes no notification and no invalid request: JSON-RPC 2.0 §4, "MUST contain a String,
      // Number, or NULL value if included" (seen at first sight: refused as -32600).
      if (bad === nullId && errorCodeOf(reply.json) === INVALID_REQUEST)
        problems.push(
          `${bad.what} was refused as Invalid Request (-32600); JSON-RPC 2.0 §4 allows a null id ("a String, Number, or NULL value if included"), so the request is valid and gets the answer its method gives`,
        );
    }
    const zero = zeroIdProblem(codes, sameButZero);
    if (zero) problems.push(zero);
    const success = await successReplyIdProblem(ctx);
    evidence.push(...success.evidence);
    if (success.problem) problems.push(`the reply to message/send: ${success.problem}`);
    const oddIds = await oddIdReadProblems(ctx, !nullUnanswered);
    evidence.push(...oddIds.evidence);
    problems.push(...oddIds.problems);
    const refusal = await versionRefusalIdProblem(ctx);
    evidence.push(...refusal.evidence);
    if (refusal.problem) problems.push(refusal.problem);
    const streamed = await streamIdProblem(ctx);
    evidence.push(...streamed.evidence);
    if (streamed.problem) problems.push(`the message/stream events: ${streamed.problem}`);
    if (problems.length > 0) return fail(problems.join("; "), evidence);
    const notRefused =
      accepted.length > 0 ? `; ${accepted.join(" and ")} got a result, which its own check judges` : "";
    return pass(
      `${judged} error repl${judged === 1 ? "y was a" : "ies were"} well-formed JSON-RPC error${judged === 1 ? "" : "s"} with the right id${notRefused}`,
      evidence,
    );
  },
});

import type { CallOutcome } from "../../client/types.js";
import type { TrafficEntry } from "../../model/traffic.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { answersWithEvents } from "../../client/methods.js";
import type { CheckContext } from "../types.js";
import { rawListedTasks } from "../support/raw-tasks.js";
import { replyProblems, sendResultProblems, taskProblems } from "../support/wire-format.js";

/** Media types a binding's JSON replies may carry (1.0.1 §9.1 JSON-RPC; §11.1 HTTP+JSON, a2a+json SHOULD). */
const JSON_TYPES: Record<string, readonly string[]> = {
  JSONRPC: ["application/json"],
  "HTTP+JSON": ["application/json", "application/a2a+json"],
};

/**
 * Replies whose Content-Type is not one the binding allows. A reply with no Content-Type at all is a problem only
 * when `missing` says so (0.x states the media type with a MUST; 1.0 is judged on what is sent).
 */
export function contentTypeProblems(
  ctx: CheckContext,
  ids: readonly string[],
  allowed: readonly string[] = JSON_TYPES[ctx.transport] ?? [],
  missing: "allowed" | "problem" = "allowed",
): string[] {
  // A stream's reply is an event stream (streaming.content-type judges it): only single replies are judged here.
  const entries = ctx.clientContext.traffic
    .entries()
    .filter(
      (e: TrafficEntry) => ids.includes(e.id) && e.status !== undefined && !answersWithEvents(e.label ?? ""),
    );
  return entries.flatMap((e) => {
    const type = (e.response_headers?.["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (type === "" && missing === "allowed") return [];
    return allowed.includes(type)
      ? []
      : [
          `${e.method} ${e.url}: ${type === "" ? "no Content-Type" : `Content-Type ${type}`}, expected ${allowed.join(" or ")}`,
        ];
  });
}

/** The raw reply to judge: a read one, or one the client could not read (its shape is this check's to judge). */
const rawOf = (call: CallOutcome<unknown> | undefined): { raw: unknown } | undefined =>
  call === undefined
    ? undefined
    : call.ok || (call.kind === "invalid" && call.raw !== undefined)
      ? { raw: call.raw }
      : undefined;

/**
 * A call that gave no reply to judge. An A2A error is the finding of the check that owns the call
 * (lifecycle.get-task, lifecycle.list-tasks: one defect, one finding); anything else is a broken reply.
 */
function broken(what: string, call: CallOutcome<unknown> | undefined): string | undefined {
  if (call === undefined || call.ok || rawOf(call) || call.kind === "error") return undefined;
  return `${what}: ${describeFailure(call)}`;
}

export default defineCheck({
  id: "lifecycle.wire-format",
  title: "Every reply is A2A 1.0 JSON: camelCase, enum names, UTC timestamps, required fields",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "The replies to SendMessage, GetTask and ListTasks use camelCase field names, ProtoJSON enum names (TASK_STATE_*, ROLE_*), ISO 8601 UTC timestamps ending in Z, the proto's REQUIRED fields (Task id and status, TaskStatus state, Message messageId, role and non-empty parts, Artifact artifactId and parts, one content member per Part), and the binding's JSON media type.",
  spec: "A2A 1.0 §5.5 (JSON field naming), §5.6.1 (timestamps), §5.7 (field presence), §4.1 (core objects); §9.1, §11.1 (media types)",
  tck: [
    "DM-SERIAL-001",
    "DM-SERIAL-002",
    "DM-SERIAL-003",
    "DM-SERIAL-004",
    "DM-TASK-001",
    "DM-TASK-002",
    "DM-STATUS-001",
    "DM-MSG-001",
    "DM-MSG-002",
    "DM-PART-001",
    "DM-ART-001",
    "JSONRPC-FMT-002",
    "HTTP_JSON-SVC-001",
  ],
  quote: {
    spec: "A2A 1.0.1 §5.5, §5.6.1, §5.7",
    text: "All JSON serializations of the A2A protocol data model MUST use camelCase naming for field names … Enum values MUST be represented according to the ProtoJSON specification … these timestamps MUST be represented as ISO 8601 formatted strings in UTC timezone … Fields marked with [(google.api.field_behavior) = REQUIRED] indicate that the field MUST be present and set in valid messages.",
  },
  recommendation:
    "Serialise replies with a ProtoJSON encoder of the normative a2a.proto (camelCase names, enum names, RFC 3339 UTC timestamps) and fill every REQUIRED field; send application/json (JSON-RPC) or application/a2a+json (HTTP+JSON).",
  selfTest: [
    { flaw: "task-timestamp-offset", protocols: ["1.0"], bindings: ["JSONRPC"], violates: ["DM-SERIAL-003"] },
  ],
  dependsOn: ["lifecycle.send-returns-task", "lifecycle.server-generated-ids"],
  scope: "transport",
  generations: ["1.0"],
  // gRPC replies are protobuf: names, enums and timestamps are binary there, not JSON text.
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    const sent = await ctx.client.send({ text: ctx.fixtures.message });
    if (!sent.ok)
      return skip(`the send failed (lifecycle.send-returns-task judges it): ${describeFailure(sent)}`);
    const task = sent.value.kind === "task" ? sent.value : undefined;
    const got = task ? await ctx.client.getTask(task.id, 10) : undefined;
    const listed = task?.contextId ? await ctx.client.listTasks({ contextId: task.contextId }) : undefined;
    // The shared finished task too: what an agent writes once a task ends (its answer in status.message, its
    // artifacts) is only in a finished task's replies, and lifecycle.task-replies-schema-valid leaves what these
    // rules report in that task's replies to this check.
    const settled = await ctx.fixtures.settledTask();
    const finished = settled.ok && settled.value.id !== task?.id ? settled.value : undefined;
    const gotFinished = finished ? await ctx.client.getTask(finished.id, 10) : undefined;
    const listedFinished = finished?.contextId
      ? await ctx.client.listTasks({ contextId: finished.contextId })
      : undefined;
    const calls = [sent, got, listed, gotFinished, listedFinished].filter((c) => c !== undefined);
    const evidence = calls.flatMap((c) => c.trafficIds);
    const unread = [broken("GetTask", got), broken("ListTasks", listed)].filter((p) => p !== undefined);
    if (unread.length > 0) return fail(unread.join("; "), evidence);
    const getProblems = (call: CallOutcome<unknown> | undefined) => {
      const reply = rawOf(call);
      return reply
        ? replyProblems(reply.raw, "GetTask", (out) => taskProblems(reply.raw, "GetTask", out))
        : [];
    };
    const listProblems = (call: CallOutcome<unknown> | undefined) => {
      const reply = rawOf(call);
      return reply
        ? replyProblems(reply.raw, "ListTasks", (out) =>
            rawListedTasks(reply.raw).forEach((t, i) => taskProblems(t, `ListTasks.tasks[${i}]`, out)),
          )
        : [];
    };
    const problems = [
      ...new Set([
        // Over JSON-RPC, lifecycle.reply-well-formed owns a result without its wrapper.
        ...sendResultProblems(sent.raw, "SendMessage", ctx.transport === "JSONRPC" ? "judged" : "problem"),
        ...getProblems(got),
        ...listProblems(listed),
        ...getProblems(gotFinished),
        ...listProblems(listedFinished),
        ...contentTypeProblems(ctx, evidence),
      ]),
    ];
    if (problems.length > 0)
      return fail(`${problems.length} wire-format problem(s): ${problems.slice(0, 5).join("; ")}`, evidence);
    return pass(`the replies to ${calls.length} calls keep the A2A 1.0 JSON rules`, evidence);
  },
});

import { getTaskOwner } from "./get-task.js";
import type { CallOutcome } from "../../client/types.js";
import { methodName } from "../../client/methods.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { notOverTask } from "../support/own-task.js";
import { rawListedTasks } from "../support/raw-tasks.js";
import { recordedResult } from "../support/recorded-result.js";
import { reportedPaths, resultSchemaProblems, resultSent } from "../support/result-schema.js";
import { replyProblems, taskProblems } from "../support/wire-format.js";
import type { CheckContext } from "../types.js";
import { isObject } from "../../model/json.js";

/**
 * What lifecycle.wire-format already reports in a 1.0 GetTask or ListTasks reply over a JSON binding (it reads
 * both with the same hand rules of the proto's REQUIRED fields), so that one defect is one finding.
 */
function wireFormatOwns(ctx: CheckContext, raw: unknown, label: "GetTask" | "ListTasks"): string[] {
  if (ctx.generation !== "1.0") return [];
  const problems = replyProblems(raw, label, (out) =>
    label === "GetTask"
      ? taskProblems(raw, label, out)
      : rawListedTasks(raw).forEach((t, i) => taskProblems(t, `${label}.tasks[${i}]`, out)),
  );
  return reportedPaths(problems, label);
}

/** The paths of a task read back that lifecycle.get-task judges: its id and contextId, each artifact's id and parts. */
function getTaskOwns(raw: unknown): string[] {
  const artifacts = isObject(raw) && Array.isArray(raw.artifacts) ? raw.artifacts : [];
  return [
    "id",
    "contextId",
    ...artifacts.flatMap((_, i) => [`artifacts[${i}].artifactId`, `artifacts[${i}].parts`]),
  ];
}

interface Judged {
  /** What breaks the schema in the send's reply too: said as such, since lifecycle.reply-well-formed owns that reply. */
  sendHas: ReadonlySet<string>;
  problems: string[];
  /** How many of the problems the send's reply shows too. */
  alsoInSend: number;
  evidence: string[];
  operations: string[];
  /** Why an operation was not judged (its call failed: the check owning the operation reports that). */
  notes: string[];
}

/** A schema problem without its operation and list positions: the same defect in another reply reads alike. */
const sameDefect = (problem: string): string => problem.replace(/^\w+: /, "").replace(/\[\d+\]/g, "[]");

/**
 * The schema problems of the Task the send answered (0.x JSON-RPC, where lifecycle.reply-well-formed reports
 * every one of them). A read or cancel reply that repeats them still breaks its own method's result (0.3 §7.3,
 * §7.4: "result: Task"), so it fails here too, and says the send's reply shows the same: an agent whose send
 * and read write tasks apart mends one and not the other (seen at first sight, eight servers whose reads kept
 * the send's defects while this check passed them).
 */
async function sendReplyDefects(ctx: CheckContext, sendTrafficId: string | undefined): Promise<Set<string>> {
  if (ctx.generation === "1.0") return new Set();
  if (ctx.transport !== "JSONRPC" || sendTrafficId === undefined) return new Set();
  const problems = await resultSchemaProblems(recordedResult(ctx, sendTrafficId), "GetTask", ctx.generation);
  return new Set((problems ?? []).map(sameDefect));
}

/** The check that judges a failed call of each operation. */
const OWNER = {
  GetTask: "lifecycle.get-task",
  ListTasks: "lifecycle.list-tasks",
  CancelTask: "lifecycle.cancel-running",
} as const;

/** An operation by the name the agent's generation gives it (tasks/get in 0.x, GetTask in 1.0). */
function spokenName(ctx: CheckContext, operation: "GetTask" | "ListTasks" | "CancelTask"): string {
  if (operation === "ListTasks") return operation;
  return methodName(ctx.generation, operation === "GetTask" ? "get" : "cancel");
}

async function judge(
  ctx: CheckContext,
  into: Judged,
  operation: "GetTask" | "ListTasks" | "CancelTask",
  call: CallOutcome<unknown>,
  owned: (raw: unknown) => string[],
): Promise<void> {
  into.evidence.push(...call.trafficIds);
  const said = spokenName(ctx, operation);
  // A result the client could not read as a Task is still the operation's reply, and its shape is this check's
  // finding (seen at first sight: a cancel answered {"ok": true}, which 0.1 §7.4's "result: Task" forbids).
  const raw = resultSent(call);
  if (!call.ok && raw === undefined) {
    // A task that ended before its cancel arrived is refused rightly: there is no cancel reply to judge.
    const ended =
      operation === "CancelTask" &&
      !call.ok &&
      call.kind === "error" &&
      call.error.name === "TaskNotCancelable";
    return void into.notes.push(
      ended
        ? `the task ended before its ${said} arrived (TaskNotCancelable), so no cancel reply to judge`
        : `${said} failed, which ${operation === "GetTask" ? getTaskOwner(ctx.generation) : OWNER[operation]} judges`,
    );
  }
  const problems = await resultSchemaProblems(raw, operation, ctx.generation, owned(raw));
  if (!problems) return;
  into.operations.push(said);
  into.problems.push(...problems);
  into.alsoInSend += problems.filter((p) => into.sendHas.has(sameDefect(p))).length;
}

/**
 * Without a running task, a fresh finished task of the check's own is canceled: the refusal it should get
 * is lifecycle.cancel-terminal-errors' to judge, but a Task that comes back is a cancel reply like any
 * other, and its shape is judged here.
 */
async function judgeCancelOfFinished(ctx: CheckContext, into: Judged, why: string): Promise<void> {
  // A finished task of its own, made as the shared one was (by stream where a send answers with a Message).
  const finished = await ctx.fixtures.ownFinishedTask();
  into.evidence.push(...finished.evidence);
  if (!finished.ok) return void into.notes.push(`no task to cancel (${why})`);
  const canceled = await ctx.client.cancelTask(finished.value.id);
  if (resultSent(canceled) !== undefined) return judge(ctx, into, "CancelTask", canceled, () => ["id"]);
  into.evidence.push(...canceled.trafficIds);
  into.notes.push("a finished task's cancel was refused, so no cancel reply to judge");
}

export default defineCheck({
  id: "lifecycle.task-replies-schema-valid",
  title: "The replies of GetTask, ListTasks and CancelTask match the spec's schema",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "The Task that tasks/get (GetTask) and tasks/cancel (CancelTask) return, and 1.0's ListTasksResponse, validate against the schema of the version: in 0.1–0.3 the published JSON schema (a Task's kind and status, each message's kind, messageId, role and parts ...), in 1.0 the REQUIRED fields, types and enum names of the 1.0.1 proto in its ProtoJSON form. What another check owns is its finding, not this one's: a failed call, the task's id and contextId and its artifacts' ids and parts (lifecycle.get-task, lifecycle.cancel-running), nextPageToken (lifecycle.list-tasks), and 1.0's hand-checked fields of GetTask and ListTasks (lifecycle.wire-format). A defect the send's reply shows too is judged here all the same, since each method's result is its own (the send's is lifecycle.reply-well-formed's).",
  spec: "A2A 0.3 §7.3 tasks/get, §7.4 tasks/cancel, §6 (data objects), §11.1.5 and specification/json/a2a.json at v0.3.0 (0.2.6 and 0.1.0 likewise: 0.1 §7.3, §7.4); 1.0.1 §3.1.3-§3.1.5, §5.5, §5.7 and specification/a2a.proto at v1.0.1 (Task, ListTasksResponse)",
  quote: {
    spec: "A2A 1.0.1 §5.7; 0.3 §11.1.5",
    text: "Fields marked with `[(google.api.field_behavior) = REQUIRED]` indicate that the field MUST be present and set in valid messages. … A2A data objects: MUST use the data structures defined in Section 6 for all protocol entities.",
  },
  recommendation:
    "Return tasks from GetTask and CancelTask (and 1.0's ListTasks page) exactly as the schema of your version defines them: 0.x with kind on the task and on every message; 1.0 with every REQUIRED field of a2a.proto, encoded by a ProtoJSON serialiser.",
  selfTest: [{ flaw: "cancel-reply-message-without-id", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["0.1", "0.2", "0.3", "1.0"],
  // gRPC replies are protobuf, typed by the proto itself; 0.x JSON schemas describe the JSON-RPC objects only.
  bindings: ["JSONRPC", "HTTP+JSON"],
  judgesTasks: true,
  run: async (ctx) => {
    if (ctx.generation !== "1.0" && ctx.transport !== "JSONRPC")
      return notApplicable(
        `A2A ${ctx.generation} over ${ctx.transport} sends ProtoJSON of its proto, not the JSON-RPC objects its JSON schema describes`,
      );
    // A task that never settles still has replies to judge (seen at first sight: a task left submitted for good,
    // and this check skipped while its reads carried the defects): the task as its send answered it.
    const shared = await ctx.fixtures.sharedTask();
    if (!shared.ok) return skip(`no task to read: ${shared.reason}`);
    const task = shared.value;
    // A task a stream made has no send reply of its own (the send answered with a Message).
    const sendHas = await sendReplyDefects(ctx, shared.streamed ? undefined : shared.evidence[0]);
    const into: Judged = { sendHas, problems: [], alsoInSend: 0, evidence: [], operations: [], notes: [] };
    await judge(ctx, into, "GetTask", await ctx.client.getTask(task.id), (raw) => [
      ...getTaskOwns(raw),
      ...wireFormatOwns(ctx, raw, "GetTask"),
    ]);
    if (ctx.generation === "1.0" && task.contextId)
      await judge(
        ctx,
        into,
        "ListTasks",
        await ctx.client.listTasks({ contextId: task.contextId }),
        (raw) => ["nextPageToken", ...wireFormatOwns(ctx, raw, "ListTasks")],
      );
    // A task of the check's own to cancel (the shared running one is lifecycle.cancel-running's).
    const running = await notOverTask(ctx);
    into.evidence.push(...running.evidence);
    if (running.ok)
      await judge(ctx, into, "CancelTask", await ctx.client.cancelTask(running.value.id), () => ["id"]);
    else await judgeCancelOfFinished(ctx, into, running.reason);
    const notes = into.notes.length > 0 ? ` (${into.notes.join("; ")})` : "";
    if (into.problems.length > 0) {
      const repeated =
        into.alsoInSend === into.problems.length
          ? "; the send's reply shows the same (lifecycle.reply-well-formed's finding for that reply)"
          : into.alsoInSend > 0
            ? `; the send's reply shows ${into.alsoInSend} of them too (lifecycle.reply-well-formed's finding for that reply)`
            : "";
      return fail(
        `${into.problems.length} schema problem(s): ${into.problems.slice(0, 5).join("; ")}${repeated}`,
        into.evidence,
      );
    }
    if (into.operations.length === 0) return skip(`no reply to judge${notes}`);
    const schema = ctx.generation === "1.0" ? "A2A 1.0.1 proto" : `A2A ${ctx.generation} JSON schema`;
    return pass(`the replies of ${into.operations.join(", ")} match the ${schema}${notes}`, into.evidence);
  },
});

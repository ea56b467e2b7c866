import type { Task } from "../../protocol/model.js";
import { defineCheck, fail, failBlocking, pass } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

export default defineCheck({
  id: "lifecycle.send-returns-task",
  title: "A message gets a Task or Message back, with server-generated ids",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "message/send (SendMessage) returns a Task or a Message; a Task carries the id the server generated (0.1: the id the client gave), and its contextId (0.2/0.3: always; 1.0: whenever the agent generates one).",
  spec: "A2A 0.3 §7.1; 1.0 §3.1.1, §3.4.1",
  tck: [
    "CORE-SEND-001",
    "CORE-MULTI-001a",
    "JSONRPC-SVC-001",
    "HTTP_JSON-URL-001",
    "HTTP_JSON-URL-002",
    "GRPC-SVC-001",
    "GRPC-SVC-002",
  ],
  quote: {
    spec: "A2A 1.0 §3.1.1",
    text: "The operation MUST return immediately with either task information or response message.",
  },
  recommendation:
    "Return a Task (or Message) from the send method, with `id` and `contextId` set by the server.",
  selfTest: [
    {
      flaw: "task-without-context",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-MULTI-001a"],
    },
  ],
  scope: "transport",
  basic: true,
  run: async (ctx) => {
    const task = await ctx.fixtures.settledTask();
    // Read leniently, judge strictly: the suite goes on with the part form the agent takes, and this check
    // reports that it refused the one its generation specifies (0.3 §6.5 Part `kind`, 1.0.1 §4.1.6 Part).
    // A form the spec's own text gives too (0.3's REST payload as §7.1 writes it) is an interop note on the pass.
    if (task.bent && !task.bent.allowed)
      return fail(`${task.bent.note}; the suite sent every later message that way`, task.evidence);
    // A send answered with a Message; the task is the one a stream of the same message made (fixtures.ts).
    const streamed =
      (task.streamed ? " (the send answered with a Message; a stream of the message made it)" : "") +
      (task.bent ? `; interop note: ${task.bent.note}` : "");
    if (task.ok)
      return judgeContext(
        ctx,
        task.sent ?? task.value,
        task.value,
        `ended ${task.value.state}${streamed}`,
        task.evidence,
      );
    if (/answered with a Message/.test(task.reason))
      return pass("the agent answers with a Message", task.evidence);
    // The send worked and named its task: what went wrong afterwards (reading it, waiting for it) is the
    // finding of the check that owns that step (lifecycle.get-task, lifecycle.reaches-terminal), not this one's.
    if (task.sent)
      return judgeContext(
        ctx,
        task.sent,
        undefined,
        `came back ${task.sent.state}, as a send's reply may; then ${task.reason}${streamed} (what follows the send is lifecycle.get-task's and lifecycle.reaches-terminal's to judge)`,
        task.evidence,
      );
    // No task came back to read: the checks that need one have nothing to work with. A message refused as
    // invalid params may be one the agent will not take (seen at first sight: only its own template is
    // taken), which no card says: the user who knows one can give it.
    const advice =
      ctx.hints.message === undefined && /\(-32602\)|InvalidParams/.test(task.reason)
        ? `; if the agent takes only input of its own form, give one with --hint message="..." (config.hints.message)`
        : "";
    return failBlocking(`${task.reason}${advice}`, task.evidence);
  },
});

/**
 * The send's Task and its contextId. 0.2 and 0.3: Task.contextId is required (0.3 §6.1); 0.1 has none.
 * 1.0: an agent MAY generate none (1.0.1 §3.4.1; a2a.proto Task.context_id is not REQUIRED), but one it
 * generated MUST be in the response: a task that reads back with a contextId its send reply left out
 * breaks that MUST.
 */
async function judgeContext(
  ctx: CheckContext,
  sent: Task,
  later: Task | undefined,
  outcome: string,
  evidence: string[],
): Promise<CheckVerdict> {
  // 0.2/0.3 JSON is camelCase (the published schemas): a context given only as context_id is missing to a
  // client that reads them (1.0: lifecycle.wire-format judges every member's spelling).
  if (sent.snakeCase?.includes("contextId") && (ctx.generation === "0.2" || ctx.generation === "0.3"))
    return fail(
      `task ${sent.id} gives its contextId only as "context_id" (A2A ${ctx.generation} schema: Task.contextId is required, JSON names are camelCase)`,
      evidence,
    );
  if (ctx.generation === "0.1") {
    const named = clientTaskId01(ctx, evidence);
    if (named !== undefined && named !== sent.id)
      return fail(
        `the send named task ${named}, and the agent answered about task ${sent.id}: in A2A 0.1 the client's task id "MUST be used by the server to refer to this task" (0.1 §6.1)`,
        evidence,
      );
  }
  if (sent.contextId) return pass(`task ${sent.id} in context ${sent.contextId} ${outcome}`, evidence);
  // 0.1 has no contextId at all (its Task has an optional sessionId, 0.1 §6.1).
  if (ctx.generation === "0.1")
    return pass(`task ${sent.id} ${outcome} (A2A 0.1 tasks carry no contextId)`, evidence);
  if (ctx.generation !== "1.0") return fail(`task ${sent.id} has no contextId`, evidence);
  let known = later?.contextId;
  const all = [...evidence];
  if (!known) {
    const read = await ctx.client.getTask(sent.id);
    all.push(...read.trafficIds);
    if (read.ok) known = read.value.contextId;
  }
  if (known)
    return fail(
      `the send's reply gave task ${sent.id} no contextId, but the task reads back in context ${known}: a contextId the agent generates MUST be in the response (A2A 1.0.1 §3.4.1)`,
      all,
    );
  return pass(
    `task ${sent.id} ${outcome}; it has no contextId, in the send's reply or read back: the agent generates none, which A2A 1.0.1 §3.4.1 allows`,
    all,
  );
}

/** The task id a 0.1 send named (the client generates it, 0.1 §6.1), read from the send as recorded. */
function clientTaskId01(ctx: CheckContext, evidence: readonly string[]): string | undefined {
  const [first] = evidence;
  const entry = ctx.clientContext.traffic.entries().find((e) => e.id === first);
  try {
    const body = JSON.parse(entry?.request_body ?? "") as { method?: unknown; params?: { id?: unknown } };
    return body.method === "tasks/send" && typeof body.params?.id === "string" ? body.params.id : undefined;
  } catch {
    return undefined;
  }
}

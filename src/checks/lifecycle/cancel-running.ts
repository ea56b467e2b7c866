import { a2aCodes } from "../../protocol/error-codes.js";
import type { A2AClient } from "../../client/types.js";
import { terminalStates, type Task } from "../../protocol/model.js";
import { defineCheck, fail, notSupported, pass, skip } from "../define.js";
import { waitForSettled } from "../fixtures.js";
import { randomUUID } from "node:crypto";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import { cancelAnsweredUnknown, cancelUnserved0x } from "../support/cancel-unserved.js";
import { cancelDuringSend01 } from "../support/cancel-during-send-01.js";
import { notOverTask } from "../support/own-task.js";
import type { CheckContext, CheckVerdict } from "../types.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A2A 0.3 §6.3 / 1.0 §4.1.3 (task states), as the spec words it. */
export const TERMINAL_IS_FINAL =
  '"Tasks in a terminal state (completed, canceled, rejected, or failed) cannot be restarted" (A2A 0.3 §6.3; 1.0 §3.1.5, §4.1.3)';

/** A verdict, or "over" when the task finished before the cancel reached it (a race, not a defect). */
type Attempt = CheckVerdict | "over";

/**
 * Reads a canceled task again for `windowMs` with backoff: frameworks were seen answering the cancel
 * and then letting the work run on to completed. Any state other than canceled is a failure.
 */
async function staysCanceled(
  client: A2AClient,
  id: string,
  windowMs: number,
  evidence: string[],
): Promise<CheckVerdict | undefined> {
  const deadline = Date.now() + windowMs;
  let delay = 50;
  while (Date.now() < deadline) {
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())));
    delay *= 2;
    const got = await client.getTask(id);
    evidence.push(...got.trafficIds);
    if (!got.ok) return fail(`reading canceled task ${id} failed: ${describeFailure(got)}`, evidence);
    if (got.value.state !== "canceled")
      return fail(
        `task ${id} was canceled, then read as ${got.value.rawState}: a canceled task is terminal and must not change state; ${TERMINAL_IS_FINAL}`,
        evidence,
      );
  }
  return undefined;
}

/** How long to keep reading a canceled task: as long as the slowest task seen took (an upper bound, polled), at least 0.5 s. */
export async function watchWindowMs(ctx: CheckContext): Promise<number> {
  return Math.min(ctx.timeoutMs / 2, Math.max(500, await ctx.fixtures.slowestTaskMs()));
}

/** Refusals the spec allows: "cancellation might not be supported" (A2A 0.3 §7.4; 1.0.1 §3.1.5). */
const allowedRefusals = new Map<number, string>([
  [a2aCodes.taskNotCancelable, "TaskNotCancelable (-32002)"],
  [a2aCodes.unsupportedOperation, "UnsupportedOperation (-32004)"],
]);

/** Polls an interrupted task after its cancel until it reads canceled or the budget ends (cancel may be asynchronous). */
async function untilNotInterrupted(client: A2AClient, task: Task, budgetMs: number, evidence: string[]) {
  const deadline = Date.now() + budgetMs;
  let current = task;
  for (let delay = 50; current.state === "input-required" || current.state === "auth-required"; delay *= 2) {
    if (Date.now() >= deadline) return current;
    await sleep(Math.min(delay, 1000));
    const got = await client.getTask(task.id);
    evidence.push(...got.trafficIds);
    if (!got.ok) return current;
    current = got.value;
  }
  return current;
}

/**
 * Whether lifecycle.task-replies-schema-valid judges a cancel reply's shape on this binding (0.x JSON-RPC, whose
 * objects the JSON schemas describe; 1.0's JSON bindings): there a reply that is no Task is its finding.
 */
const replyShapeJudgedThere = (ctx: CheckContext): boolean =>
  ctx.transport === "JSONRPC" || (ctx.generation === "1.0" && ctx.transport === "HTTP+JSON");

/**
 * A cancel whose reply was no Task, though the task reads canceled: an undone cancel fails; the reply itself is
 * the schema check's finding where it judges this binding (one defect, one finding), this one's elsewhere.
 */
async function canceledDespiteReply(
  ctx: CheckContext,
  task: Task,
  replyProblem: string,
  evidence: string[],
): Promise<CheckVerdict> {
  const stated = `canceling ${task.state} task ${task.id} answered no Task (${replyProblem}), although the task reads canceled`;
  const left = await staysCanceled(ctx.client, task.id, await watchWindowMs(ctx), evidence);
  if (left) return fail(`${stated}; then ${left.message}`, evidence);
  if (replyShapeJudgedThere(ctx)) {
    ctx.fixtures.canceled.set(task.id, performance.now());
    return pass(
      `${stated}; it stayed canceled (the reply is lifecycle.task-replies-schema-valid's finding)`,
      evidence,
    );
  }
  return fail(`${stated}; it stayed canceled`, evidence);
}

async function cancelOnce(ctx: CheckContext): Promise<Attempt> {
  const running = await notOverTask(ctx);
  if (!running.ok) return skip(`no running or interrupted task to cancel: ${running.reason}`);
  const task: Task = running.value;
  const canceled = await ctx.client.cancelTask(task.id);
  const evidence = [...running.evidence, ...canceled.trafficIds];
  if (!canceled.ok) {
    // The task may have finished between the send and the cancel: then the refusal is right.
    const now = await ctx.client.getTask(task.id);
    evidence.push(...now.trafficIds);
    if (now.ok && now.value.state !== "canceled" && terminalStates.has(now.value.state)) return "over";
    // Read leniently: a cancel answered with something other than a Task ({"canceled": true}, seen at first
    // sight) may still have canceled the task, and whether it stays canceled is judged too.
    if (canceled.kind === "invalid" && now.ok && now.value.state === "canceled")
      return canceledDespiteReply(ctx, task, describeFailure(canceled), evidence);
    // A task the agent does not cancel may be refused (A2A 0.3 §7.4, 1.0.1 §3.1.5: "cancellation might
    // not be supported"): a legal answer, a note; any other error is a defect.
    const refusal = canceled.kind === "error" ? allowedRefusals.get(canceled.error.code) : undefined;
    // 0.1 and 0.2 define tasks/cancel but require no server to serve it (support/cancel-unserved.ts): a note,
    // as the other cancel checks give it (seen at first sight: a MUST failure for a method 0.2 leaves out).
    const unserved = cancelUnserved0x(ctx, canceled);
    if (unserved && ctx.generation !== "0.3") return unserved;
    if (refusal)
      return notSupported(
        `the agent refuses to cancel ${task.state} task ${task.id} with ${refusal}, which the spec allows (cancellation might not be supported)`,
        evidence,
      );
    return fail(`canceling ${task.state} task ${task.id} failed: ${describeFailure(canceled)}`, evidence);
  }
  if (canceled.value.id !== task.id)
    return fail(`canceling task ${task.id} returned task ${canceled.value.id}`, evidence);
  // Read leniently, judged here once: the later cancel checks go on with the name the agent reads.
  if (canceled.readDespite)
    return fail(
      `canceling task ${task.id}: ${canceled.readDespite} (0.3 §7.4 TaskIdParams, 1.0.1 CancelTaskRequest: the task is named by "id")`,
      evidence,
    );
  // Cancellation may take effect asynchronously: poll (with backoff) until the task settles.
  const reply = await untilNotInterrupted(ctx.client, canceled.value, ctx.timeoutMs / 2, evidence);
  const settled = await waitForSettled(ctx.client, reply, ctx.timeoutMs / 2);
  evidence.push(...settled.evidence);
  if (!settled.ok) return fail(`after cancel, ${settled.reason}`, evidence);
  if (settled.value.state !== "canceled")
    return fail(
      `task ${task.id} ended ${settled.value.rawState} after a successful cancel, not canceled`,
      evidence,
    );
  const window = await watchWindowMs(ctx);
  const left = await staysCanceled(ctx.client, task.id, window, evidence);
  if (left) return left;
  // Work that runs on past its cancel may still overwrite the state later: read again in the late phase.
  ctx.fixtures.canceled.set(task.id, performance.now());
  return pass(
    `task ${task.id} went from ${task.state} to canceled and stayed canceled for ${(window / 1000).toFixed(1)} s`,
    evidence,
  );
}

export default defineCheck({
  id: "lifecycle.cancel-running",
  title: "Canceling a running task makes it canceled",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "tasks/cancel (CancelTask) of a submitted or working task succeeds, the task ends in the canceled state and stays there: canceled is terminal. A reply that is no Task is lifecycle.task-replies-schema-valid's finding where that check judges the binding (JSON-RPC; 1.0's HTTP+JSON), this one's elsewhere.",
  spec: "A2A 0.3 §7.4, §6.3; 1.0 §3.1.5, §4.1.3",
  tck: ["CORE-CANCEL-001"],
  quote: {
    spec: "A2A 0.3 §11.1.2, §7.1",
    text: "MUST implement all of the following core methods via at least one supported transport: … `tasks/cancel` - Request task cancellation … A task which has reached a terminal state (completed, canceled, rejected, or failed) can't be restarted.",
  },
  recommendation:
    "On cancel, stop the task's work, record the canceled state and return the updated Task (ideally already canceled); never let the stopped work publish a later state.",
  selfTest: [
    { flaw: "task-id-param-renamed", protocols: ["0.3"], bindings: ["JSONRPC"] },
    {
      flaw: "cancel-ignored",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-CANCEL-001"],
    },
    { flaw: "duplicate-task-ids", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
    {
      flaw: "cancel-then-completes",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-CANCEL-001"],
    },
    { flaw: "polled-status-stale", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
    {
      flaw: "asks-back-cancel-undone",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-CANCEL-001"],
    },
  ],
  allowed: [
    {
      behaviour: "the cancel is refused with UnsupportedOperation (a not-supported note)",
      clause: "A2A 0.3 §7.4; 1.0.1 §3.1.5: cancellation might not be supported",
      variant: "cancel-unsupported",
    },
    {
      behaviour:
        "the cancel of a task that is not over is refused with TaskNotCancelable (a not-supported note)",
      clause: "A2A 0.3 §7.4; 1.0.1 §3.1.5",
      variant: "cancel-not-cancelable",
    },
    {
      behaviour: "no task is ever seen working: an interrupted (input-required) task is canceled instead",
      clause: "A2A 1.0.1 §4.1.3: interrupted states are not terminal",
      variant: "asks-back-at-once",
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  // 0.1 says no terminal task "can't be restarted" (0.2.5 §6.1 first does): lifecycle.cancel-running-0x.
  generations: ["0.2", "0.3", "1.0"],
  run: cancelRunningTask,
});

/**
 * Cancels a running task of the check's own and watches it stay canceled; tried twice when it ends first.
 * A verdict it cannot reach (no running task) gives way to the served-at-all probe of cancelUnserved03.
 */
export async function cancelRunningTask(ctx: CheckContext): Promise<CheckVerdict> {
  const tried = await cancelTwice(ctx);
  // A2A 0.1 also cancels a task whose own send is still in flight (support/cancel-during-send-01.ts): its
  // failure is the finding, and it judges where no other running task was found.
  if (ctx.generation === "0.1" && tried.status !== "fail") {
    const inFlight = await cancelDuringSend01(ctx);
    if (inFlight && (inFlight.status === "fail" || tried.status === "skip")) return inFlight;
  }
  return tried.status === "skip" ? ((await cancelUnserved03(ctx)) ?? tried) : tried;
}

async function cancelTwice(ctx: CheckContext): Promise<CheckVerdict> {
  const first = await cancelOnce(ctx);
  if (first !== "over") return first;
  const second = await cancelOnce(ctx);
  if (second !== "over") return second;
  return skip("twice, the running task finished before the cancel reached it");
}

/**
 * With no running task to cancel, whether the method is served at all: on 0.3 tasks/cancel is a core
 * method (§11.1.2: MUST implement), so an agent that answers it MethodNotFound fails here, asked about a
 * task that does not exist (seen at first sight: no cancel method, every task over at once). The other
 * cancel checks leave it here (support/cancel-unserved.ts).
 */
async function cancelUnserved03(ctx: CheckContext): Promise<CheckVerdict | undefined> {
  if (ctx.generation !== "0.3") return undefined;
  const outcome = await ctx.client.cancelTask(`plainwright-missing-${randomUUID()}`);
  if (!cancelAnsweredUnknown(outcome)) return undefined;
  return fail(
    `tasks/cancel is not served (${errorCalled(outcome.error)}): A2A 0.3 §11.1.2, an agent MUST implement tasks/cancel`,
    outcome.trafficIds,
  );
}

import { methodName } from "../../client/methods.js";
import { fail, notSupported, skip } from "../define.js";
import type { AllowedAlternative, CheckContext, CheckVerdict } from "../types.js";
import { methodServing } from "./unserved-method.js";
import { terminalStates } from "../../protocol/model.js";

/** What 0.x allows of tasks/resubscribe: an agent that streams need not serve it. */
export const resubscribeUnservedAllowed: AllowedAlternative = {
  behaviour: "a streaming agent that does not serve tasks/resubscribe (answers it as an unknown method)",
  clause:
    "A2A 0.3 §11.1.3: agents MAY implement tasks/resubscribe (requires capabilities.streaming: true); 0.2.5 §5.5.2 only describes streaming as covering it (0.1 §5.5.2 names it: there a streaming card claims it)",
  variant: "resubscribe-unserved",
};

/** The check that reports an unserved subscription method: one defect, one finding. */
const unservedOwner = (ctx: CheckContext): string =>
  ctx.generation === "1.0" ? "streaming.subscribe-running" : "streaming.subscribe-running-0x";

/**
 * The verdict on an agent that does not serve tasks/resubscribe (SubscribeToTask) although its card claims
 * streaming: a note on 0.2 and 0.3 (0.3 §11.1.3 makes the method a MAY); a failure on 0.1, whose card claims
 * the method by saying it streams (0.1.0 §5.5.2 AgentCapabilities.streaming: "Indicates support for SSE
 * streaming methods (`tasks/sendSubscribe`, `tasks/resubscribe`)"), and on 1.0, where SubscribeToTask is a core
 * operation that streaming covers (1.0.1 §3.1, §3.5.1).
 */
export function resubscribeUnservedVerdict(
  ctx: CheckContext,
  detail: string,
  evidence: readonly string[],
): CheckVerdict {
  const method = methodName(ctx.generation, "resubscribe");
  if (ctx.generation === "0.1")
    return fail(
      `${detail}: the agent does not serve ${method}, though its card claims streaming, which A2A 0.1 §5.5.2 says covers tasks/sendSubscribe and tasks/resubscribe`,
      [...evidence],
    );
  if (ctx.generation === "1.0")
    return fail(
      `${detail}: the agent does not serve ${method}, though its card claims streaming, which A2A 1.0.1 §3.5.1 says covers SendStreamingMessage and SubscribeToTask, a core operation (§3.1.6)`,
      [...evidence],
    );
  return notSupported(
    `${detail}: the agent does not serve ${method}, which A2A 0.3 §11.1.3 leaves optional (MAY)`,
    [...evidence],
  );
}

/** Whether the agent serves its generation's subscription method at all, asked about task `id`. */
export async function resubscribeServing(ctx: CheckContext, id: string) {
  return methodServing(ctx.rpc, methodName(ctx.generation, "resubscribe"), { id });
}

/**
 * Resubscribing to a finished task of the run, when it gets an answer other than an unknown method's: the
 * method is served, so a MethodNotFound for an id it does not know is a wrong code, not a method left out
 * (seen at first sight: a bridge that answers -32601 for ids it does not know). Undefined otherwise.
 */
async function resubscribeServedFor(
  ctx: CheckContext,
): Promise<{ taskId: string; detail: string; evidence: string[] } | undefined> {
  const taskId = await finishedTaskId(ctx);
  if (!taskId) return undefined;
  const serving = await resubscribeServing(ctx, taskId);
  if (serving.unserved || !serving.answered) return undefined;
  return { taskId, detail: serving.detail, evidence: serving.evidence };
}

/**
 * A task of the run's that has finished, never one that asked back (a subscription to it may stay open while it
 * waits): the finished task, else the running task once it has ended (an agent whose every answer asks back may
 * still end the task it worked on longest).
 */
async function finishedTaskId(ctx: CheckContext): Promise<string | undefined> {
  const finished = await ctx.fixtures.finishedTask();
  if (finished.ok && terminalStates.has(finished.value.state)) return finished.value.id;
  const running = await ctx.fixtures.runningTask();
  if (!running.ok) return undefined;
  const now = await ctx.client.getTask(running.value.id);
  return now.ok && terminalStates.has(now.value.state) ? now.value.id : undefined;
}

/**
 * For a check of how a subscription is answered: when the method is not served at all (read leniently: the
 * answer any unknown method gets), the verdict is the note 0.2 and 0.3 allow, or, where that is a failure
 * (0.1, 1.0), a skip naming the check that reports it; undefined when the agent serves the method.
 */
export async function resubscribeUnserved(
  ctx: CheckContext,
  id: string,
  evidence: readonly string[],
  asked: "unknown id" | "own task" = "own task",
): Promise<CheckVerdict | undefined> {
  const serving = await resubscribeServing(ctx, id);
  if (!serving.unserved) return undefined;
  const served = asked === "unknown id" ? await resubscribeServedFor(ctx) : undefined;
  if (served)
    return fail(
      `${serving.detail}, while resubscribing to finished task ${served.taskId} was answered otherwise (${served.detail}): the method is served, and an id it does not know is TaskNotFound (-32001)`,
      [...evidence, ...serving.evidence, ...served.evidence],
    );
  const verdict = resubscribeUnservedVerdict(ctx, serving.detail, [...evidence, ...serving.evidence]);
  if (verdict.status !== "fail") return verdict;
  return skip(
    `${serving.detail}: the agent does not serve ${methodName(ctx.generation, "resubscribe")}, which ${unservedOwner(ctx)} reports`,
  );
}

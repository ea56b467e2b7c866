import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import { terminalStates } from "../../protocol/model.js";
import { sendForTask } from "../settled-task.js";
import type { CallOutcome } from "../../client/types.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";
import { notSupported, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** A cancel answered MethodNotFound (-32601): the method is not served. */
export const cancelAnsweredUnknown = (
  outcome: CallOutcome<unknown>,
): outcome is Extract<CallOutcome<unknown>, { kind: "error" }> =>
  !outcome.ok && outcome.kind === "error" && outcome.error.code === jsonRpcCodes.methodNotFound;

/**
 * A cancel answered MethodNotFound on A2A 0.1 or 0.2: both define tasks/cancel ("cancellation might not be
 * supported", §7.4) but no clause makes a server serve it (0.3 §11.1.2 first does), and -32601 is JSON-RPC's
 * word for a method "not available" (JSON-RPC 2.0 §5.1). A note, not a wrong code (seen at first sight: two
 * SHOULD failures for one method left out). On 0.3, where §11.1.2 makes it a core method, a skip that leaves
 * the finding to lifecycle.cancel-running. Undefined otherwise.
 */
export function cancelUnserved0x(ctx: CheckContext, outcome: CallOutcome<unknown>): CheckVerdict | undefined {
  if (!cancelAnsweredUnknown(outcome)) return undefined;
  // 0.3 makes the method a MUST (§11.1.2): lifecycle.cancel-running reports it, once.
  if (ctx.generation === "0.3")
    return skip(
      `tasks/cancel is not served (${errorCalled(outcome.error)}), a core method A2A 0.3 §11.1.2 requires: lifecycle.cancel-running reports it`,
    );
  if (ctx.generation !== "0.1" && ctx.generation !== "0.2") return undefined;
  return notSupported(
    `tasks/cancel is not served (${errorCalled(outcome.error)}): A2A ${ctx.generation} defines the method but requires no server to serve it`,
    outcome.trafficIds,
  );
}

/**
 * The answer to canceling a finished task of the run, when that answer is not MethodNotFound: tasks/cancel is
 * served, so a MethodNotFound for an unknown id is a wrong code, not a method left out (seen at first sight: a
 * bridge that answers -32601 for ids it does not know). Undefined when the message's task did not finish, or
 * when its cancel is MethodNotFound too.
 */
export async function cancelServedFor(
  ctx: CheckContext,
): Promise<{ taskId: string; answer: string; evidence: string[] } | undefined> {
  // A task of its own: a cancel, even of a finished task, is not sent to the one other checks read.
  const settled = await sendForTask(ctx.client, { text: ctx.fixtures.message }, ctx.timeoutMs / 4);
  if (!settled.ok || !terminalStates.has(settled.value.state)) return undefined;
  const outcome = await ctx.client.cancelTask(settled.value.id);
  if (cancelAnsweredUnknown(outcome)) return undefined;
  const answer = outcome.ok ? "a result" : describeFailure(outcome);
  return { taskId: settled.value.id, answer, evidence: [...settled.evidence, ...outcome.trafficIds] };
}

import { randomUUID } from "node:crypto";
import type { CallOutcome } from "../../client/types.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";

/** Why one answer is not TaskNotFound, or undefined when it is. */
function notTaskNotFound(what: string, outcome: CallOutcome<unknown>): string | undefined {
  if (outcome.ok) return `${what} succeeded`;
  if (outcome.kind !== "error") return `${what}: ${describeFailure(outcome)}`;
  if (outcome.error.code === a2aCodes.taskNotFound) return undefined;
  return `${what} answered ${outcome.error.name} (${outcome.error.code})`;
}

export default defineCheck({
  id: "push.unknown-task-not-found",
  title: "Push config operations on an unknown task or config answer TaskNotFound",
  category: "push",
  level: "SHOULD",
  levelReason:
    'A2A 1.0.1 §3.1.7-§3.1.9 list TaskNotFoundError for "the task ID does not exist" and "the push notification configuration does not exist" without a keyword (§3.1.8: the operation "MUST fail", which push.config-crud judges after a delete); 0.3 §8.2: servers "SHOULD use these codes where applicable".',
  requirement:
    "On an agent that claims pushNotifications: creating and listing push configs of a task id the server never issued answer TaskNotFound (-32001; HTTP 404, gRPC NOT_FOUND), and in 1.0 so does reading a config id that was never set on a real task; none of them succeeds.",
  spec: "A2A 1.0.1 §3.1.7-§3.1.9 (Errors); 0.3 §7.5-§7.7, §8.2",
  quote: {
    spec: "A2A 1.0.1 §3.1.7, §3.1.8",
    text: "TaskNotFoundError: The task ID does not exist or is not accessible. … TaskNotFoundError: The push notification configuration does not exist. … The operation MUST fail if the configuration does not exist or the client lacks access.",
  },
  recommendation:
    "Look the task up before storing or listing its push configs, and answer TaskNotFoundError when it or the named config is not there.",
  selfTest: [{ flaw: "push-config-task-unchecked", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  needs: ["pushNotifications"],
  run: async (ctx) => {
    const missing = `plainwright-missing-${randomUUID()}`;
    const evidence: string[] = [];
    const problems: string[] = [];
    const judge = (what: string, outcome: CallOutcome<unknown>) => {
      evidence.push(...outcome.trafficIds);
      const problem = notTaskNotFound(what, outcome);
      if (problem) problems.push(problem);
    };
    judge(
      `creating a push config for the never-issued task ${missing}`,
      await ctx.client.setPushConfig(missing, { id: randomUUID(), url: DEAD_WEBHOOK }),
    );
    judge(`listing the push configs of ${missing}`, await ctx.client.listPushConfigs(missing));
    // Only 1.0.1 §3.1.8 names an error for a config that does not exist on a real task; 0.3's -32001 is about
    // task ids alone (§8.2), and the official 0.3 SDK answers it -32603.
    const taskId = ctx.generation === "1.0" ? (await ctx.fixtures.knownTask())?.id : undefined;
    if (taskId)
      judge(
        `reading a never-set push config of task ${taskId}`,
        await ctx.client.getPushConfig(taskId, `plainwright-missing-${randomUUID()}`),
      );
    if (problems.length > 0) return fail(`${problems.join("; ")}: TaskNotFound (-32001) is due`, evidence);
    return pass(`${taskId ? 3 : 2} operations on unknown tasks or configs answered TaskNotFound`, evidence);
  },
});

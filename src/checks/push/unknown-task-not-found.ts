import { randomUUID } from "node:crypto";
import type { CallOutcome } from "../../client/types.js";
import { a2aCodes, jsonRpcCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Why one answer is not TaskNotFound, or undefined when it is. */
function notTaskNotFound(what: string, outcome: CallOutcome<unknown>): string | undefined {
  if (outcome.ok) return `${what} succeeded`;
  if (outcome.kind !== "error") return `${what}: ${describeFailure(outcome)}`;
  if (outcome.error.code === a2aCodes.taskNotFound) return undefined;
  return `${what} answered ${errorCalled(outcome.error)}`;
}

/** The push config operations to try, each with what it is called in a finding. */
type Attempt = [what: string, call: () => Promise<CallOutcome<unknown>>];

/**
 * Runs each attempt and passes only when every one answered TaskNotFound; shared with the 0.x sibling. An
 * operation the agent does not serve at all, where the spec leaves it optional (`unserved`), is left out.
 */
export async function expectTaskNotFound(
  attempts: Attempt[],
  unserved: (outcome: CallOutcome<unknown>) => boolean = () => false,
): Promise<CheckVerdict> {
  const evidence: string[] = [];
  const problems: string[] = [];
  const leftOut: string[] = [];
  let methodNotFound = 0;
  for (const [what, call] of attempts) {
    const outcome = await call();
    evidence.push(...outcome.trafficIds);
    if (unserved(outcome)) {
      leftOut.push(what);
      continue;
    }
    if (!outcome.ok && outcome.kind === "error" && outcome.error.code === jsonRpcCodes.methodNotFound)
      methodNotFound++;
    const problem = notTaskNotFound(what, outcome);
    if (problem) problems.push(problem);
  }
  // Methods not served at all, though the card claims push: one defect, push.config-crud's finding.
  if (methodNotFound === attempts.length)
    return skip(
      "every push config method answered MethodNotFound (-32601): the methods are not served, which push.config-crud reports",
    );
  if (problems.length > 0) return fail(`${problems.join("; ")}: TaskNotFound (-32001) is due`, evidence);
  const judged = attempts.length - leftOut.length;
  const optional =
    leftOut.length > 0 ? `; not served, which A2A 0.3 §11.1.3 leaves optional: ${leftOut.join(", ")}` : "";
  return pass(
    `${judged} operation(s) on unknown tasks or configs answered TaskNotFound${optional}`,
    evidence,
  );
}

/**
 * Creating and listing the push configs of a task id the server never issued. A2A 0.1 has no list method
 * (its tasks/pushNotification/get names the task alone): there the config is read instead, never listed, so
 * a correct 0.1 agent is not blamed for a method its version lacks (seen at first sight).
 */
export function unknownTaskAttempts(ctx: CheckContext, missing: string): Attempt[] {
  const create: Attempt = [
    `creating a push config for the never-issued task ${missing}`,
    () => ctx.client.setPushConfig(missing, { id: randomUUID(), url: DEAD_WEBHOOK }),
  ];
  if (ctx.generation === "0.1")
    return [create, [`reading the push config of ${missing}`, () => ctx.client.getPushConfig(missing)]];
  return [create, [`listing the push configs of ${missing}`, () => ctx.client.listPushConfigs(missing)]];
}

export default defineCheck({
  id: "push.unknown-task-not-found",
  title: "Push config operations on an unknown task or config answer TaskNotFound",
  category: "push",
  level: "MUST",
  levelReason:
    '1.0.1 §3.3.2 (Resource Errors): servers "MUST return a not found error when a requested resource does not exist", naming "configuration not found" among its scenarios; §3.1.7-§3.1.10 name TaskNotFoundError for each operation, and §3.1.8 says the read "MUST fail if the configuration does not exist". 0.x: push.unknown-task-not-found-0x (SHOULD).',
  requirement:
    "On an agent that claims pushNotifications: creating, listing, reading and deleting push configs of a task id the server never issued answer TaskNotFound (-32001; HTTP 404, gRPC NOT_FOUND), and so does reading a config id that was never set on a real task; none of them succeeds.",
  spec: "A2A 1.0.1 §3.1.7-§3.1.10 (Errors), §3.3.2 (Resource Errors)",
  quote: {
    spec: "A2A 1.0.1 §3.3.2, §3.1.8",
    text: "Servers MUST return a not found error when a requested resource does not exist or is not accessible to the authenticated client … Example scenarios: Task ID does not exist, task has been deleted, configuration not found. … The operation MUST fail if the configuration does not exist or the client lacks access.",
  },
  recommendation:
    "Look the task up before storing, listing, reading or deleting its push configs, and answer TaskNotFoundError when it or the named config is not there.",
  selfTest: [
    { flaw: "push-config-task-unchecked", protocols: ["1.0"], bindings: ["JSONRPC"] },
    { flaw: "push-missing-config-internal-error", protocols: ["1.0"], bindings: ["JSONRPC"] },
    // Its -32602 for reading a config of an unknown task is also transport.consistent-errors' finding.
    { flaw: "inconsistent-push-errors", protocols: ["1.0"], bindings: ["JSONRPC"] },
  ],
  scope: "transport",
  needs: ["pushNotifications"],
  generations: ["1.0"],
  run: async (ctx) => {
    const missing = `plainwright-missing-${randomUUID()}`;
    const attempts = unknownTaskAttempts(ctx, missing);
    const configId = `plainwright-missing-${randomUUID()}`;
    attempts.push(
      [`reading a push config of ${missing}`, () => ctx.client.getPushConfig(missing, configId)],
      [`deleting a push config of ${missing}`, () => ctx.client.deletePushConfig(missing, configId)],
    );
    // The task exists, the config does not: §3.1.8's own case. Deleting it is left alone (§3.1.10: idempotent).
    const taskId = (await ctx.fixtures.knownTask())?.id;
    if (taskId)
      attempts.push([
        `reading the never-set push config ${configId} of task ${taskId}`,
        () => ctx.client.getPushConfig(taskId, configId),
      ]);
    return expectTaskNotFound(attempts);
  },
});

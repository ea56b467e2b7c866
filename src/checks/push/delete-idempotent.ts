import { randomUUID } from "node:crypto";
import { a2aCodes, jsonRpcCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { A2AError } from "../../client/types.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";

/** An error that reports the config missing, not a server fault: a client error whose message says so. */
export function saysNotFound(error: A2AError): boolean {
  const serverFault =
    error.code === jsonRpcCodes.internalError ||
    (error.httpStatus !== undefined && error.httpStatus >= 500) ||
    error.grpcStatus === "INTERNAL" ||
    error.grpcStatus === "UNKNOWN";
  return !serverFault && /not\s*found|no such|does not exist/i.test(error.message);
}

export default defineCheck({
  id: "push.delete-idempotent",
  title: "Deleting a push config twice has the same effect as once",
  category: "push",
  level: "MUST",
  requirement:
    "DeletePushNotificationConfig is idempotent: deleting a config that was already deleted succeeds again (or, at most, reports it not found) and the config stays gone; it is never a server error.",
  spec: "A2A 1.0 §3.1.10 (Delete Push Notification Config)",
  tck: ["PUSH-DEL-002"],
  quote: {
    spec: "A2A 1.0.1 §3.1.10",
    text: "This operation MUST be idempotent - multiple deletions of the same config have the same effect.",
  },
  recommendation:
    "Treat a delete of a config that is already gone as done: answer success (as the first delete did) rather than an error.",
  selfTest: [
    {
      flaw: "push-delete-twice-fails",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["PUSH-DEL-002"],
    },
  ],
  dependsOn: ["push.config-crud"],
  scope: "transport",
  judgesTasks: true,
  needs: ["pushNotifications"],
  generations: ["1.0"],
  run: async (ctx) => {
    const task = await ctx.fixtures.sharedTask();
    if (!task.ok) return skip(`no task to attach a config to: ${task.reason}`);
    const taskId = task.value.id;
    const id = `plainwright-${randomUUID()}`;
    const set = await ctx.client.setPushConfig(taskId, { id, url: DEAD_WEBHOOK, token: randomUUID() });
    if (!set.ok) return skip(`setting a config failed (push.config-crud judges it): ${describeFailure(set)}`);
    const configId = set.value.id ?? id;
    const first = await ctx.client.deletePushConfig(taskId, configId);
    const second = await ctx.client.deletePushConfig(taskId, configId);
    const evidence = [...task.evidence, ...set.trafficIds, ...first.trafficIds, ...second.trafficIds];
    if (!first.ok)
      return skip(`the first delete failed (push.config-crud judges it): ${describeFailure(first)}`);
    if (second.ok) return pass(`config ${configId} deleted twice; both deletes succeeded`, evidence);
    if (second.kind === "error" && second.error.code === a2aCodes.taskNotFound)
      return pass(
        `the second delete of config ${configId} answered ${second.error.name}: the config stays removed, the same effect`,
        evidence,
      );
    // A refusal that says "not found" in a client-error code has the same effect too; which code a missing
    // config gets is push.unknown-task-not-found's verdict, reported there once.
    if (second.kind === "error" && saysNotFound(second.error))
      return pass(
        `the second delete of config ${configId} was refused as not found (${describeFailure(second)}): the config stays removed, the same effect; push.unknown-task-not-found judges the error's code`,
        evidence,
      );
    return fail(`the second delete of config ${configId} failed: ${describeFailure(second)}`, evidence);
  },
});

import { randomUUID } from "node:crypto";
import { cancelAnsweredUnknown, cancelServedFor, cancelUnserved0x } from "../support/cancel-unserved.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Cancels a never-issued id and expects TaskNotFound (-32001); shared with the 0.x sibling. */
export async function cancelUnknownTask(ctx: CheckContext): Promise<CheckVerdict> {
  const id = `plainwright-missing-${randomUUID()}`;
  const outcome = await ctx.client.cancelTask(id);
  if (outcome.ok) return fail(`canceling the never-issued id ${id} succeeded`, outcome.trafficIds);
  if (cancelAnsweredUnknown(outcome)) {
    const served = await cancelServedFor(ctx);
    if (served)
      return fail(
        `canceling ${id} answered MethodNotFound (-32601), while canceling finished task ${served.taskId} got ${served.answer}: tasks/cancel is served, and an id it does not know is TaskNotFound (-32001)`,
        [...outcome.trafficIds, ...served.evidence],
      );
  }
  const unserved = cancelUnserved0x(ctx, outcome);
  if (unserved) return unserved;
  if (outcome.kind !== "error")
    return fail(`canceling ${id}: ${describeFailure(outcome)}`, outcome.trafficIds);
  if (outcome.error.code !== a2aCodes.taskNotFound)
    return fail(
      `canceling ${id} answered ${errorCalled(outcome.error)} instead of TaskNotFound (-32001)`,
      outcome.trafficIds,
    );
  return pass(`canceling ${id} answered TaskNotFound (-32001)`, outcome.trafficIds);
}

export default defineCheck({
  id: "lifecycle.cancel-unknown-task",
  title: "Canceling a task that does not exist fails with TaskNotFound",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "tasks/cancel (CancelTask) of an id the server never issued returns TaskNotFoundError (-32001).",
  // 0.3 §8.2 says servers SHOULD use its codes "where applicable", but §11.1.5 makes using the error codes of §8 a
  // compliance MUST, and tasks/cancel is a core method there (§11.1.2), as tasks/get is (unknown-task-not-found).
  spec: "A2A 0.3 §7.4, §8.2, §11.1.5 (MUST use the error codes of §8); 1.0.1 §3.1.5, §3.3.2",
  tck: ["CORE-CANCEL-003"],
  quote: {
    spec: "A2A 1.0 §3.3.2",
    text: "Servers MUST return a not found error when a requested resource does not exist or is not accessible to the authenticated client",
  },
  recommendation:
    "Look the id up before canceling and answer TaskNotFoundError (-32001; HTTP 404, gRPC NOT_FOUND) when it is not there.",
  selfTest: [
    { flaw: "task-id-param-renamed", protocols: ["0.3"], bindings: ["JSONRPC"] },
    {
      flaw: "cancel-unknown-wrong-code",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-CANCEL-003"],
    },
  ],
  scope: "transport",
  generations: ["0.3", "1.0"],
  run: cancelUnknownTask,
});

import { defineCheck, failBlocking, pass } from "../define.js";
import { answerOf, asOtherCaller, ownTaskAndYardstick } from "../support/other-caller.js";

export default defineCheck({
  id: "auth.get-scoped",
  title: "Another caller's GetTask does not return the run's task",
  category: "auth",
  level: "MUST",
  requirement:
    "GetTask checks that the authenticated caller may see the task: a second caller (--identity) asking for a task the run's own caller created gets no task back.",
  spec: "A2A 1.0.1 §13.1 (data access and authorization scoping), §3.1.3",
  tck: ["AUTH-SCOPE-001", "AUTH-SCOPE-002"],
  quote: {
    spec: "A2A 1.0.1 §13.1",
    text: "Get Task: MUST verify the authenticated client has access to the requested task according to the agent's authorization model",
  },
  recommendation:
    "Record who created each task and look tasks up within the caller's own scope (e.g. WHERE owner = caller), so another caller's id finds nothing.",
  selfTest: [
    { flaw: "task-readable-by-all", protocols: ["1.0"], violates: ["AUTH-SCOPE-001", "AUTH-SCOPE-002"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) =>
    asOtherCaller(ctx, async (other, name) => {
      const own = await ownTaskAndYardstick(ctx, other, name);
      if (!own.ok) return own.verdict;
      const { evidence } = own;
      const got = await other.getTask(own.task.id);
      evidence.push(...got.trafficIds);
      if (got.ok)
        return failBlocking(
          `GetTask as "${name}" returned task ${own.task.id}, which the run's own caller created`,
          evidence,
        );
      return pass(
        `GetTask as "${name}" of the run's task ${own.task.id} answered ${answerOf(ctx, got)}`,
        evidence,
      );
    }),
});

import { defineCheck, fail, pass } from "../define.js";
import { answerOf, asOtherCaller, ownTaskAndYardstick } from "../support/other-caller.js";

export default defineCheck({
  id: "auth.existence-hidden",
  title: "Another caller cannot tell the run's task from a task that does not exist",
  category: "auth",
  level: "MUST",
  requirement:
    "A second caller (--identity) asking for the run's task gets the same error, code and status as for an id never issued (TaskNotFound), so the answer does not reveal that the task exists.",
  spec: "A2A 1.0.1 §3.3.2 (authorization errors), §13.1, §3.1.3 (TaskNotFoundError: does not exist or is not accessible)",
  tck: ["AUTH-SCOPE-003"],
  quote: {
    spec: "A2A 1.0.1 §3.3.2",
    text: "Servers MUST NOT reveal the existence of resources the client is not authorized to access",
  },
  recommendation:
    "Answer another caller's task exactly as an unknown one: TaskNotFoundError (-32001; HTTP 404, gRPC NOT_FOUND), checked before the lookup, never 403 or a different error.",
  selfTest: [{ flaw: "foreign-task-forbidden", protocols: ["1.0"], violates: ["AUTH-SCOPE-003"] }],
  // A task handed over is already revealed: that is auth.get-scoped's failure.
  dependsOn: ["auth.get-scoped"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) =>
    asOtherCaller(ctx, async (other, name) => {
      const own = await ownTaskAndYardstick(ctx, other, name);
      if (!own.ok) return own.verdict;
      const { unknown, evidence } = own;
      const foreign = await other.getTask(own.task.id);
      evidence.push(...foreign.trafficIds);
      const [seen, yardstick] = [answerOf(ctx, foreign), answerOf(ctx, unknown)];
      if (seen !== yardstick)
        return fail(
          `GetTask as "${name}" of the run's task ${own.task.id} answered ${seen}, but of an id never issued ${yardstick}: the difference tells "${name}" the task exists`,
          evidence,
        );
      return pass(
        `GetTask as "${name}" answers the run's task and an id never issued alike: ${seen}`,
        evidence,
      );
    }),
});

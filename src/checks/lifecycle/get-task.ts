import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../fixtures.js";

export default defineCheck({
  id: "lifecycle.get-task",
  title: "A task can be read back with tasks/get",
  category: "lifecycle",
  level: "MUST",
  requirement: "tasks/get (GetTask) returns the task with the same id, contextId and its current status.",
  spec: "A2A 0.3 §7.3; 1.0 §3.1.3",
  tck: ["CORE-GET-001"],
  quote: {
    spec: "A2A 0.3 §11.1.2",
    text: "MUST implement all of the following core methods via at least one supported transport: … `tasks/get` - Retrieve task status and results",
  },
  recommendation:
    "Implement tasks/get (GetTask) for every task the agent created, returning the stored Task.",
  selfTest: [
    { flaw: "get-task-wrong-context", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
    { flaw: "duplicate-task-ids", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  basic: true,
  run: async (ctx) => {
    const task = await ctx.fixtures.settledTask();
    if (!task.ok) return skip(`no task to read: ${task.reason}`);
    const got = await ctx.client.getTask(task.value.id);
    if (!got.ok) return fail(`reading task ${task.value.id}: ${describeFailure(got)}`, got.trafficIds);
    if (got.value.id !== task.value.id)
      return fail(`asked for task ${task.value.id}, got ${got.value.id}`, got.trafficIds);
    // A send reply without a contextId is lifecycle.send-returns-task's finding; here only a change counts.
    if (task.value.contextId !== undefined && got.value.contextId !== task.value.contextId)
      return fail(
        `the contextId changed from ${task.value.contextId} to ${got.value.contextId}`,
        got.trafficIds,
      );
    return pass(`task ${got.value.id} read back in state ${got.value.state}`, got.trafficIds);
  },
});

import { defineCheck, fail, pass, skip } from "../define.js";

export default defineCheck({
  id: "lifecycle.server-generated-ids",
  title: "The server gives every new task its own id and a contextId",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "The server generates the taskId and the contextId: two messages sent without ids get two tasks with different ids, each with a contextId.",
  spec: "A2A 0.3 §6.1 Task, §7.1; 1.0 §3.4.1, §3.4.2",
  tck: ["CORE-MULTI-003"],
  quote: {
    spec: "A2A 1.0 §3.4.2",
    text: "Agents MUST generate a unique `taskId` for each new task they create",
  },
  recommendation:
    "Generate a fresh, unique task id (e.g. a UUID) for every new task and return it with a contextId, generated too when the client sent none.",
  selfTest: [{ flaw: "duplicate-task-ids", protocols: ["0.3", "1.0"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["0.2", "0.3", "1.0"],
  run: async (ctx) => {
    const [first, second] = await Promise.all([ctx.fixtures.send(), ctx.fixtures.send()]);
    const evidence = [...first.evidence, ...second.evidence];
    if (!first.ok) return fail(first.reason, evidence);
    if (!second.ok) return fail(second.reason, evidence);
    const a = first.value;
    const b = second.value;
    if (a.kind !== "task" || b.kind !== "task")
      return skip("the agent answered with a Message, so it created no task to look at");
    if (!a.id || !b.id) return fail("a task came back without an id", evidence);
    if (a.id === b.id) return fail(`two separate messages both got task id ${a.id}`, evidence);
    const missing = [a, b].find((t) => !t.contextId);
    if (missing) return fail(`task ${missing.id} came back without a contextId`, evidence);
    return pass(`two messages got tasks ${a.id} and ${b.id}, each with a contextId`, evidence);
  },
});

import { defineCheck, fail, failBlocking, pass, skip } from "../define.js";

export default defineCheck({
  id: "lifecycle.server-generated-ids",
  title: "The server gives every new task its own id",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "The server generates the taskId: two messages sent without ids get two tasks with different ids (a task without a contextId is lifecycle.send-returns-task's finding).",
  spec: "A2A 0.3 §6.1 Task, §7.1; 1.0 §3.4.1, §3.4.2",
  tck: ["CORE-MULTI-003"],
  quote: {
    spec: "A2A 1.0 §3.4.2",
    text: "Agents MUST generate a unique `taskId` for each new task they create",
  },
  recommendation:
    "Generate a fresh, unique task id (e.g. a UUID) for every new task and return it with a contextId, generated too when the client sent none.",
  selfTest: [
    {
      flaw: "duplicate-task-ids",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-MULTI-003"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
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
    // Without an id, or with one shared by two tasks, no task can be told apart to read, cancel or continue.
    if (!a.id || !b.id) return failBlocking("a task came back without an id", evidence);
    if (a.id === b.id) return failBlocking(`two separate messages both got task id ${a.id}`, evidence);
    // A task without a contextId is lifecycle.send-returns-task's finding (one defect, one failure).
    return pass(`two messages got tasks ${a.id} and ${b.id}`, evidence);
  },
});

import { defineCheck } from "../define.js";
import { readTaskBack } from "./get-task.js";

export default defineCheck({
  id: "lifecycle.get-task-0x",
  title: "A task can be read back with tasks/get (A2A 0.1, 0.2)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'A2A 0.1 §7.3 and 0.2 §7.3 describe tasks/get ("Retrieves the current state ... of a previously initiated task") without a keyword, and neither has 0.3\'s list of core methods a server MUST implement (§11.1.2): a defined method that does not work is judged SHOULD where no keyword is given. 0.3 and 1.0: lifecycle.get-task (MUST).',
  splitOf: "lifecycle.get-task",
  requirement:
    "tasks/get returns the task with the same id, its context (0.2 contextId) and its current status, its artifacts each with their parts; a task is readable while it still works too, not only once it is done.",
  spec: "A2A 0.1 §7.3; 0.2 §7.3",
  recommendation: "Implement tasks/get for every task the agent created, returning the stored Task.",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only: lifecycle.get-task shares this check's run and is proven there; the mutations known-task-not-found, running-task-not-found, get-artifact-id-dropped and get-task-wants-task-id play the deviations on the lab's 0.1 and 0.2 agents.",
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  generations: ["0.1", "0.2"],
  run: (ctx) => readTaskBack(ctx),
});

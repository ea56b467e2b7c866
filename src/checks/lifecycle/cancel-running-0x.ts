import { defineCheck } from "../define.js";
import { cancelRunningTask } from "./cancel-running.js";

export default defineCheck({
  id: "lifecycle.cancel-running-0x",
  title: "Canceling a running task makes it canceled (A2A 0.1)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'A2A 0.1 §7.4 says the server "will attempt to cancel the task, but success is not guaranteed" and that ideally the returned state is canceled; it lists canceled among the terminal states (§6.3) but, unlike 0.2.5 §6.1 ("can\'t be restarted") and 0.3 §11.1.2, says no MUST about it. 0.2, 0.3 and 1.0: lifecycle.cancel-running (MUST).',
  requirement:
    "tasks/cancel of a submitted or working task succeeds with the Task, the task ends in the canceled state and stays there.",
  spec: "A2A 0.1 §7.4, §6.3",
  recommendation:
    "On cancel, stop the task's work, record the canceled state and return the updated Task; never let the stopped work publish a later state.",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only: lifecycle.cancel-running shares this check's run and is proven there (cancel-ignored, cancel-then-completes); the mutation cancel-undone plays the deviation on the lab's 0.1 agent.",
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  generations: ["0.1"],
  run: cancelRunningTask,
});

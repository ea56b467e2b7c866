import { defineCheck } from "../define.js";
import { cancelFinishedTask } from "./cancel-terminal-errors.js";

export default defineCheck({
  id: "lifecycle.cancel-terminal-errors-0x",
  title: "Canceling a finished task fails with TaskNotCancelable (A2A 0.x)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'A2A 0.3 §11.1.5 requires the error codes of §8, but no 0.3 clause ties tasks/cancel of a finished task to one of them: §7.4 lists no errors and says cancellation "is not guaranteed". 1.0.1 §3.1.5 names TaskNotCancelableError (lifecycle.cancel-terminal-errors, MUST).',
  requirement: "tasks/cancel of a task in a terminal state returns TaskNotCancelableError (-32002).",
  spec: "A2A 0.3 §7.4, §8.2 (TaskNotCancelableError)",
  tck: ["CORE-CANCEL-002"],
  recommendation:
    "Before canceling, check the task's state; a completed, failed, canceled or rejected task gets TaskNotCancelableError (-32002).",
  selfTest: [
    // task-id-param-renamed no longer fails it: the cancel read as taskId gets TaskNotCancelable, and the
    // misnamed parameter is lifecycle.cancel-running's one finding.
    {
      flaw: "cancel-finished-succeeds",
      protocols: ["0.3"],
      bindings: ["JSONRPC"],
      violates: ["CORE-CANCEL-002"],
    },
    { flaw: "duplicate-task-ids", protocols: ["0.3"], bindings: ["JSONRPC"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  generations: ["0.1", "0.2", "0.3"],
  run: cancelFinishedTask,
});

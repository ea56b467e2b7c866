import { defineCheck } from "../define.js";
import { cancelUnknownTask } from "./cancel-unknown-task.js";

export default defineCheck({
  id: "lifecycle.cancel-unknown-task-0x",
  title: "Canceling a task that does not exist fails with TaskNotFound (A2A 0.x)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "A2A 0.3 §11.1.5 requires the error codes of §8, but §7.4 lists no errors for tasks/cancel, so no 0.3 clause ties an unknown id to TaskNotFoundError; 1.0.1 §3.1.5 does (lifecycle.cancel-unknown-task, MUST).",
  requirement: "tasks/cancel of an id the server never issued returns TaskNotFoundError (-32001).",
  spec: "A2A 0.3 §7.4, §8.2 (TaskNotFoundError)",
  tck: ["CORE-CANCEL-003"],
  recommendation:
    "Look the id up before canceling and answer TaskNotFoundError (-32001) when it is not there.",
  selfTest: [
    { flaw: "task-id-param-renamed", protocols: ["0.3"], bindings: ["JSONRPC"] },
    {
      flaw: "cancel-unknown-wrong-code",
      protocols: ["0.3"],
      bindings: ["JSONRPC"],
      violates: ["CORE-CANCEL-003"],
    },
  ],
  scope: "transport",
  generations: ["0.1", "0.2", "0.3"],
  run: cancelUnknownTask,
});

import { defineCheck } from "../define.js";
import { cancelUnknownTask } from "./cancel-unknown-task.js";

export default defineCheck({
  id: "lifecycle.cancel-unknown-task-0x",
  title: "Canceling a task that does not exist fails with TaskNotFound (A2A 0.1, 0.2)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    '0.1 and 0.2 define -32001 for "the specified task id does not correspond to an existing or active task" and say only that servers "SHOULD use these codes where applicable" (§8.2); neither has 0.3\'s server-compliance MUST (§11.1.5). 0.3 and 1.0: lifecycle.cancel-unknown-task (MUST).',
  requirement: "tasks/cancel of an id the server never issued returns TaskNotFoundError (-32001).",
  spec: "A2A 0.2.5 §7.4, §8.2; 0.1 §8.2",
  tck: ["CORE-CANCEL-003"],
  recommendation:
    "Look the id up before canceling and answer TaskNotFoundError (-32001) when it is not there.",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only; hand-written 0.1 and 0.2 agents answering -32603 and -32001 prove the check in unknown-task-by-version.test.ts, and the mutation cancel-unknown-as-internal-error on the lab's 0.1 and 0.2 agents.",
  scope: "transport",
  generations: ["0.1", "0.2"],
  run: cancelUnknownTask,
});

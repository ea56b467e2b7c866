import { defineCheck } from "../define.js";
import { judgeUnknownTaskRead } from "./unknown-task-not-found.js";

export default defineCheck({
  id: "lifecycle.unknown-task-not-found-0x",
  title: "Reading a task that does not exist fails with TaskNotFound (A2A 0.1, 0.2)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    '0.1 and 0.2 define -32001 for "the specified task id does not correspond to an existing or active task" and say only that servers "SHOULD use these codes where applicable" (§8.2); neither has 0.3\'s server-compliance MUST (§11.1.5). 0.3 and 1.0: lifecycle.unknown-task-not-found (MUST).',
  requirement: "tasks/get of an id the server never issued returns TaskNotFoundError (-32001).",
  spec: "A2A 0.2.5 §7.3, §8.2; 0.1 §8.2",
  quote: {
    spec: "A2A 0.2.5 §8.2",
    text: "-32001 TaskNotFoundError: The specified task `id` does not correspond to an existing or active task. … Servers SHOULD use these codes where applicable.",
  },
  recommendation:
    "Look the id up in the task store and answer TaskNotFoundError (-32001) when it is not there.",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only; hand-written 0.2 agents answering -32603 and -32001 prove the check in unknown-task-by-version.test.ts, and the mutation task-not-found-internal on the lab's 0.1 and 0.2 agents.",
  scope: "transport",
  generations: ["0.1", "0.2"],
  run: (ctx) => judgeUnknownTaskRead(ctx),
});

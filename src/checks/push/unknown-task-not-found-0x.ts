import { randomUUID } from "node:crypto";
import { defineCheck } from "../define.js";
import { expectTaskNotFound, unknownTaskAttempts } from "./unknown-task-not-found.js";
import { optionalMethodUnserved } from "../support/optional-push-methods.js";

export default defineCheck({
  id: "push.unknown-task-not-found-0x",
  title: "Push config operations on an unknown task answer TaskNotFound (A2A 0.x)",
  category: "push",
  level: "SHOULD",
  levelReason:
    '0.3 §7.6 and §7.8 give TaskNotFoundError only as an example ("e.g.") and §8.2 says servers "SHOULD use these codes where applicable"; no 0.x clause makes it a MUST. 1.0: push.unknown-task-not-found (MUST).',
  requirement:
    "On an agent that claims pushNotifications: creating and listing (0.1, which has no list: reading) push configs of a task id the server never issued answer TaskNotFound (-32001; HTTP 404, gRPC NOT_FOUND); neither succeeds.",
  spec: "A2A 0.3 §7.5-§7.8, §8.2",
  quote: {
    spec: "A2A 0.3 §8.2",
    text: "-32001 TaskNotFoundError: The specified task `id` does not correspond to an existing or active task. … Servers SHOULD use these codes where applicable.",
  },
  recommendation:
    "Look the task up before storing or listing its push configs, and answer TaskNotFoundError (-32001) when it is not there.",
  selfTest: [{ flaw: "push-config-task-unchecked", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  scope: "transport",
  needs: ["pushNotifications"],
  generations: ["0.1", "0.2", "0.3"],
  run: (ctx) =>
    expectTaskNotFound(unknownTaskAttempts(ctx, `plainwright-missing-${randomUUID()}`), (outcome) =>
      optionalMethodUnserved(ctx, outcome),
    ),
});

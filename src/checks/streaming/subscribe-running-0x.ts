import { defineCheck } from "../define.js";
import { subscribeToRunningTask } from "./subscribe-running.js";

export default defineCheck({
  id: "streaming.subscribe-running-0x",
  title: "A running task can be subscribed to again (A2A 0.x)",
  category: "streaming",
  level: "SHOULD",
  levelReason:
    'A2A 0.3 §11.1.3 makes tasks/resubscribe a MAY (an unserved one is a not-supported note), and §7.9 states its purpose ("to resume receiving subsequent updates") without a MUST; what it replays first is implementation-dependent. 1.0.1 §3.1.6 makes the first event a MUST (streaming.subscribe-running).',
  requirement:
    "tasks/resubscribe on a task that is still working opens a stream of that task's events (an event of that task first, not a Message), which does not end while the task still works.",
  spec: "A2A 0.3 §7.9 tasks/resubscribe, §11.1.3",
  tck: ["STREAM-SUB-001"],
  recommendation:
    "Serve tasks/resubscribe for every active task: send the task's current state, then its later updates, on a new stream.",
  selfTest: [
    { flaw: "task-id-param-renamed", protocols: ["0.3"], bindings: ["JSONRPC"] },
    { flaw: "duplicate-task-ids", protocols: ["0.3"], bindings: ["JSONRPC"] },
    { flaw: "subscription-events-after-final", protocols: ["0.3"], bindings: ["JSONRPC"] },
  ],
  scope: "transport",
  judgesTasks: true,
  needs: ["streaming"],
  generations: ["0.1", "0.2", "0.3"],
  run: subscribeToRunningTask,
});

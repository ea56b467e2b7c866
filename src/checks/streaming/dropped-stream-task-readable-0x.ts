import { defineCheck } from "../define.js";
import { dropStreamAndFollow } from "./dropped-stream-task-readable.js";

export default defineCheck({
  id: "streaming.dropped-stream-task-readable-0x",
  title: "A dropped stream leaves its task running to its end (A2A 0.x)",
  category: "streaming",
  level: "SHOULD",
  levelReason:
    "A2A 0.3 §7.9 (as 0.2.5 §7.9) presents tasks/resubscribe as reconnecting to an ongoing task after a previous connection was interrupted, which presumes the task outlives its stream, but no 0.x sentence requires it; 1.0.1 §3.5.2 does (streaming.dropped-stream-task-readable, MUST).",
  requirement:
    "When a client drops a message stream early, the task lives on: tasks/get still returns it, a resubscription while it works carries it to its final event, and it ends as the same message ends without a drop (not canceled, failed or stalled by the drop).",
  spec: "A2A 0.3 §7.2, §7.3, §7.9 (reconnecting to an ongoing task after an interruption)",
  tck: ["STREAM-ORDER-004"],
  recommendation:
    "Decouple task execution from the HTTP connection: keep the task in the store and keep working when a stream's client disconnects.",
  selfTest: [
    { flaw: "dropped-stream-loses-task", protocols: ["0.3"], bindings: ["JSONRPC"] },
    { flaw: "dropped-stream-cancels-task", protocols: ["0.3"], bindings: ["JSONRPC"] },
  ],
  // No dependsOn streaming.subscribe-running-0x: a resubscription it finds broken leaves this check its input
  // (the dropped task, read back), and followAfterDrop leaves the resubscription out when it is broken anyway.
  scope: "transport",
  judgesTasks: true,
  needs: ["streaming"],
  generations: ["0.1", "0.2", "0.3"],
  run: dropStreamAndFollow,
});

import { defineCheck } from "../define.js";
import { judgeFinalEvent } from "./final-event.js";

export default defineCheck({
  id: "streaming.final-event-01",
  title: "A stream ends with exactly one final event and nothing after it (A2A 0.1)",
  category: "streaming",
  level: "SHOULD",
  levelReason:
    'A2A 0.1 §7.2.2 makes `final` optional ("Default: false if omitted") and says only that the server "typically closes the SSE connection after sending an event with final: true": no keyword. 0.2 and 0.3 (whose schema requires `final`) and 1.0 (§3.1.2: the stream MUST close at a terminal state) are streaming.final-event\'s, at MUST.',
  splitOf: "streaming.final-event",
  requirement:
    "The last event of a tasks/sendSubscribe stream is the status update of the terminal (or interrupted) state, marked final:true, no event follows it, and the server closes the stream.",
  spec: "A2A 0.1 §7.2, §7.2.2 TaskStatusUpdateEvent.final",
  recommendation:
    "Send one last status update with the terminal state and final: true, and close the stream right after it.",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only: streaming.final-event shares this check's run and is proven there (stream-no-final, stream-events-after-final, stream-never-ends); the mutations stream-final-dropped, events-after-final and stream-never-closes play the deviations on the lab's 0.1 agent.",
  scope: "transport",
  needs: ["streaming"],
  generations: ["0.1"],
  run: judgeFinalEvent,
});

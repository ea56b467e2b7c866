import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { graceAfterFinalMs, mayEndStream, openedOnEndedTask, watchStream } from "../support/stream-watch.js";
import { isVerdict, stillAtWork, subscriptionsWithin } from "../support/open-subscriptions.js";

export default defineCheck({
  id: "streaming.closed-stream-spares-others",
  title: "Dropping one subscription of a task leaves the other one running to the task's end",
  category: "streaming",
  level: "MUST",
  requirement:
    "Two SubscribeToTask streams are opened on one running task; the client drops the first after its first event. The second keeps receiving the task's updates and ends with its terminal state.",
  spec: "A2A 1.0 §3.5.2 (multiple streams per task), §3.1.6 SubscribeToTask",
  tck: ["STREAM-ORDER-004"],
  quote: {
    spec: "A2A 1.0.1 §3.5.2",
    text: "When multiple streams are active for a task: [...] Closing one stream MUST NOT affect other active streams for the same task",
  },
  recommendation:
    "Keep each subscriber's stream separate: when one client disconnects, remove only its stream from the task's fan-out and keep writing to the others.",
  selfTest: [
    {
      flaw: "closing-stream-cuts-others",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["STREAM-ORDER-004"],
    },
  ],
  dependsOn: ["streaming.subscribe-running", "streaming.subscribe-running-0x"],
  scope: "transport",
  judgesTasks: true,
  needs: ["streaming"],
  generations: ["1.0"],
  run: async (ctx) => {
    const running = await ctx.fixtures.runningTask();
    if (!running.ok) return skip(`no task that keeps running: ${running.reason}`);
    const id = running.value.id;
    const options = { graceMs: graceAfterFinalMs(ctx.timeoutMs) };
    // The kept subscription is open (its first event arrived) before the other one is opened and dropped
    // at its own first event, so the drop happens while both are active.
    let opened: () => void = () => undefined;
    const keptOpen = new Promise<void>((resolve) => (opened = resolve));
    const keeping = watchStream((onEvent) => ctx.client.subscribe(id, onEvent), {
      ...options,
      stopAt: () => (opened(), false),
    });
    await Promise.race([keptOpen, keeping]);
    const dropped = await watchStream((onEvent) => ctx.client.subscribe(id, onEvent), {
      ...options,
      stopAt: () => true,
    });
    // Bounded, so that a task that never ends cannot hold the check past its time box.
    const kept = await subscriptionsWithin(ctx, id, keeping, []);
    if (isVerdict(kept)) return kept;
    const atWork = kept.outcome?.end.reason === "idle-timeout" ? await stillAtWork(ctx, id, []) : undefined;
    if (atWork) return atWork;
    const evidence = [
      ...running.evidence,
      ...(dropped.outcome?.trafficIds ?? []),
      ...(kept.outcome?.trafficIds ?? []),
    ];
    if (dropped.outcome?.failure)
      return skip(`the first subscription was refused: ${describeFailure(dropped.outcome.failure)}`);
    if (openedOnEndedTask(kept.events))
      return skip(
        `task ${id} had already ended when the subscriptions opened: no running task to drop a stream of`,
      );
    if (!kept.outcome)
      return pass(
        `task ${id}: the second subscription reached the task's end (it stayed open after; streaming.several-subscribers judges that)`,
        evidence,
      );
    if (kept.outcome.failure)
      return fail(
        `task ${id}: the second subscription was refused: ${describeFailure(kept.outcome.failure)}`,
        evidence,
      );
    const last = kept.events.at(-1);
    if (!last || !mayEndStream(last))
      return fail(
        `task ${id}: after the first subscription was dropped, the second ended (${kept.outcome.end.reason}) after ${kept.events.length} event(s), before the task reached a terminal or interrupted state`,
        evidence,
      );
    return pass(
      `task ${id}: after the first subscription was dropped, the second went on to the task's end (${kept.events.length} events)`,
      evidence,
    );
  },
});

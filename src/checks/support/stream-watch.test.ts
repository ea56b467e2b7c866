import { describe, expect, it } from "vitest";
import type { StreamOutcome } from "../../client/types.js";
import type { Reply } from "../../protocol/model.js";
import { eventsAfterTerminal, watchStream } from "./stream-watch.js";

const task = (state: "working" | "completed"): Reply => ({
  kind: "task",
  id: "t",
  contextId: "c",
  state,
  rawState: state,
  artifacts: [],
  history: [],
});

/** A stream that was read whole before any event could be heard live (JSON values in a text/plain body). */
const readWhole = (events: Reply[]): StreamOutcome => ({
  events,
  rawEvents: [],
  invalidEvents: [],
  errors: [],
  contentType: "text/plain",
  end: { reason: "closed" },
  arrivalsMs: [],
  trafficIds: ["t1"],
});

describe("watchStream", () => {
  it("takes the events of a stream read whole from its outcome, up to where the check stops", async () => {
    const all = await watchStream(() => Promise.resolve(readWhole([task("working"), task("completed")])), {
      graceMs: 10,
    });
    expect(all.events.map((e) => (e.kind === "task" ? e.state : e.kind))).toEqual(["working", "completed"]);
    const first = await watchStream(() => Promise.resolve(readWhole([task("working"), task("completed")])), {
      graceMs: 10,
      stopAt: (_event, index) => index === 0,
    });
    expect(first.events).toHaveLength(1);
  });

  it("keeps the events heard live when there were some", async () => {
    const watched = await watchStream(
      (onEvent) => {
        onEvent(task("working"));
        return Promise.resolve(readWhole([task("working"), task("completed")]));
      },
      { graceMs: 10 },
    );
    expect(watched.events).toHaveLength(1);
  });
});

describe("eventsAfterTerminal", () => {
  it("finds nothing when the stream ends at its terminal event", () => {
    expect(eventsAfterTerminal([task("working"), task("completed")], "0.3")).toBeUndefined();
  });

  it("counts the events that follow the first terminal one", () => {
    const events = [task("working"), task("completed"), task("working"), task("completed")];
    expect(eventsAfterTerminal(events, "0.3")).toEqual({ count: 2, at: 1, state: "completed" });
  });

  it("lets a 1.0 stream resend the finished Task once (1.0.1 §11.7), and no 0.x stream", () => {
    const update: Reply = {
      kind: "status-update",
      taskId: "t",
      contextId: "c",
      state: "completed",
      rawState: "TASK_STATE_COMPLETED",
    };
    expect(eventsAfterTerminal([task("working"), update, task("completed")], "1.0")).toBeUndefined();
    expect(eventsAfterTerminal([task("working"), update, task("completed")], "0.3")).toMatchObject({
      count: 1,
    });
    expect(eventsAfterTerminal([update, update], "1.0")).toMatchObject({ count: 1 });
  });
});

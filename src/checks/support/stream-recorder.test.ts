import { describe, expect, it } from "vitest";
import type { Reply } from "../../protocol/model.js";
import { missedUpdates, type Arrival } from "./stream-recorder.js";

const task: Reply = {
  kind: "task",
  id: "t",
  state: "working",
  rawState: "working",
  artifacts: [],
  history: [],
};
const chunk = (text: string): Reply => ({
  kind: "artifact-update",
  taskId: "t",
  artifact: { artifactId: "a1", parts: [{ kind: "text", text }] },
});
const done: Reply = { kind: "status-update", taskId: "t", state: "completed", final: true };
const at = (ms: number, event: Reply): Arrival => ({ event, at: ms });

// The message stream: three chunks, then the end, the first chunk before the subscription joined.
const origin = [at(0, task), at(100, chunk("a")), at(1000, chunk("b")), at(1500, chunk("c")), at(2000, done)];

describe("missedUpdates", () => {
  it("names a subscription that got the end but none of the artifact updates sent after it joined", () => {
    const subscription = [at(150, task), at(2001, done)];
    expect(missedUpdates(origin, subscription, "the subscription")).toMatch(
      /the subscription missed 3 of the 3 update\(s\) .* \(first missed: a artifact-update\)/,
    );
  });

  it("takes the artifact told whole where the message stream got it in chunks", () => {
    const whole = (n: number) => chunk("abc".slice(0, n));
    const subscription = [at(150, task), at(1001, whole(2)), at(1501, whole(3)), at(2001, done)];
    expect(missedUpdates(origin, subscription, "the subscription")).toBeUndefined();
  });

  it("owes nothing that reached the message stream before the subscription had joined", () => {
    const subscription = [at(1800, task), at(2001, done)];
    expect(missedUpdates(origin, subscription, "the subscription")).toBeUndefined();
  });
});

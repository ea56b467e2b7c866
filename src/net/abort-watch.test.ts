import { describe, expect, it } from "vitest";
import { getEventListeners } from "node:events";
import { onAbortUntilReleased, unwatchAbort, watchAbort } from "./abort-watch.js";
import type { Abortable } from "./abort-watch.js";

function item(name: string, aborted: string[]): Abortable {
  return {
    abort: () => aborted.push(name),
    watch: undefined,
    watchPrev: undefined,
    watchNext: undefined,
  };
}

describe("abort watches", () => {
  it("aborts every item still watched when the signal fires, and only those", () => {
    const controller = new AbortController();
    const aborted: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((n) => item(n, aborted)) as [Abortable, Abortable, Abortable];
    for (const each of [a, b, c]) watchAbort(controller.signal, each);
    unwatchAbort(b);
    unwatchAbort(b);
    controller.abort();
    expect(aborted.sort()).toEqual(["a", "c"]);
  });

  it("aborts the items watched when the signal fired, even one that another's abort unwatched meanwhile", () => {
    const controller = new AbortController();
    const aborted: string[] = [];
    const second = item("second", aborted);
    const first: Abortable = {
      ...item("first", aborted),
      abort: () => (aborted.push("first"), unwatchAbort(second)),
    };
    watchAbort(controller.signal, second);
    watchAbort(controller.signal, first);
    controller.abort();
    expect(aborted).toEqual(["first", "second"]);
  });
});

describe("a call linked to its owner's signal until it ends", () => {
  it("adds one listener to the signal however many calls wait on it, and aborts only those not released", () => {
    const controller = new AbortController();
    const aborted: number[] = [];
    const releases = Array.from({ length: 20 }, (_, i) =>
      onAbortUntilReleased(controller.signal, () => aborted.push(i)),
    );
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    releases.slice(0, 19).forEach((release) => release());
    controller.abort();
    expect(aborted).toEqual([19]);
  });

  it("does nothing without a signal", () => {
    expect(() => onAbortUntilReleased(undefined, () => undefined)()).not.toThrow();
  });
});

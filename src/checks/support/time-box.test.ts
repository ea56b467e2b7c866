import { afterEach, describe, expect, it, vi } from "vitest";
import { settledWhileProgressing, settledWithin } from "./time-box.js";

afterEach(() => {
  vi.useRealTimers();
});

const never = new Promise<string>(() => undefined);

describe("settledWithin", () => {
  it("gives the work's value when it settles in time, else undefined", async () => {
    vi.useFakeTimers();
    const late = settledWithin(never, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await late).toBeUndefined();
    expect(await settledWithin(Promise.resolve("done"), 1000)).toBe("done");
  });
});

describe("settledWhileProgressing", () => {
  it("waits past the quiet time while progress keeps coming, and gives the value", async () => {
    vi.useFakeTimers();
    let progress = 0;
    let finish: (v: string) => void = () => undefined;
    const work = new Promise<string>((resolve) => (finish = resolve));
    const waited = settledWhileProgressing(work, () => progress, { quietMs: 500, capMs: 10_000 });
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(400);
      progress++;
    }
    finish("done");
    expect(await waited).toBe("done");
  });

  it("gives up once no progress came for the quiet time", async () => {
    vi.useFakeTimers();
    let progress = 0;
    const waited = settledWhileProgressing(never, () => progress, { quietMs: 500, capMs: 10_000 });
    await vi.advanceTimersByTimeAsync(300);
    progress++;
    await vi.advanceTimersByTimeAsync(900);
    expect(await waited).toBeUndefined();
  });

  it("gives up at the cap however much progress comes", async () => {
    vi.useFakeTimers();
    let progress = 0;
    const waited = settledWhileProgressing(never, () => progress, { quietMs: 500, capMs: 2000 });
    const settled = vi.fn();
    void waited.then(settled);
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(400);
      progress++;
    }
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toHaveBeenCalledWith(undefined);
  });
});

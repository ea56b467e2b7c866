import { describe, expect, it } from "vitest";
import type { RunEvent } from "../model/events.js";
import type { Finding } from "../model/finding.js";
import { heartbeat, progressDisplay, resolveProgressMode, type ProgressClock } from "./progress-display.js";
import { retryLine } from "./progress.js";

/** A clock that moves only when the test says so, firing the display's tick as a real interval would. */
function fakeClock() {
  let now = 1_000_000;
  const ticks: Array<{ every: number; next: number; tick: () => void; live: boolean }> = [];
  const clock: ProgressClock = {
    now: () => now,
    every: (ms, tick) => {
      const entry = { every: ms, next: now + ms, tick, live: true };
      ticks.push(entry);
      return () => (entry.live = false);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = ticks.filter((t) => t.live && t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.every;
      due.tick();
    }
    now = end;
  };
  return { clock, advance, stopped: () => ticks.every((t) => !t.live) };
}

function sink() {
  let text = "";
  return { out: { write: (s: string) => void (text += s), columns: 120 }, text: () => text };
}

const finding = (id: string, status: Finding["status"], duration_ms = 5): Finding => ({
  id,
  category: id.split(".")[0] ?? "",
  level: "MUST",
  status,
  message: status,
  duration_ms,
  transport: "JSONRPC",
});

const conformanceStart: RunEvent[] = [
  { type: "run-started", kind: "conformance", agent_url: "http://127.0.0.1:1" },
  { type: "checks-planned", count: 3, transports: ["JSONRPC"] },
  { type: "check-started", index: 0, id: "card.required-fields", transport: "JSONRPC" },
  { type: "check-finished", index: 0, finding: finding("card.required-fields", "pass") },
  { type: "check-started", index: 1, id: "lifecycle.cancel", transport: "JSONRPC" },
];

describe("live progress", () => {
  it("in plain mode writes every finished check with its counter, and no terminal control", () => {
    const { clock } = fakeClock();
    const s = sink();
    const display = progressDisplay({ mode: "plain", out: s.out, clock });
    for (const e of conformanceStart) display.onEvent(e);
    display.onEvent({ type: "check-finished", index: 1, finding: finding("lifecycle.cancel", "fail", 2400) });
    display.close();
    expect(s.text()).toContain("Running 3 checks over JSONRPC\n");
    expect(s.text()).toContain("  [1/3] ✓ card.required-fields [JSONRPC]\n");
    expect(s.text()).toContain("  [2/3] ✗ lifecycle.cancel [JSONRPC] (2.4 s)\n");
    expect(s.text()).not.toContain("\u001b");
    expect(s.text()).not.toContain("\r");
  });

  it("in tty mode redraws one status line and keeps only failures above it", () => {
    const { clock, advance } = fakeClock();
    const s = sink();
    const display = progressDisplay({ mode: "tty", out: s.out, clock });
    for (const e of conformanceStart) display.onEvent(e);
    advance(3000);
    expect(s.text()).toContain(
      "\r\u001b[2K[1/3] · lifecycle.cancel [JSONRPC] · waiting on the agent 3.0 s · 3.0 s",
    );
    display.onEvent({ type: "check-finished", index: 1, finding: finding("lifecycle.cancel", "fail") });
    expect(s.text()).not.toContain("✓ card.required-fields");
    expect(s.text()).toContain("\r\u001b[2K  [2/3] ✗ lifecycle.cancel [JSONRPC]\n");
    display.onEvent({ type: "run-finished", result: {} as never });
    display.close();
    expect(s.text().endsWith("\r\u001b[2K")).toBe(true);
  });

  it("cuts the status line to the terminal's width so a redraw never wraps", () => {
    const { clock } = fakeClock();
    const s = sink();
    const display = progressDisplay({ mode: "tty", out: { ...s.out, columns: 30 }, clock });
    for (const e of conformanceStart) display.onEvent(e);
    const last = s.text().split("\r\u001b[2K").at(-1) ?? "";
    expect(last.length).toBeLessThanOrEqual(29);
    expect(last.endsWith("…")).toBe(true);
    display.close();
  });

  it("writes a heartbeat every 5 s while a model or agent is silent, saying whom it waits on", () => {
    const { clock, advance, stopped } = fakeClock();
    const s = sink();
    const display = progressDisplay({ mode: "plain", out: s.out, clock });
    display.onEvent({ type: "run-started", kind: "conversation", agent_url: "http://127.0.0.1:1" });
    display.onEvent({
      type: "conversation-started",
      endpoint: "http://127.0.0.1:1/",
      trials: 1,
      max_turns: 8,
    });
    display.onEvent({
      type: "turn-sent",
      trial: 1,
      trials: 1,
      entry: { turn: 1, role: "user", text: "Hello", at: "" },
    });
    advance(4900);
    expect(s.text()).not.toContain("still waiting");
    advance(10_100);
    const beats = s
      .text()
      .split("\n")
      .filter((l) => l.includes("still waiting"));
    expect(beats).toEqual([
      "  still waiting on the agent (turn 1/8) (5.0 s)",
      "  still waiting on the agent (turn 1/8) (10 s)",
      "  still waiting on the agent (turn 1/8) (15 s)",
    ]);
    display.onEvent({
      type: "turn-received",
      trial: 1,
      trials: 1,
      entry: { turn: 1, role: "agent", text: "Hi", at: "", ms: 15_000 },
    });
    display.onEvent({ type: "judge-started", trial: 1, trials: 1, criteria: 2 });
    advance(5000);
    expect(s.text()).toContain('  turn 1 agent "Hi" (15 s)\n');
    expect(s.text()).toContain("  the judge grades 2 criteria\n");
    expect(s.text()).toContain("  still waiting on the judge's model (5.0 s)\n");
    display.onEvent({ type: "run-finished", result: {} as never });
    advance(20_000);
    expect(
      s
        .text()
        .split("\n")
        .filter((l) => l.includes("still waiting")),
    ).toHaveLength(4);
    display.close();
    expect(stopped()).toBe(true);
  });

  it("says a model retry and its wait in plain words", () => {
    expect(
      retryLine({
        type: "retry",
        what: "openai:gpt-4o-mini",
        attempt: 1,
        delay_ms: 2000,
        reason: "simulated user failed: HTTP 429 rate limited",
      }),
    ).toBe("429 from the model openai:gpt-4o-mini, retrying in 2.0 s (retry 1)");
    expect(
      retryLine({ type: "retry", what: "ollama:qwen", attempt: 2, delay_ms: 500, reason: "socket hang up" }),
    ).toBe("ollama:qwen: socket hang up, retrying in 500 ms (retry 2)");
  });

  it("escapes control bytes an agent put in its reply before they reach the terminal", () => {
    const { clock } = fakeClock();
    const s = sink();
    const display = progressDisplay({ mode: "tty", out: s.out, clock });
    display.onEvent({ type: "run-started", kind: "conversation", agent_url: "http://127.0.0.1:1" });
    display.onEvent({
      type: "turn-received",
      trial: 1,
      trials: 1,
      entry: { turn: 1, role: "agent", text: "\u001b]0;owned\u0007hi", at: "" },
    });
    display.close();
    expect(s.text()).toContain("owned");
    expect(s.text()).not.toContain("\u0007");
    expect(s.text()).not.toContain("\u001b]");
  });

  it("auto is a redrawn line on a terminal and plain lines in CI, pipes and dumb terminals", () => {
    expect(resolveProgressMode("auto", { isTTY: true }, {})).toBe("tty");
    expect(resolveProgressMode("auto", { isTTY: true }, { CI: "true" })).toBe("plain");
    expect(resolveProgressMode("auto", { isTTY: true }, { TERM: "dumb" })).toBe("plain");
    expect(resolveProgressMode("auto", {}, {})).toBe("plain");
    expect(resolveProgressMode("none", { isTTY: true }, {})).toBe("none");
  });
});

describe("a heartbeat outside a run", () => {
  it("says whom it waits on every 5 s until stopped", () => {
    const { clock, advance } = fakeClock();
    const lines: string[] = [];
    const beat = heartbeat({ write: (l) => lines.push(l), what: "the agent", clock });
    advance(12_000);
    beat.stop();
    advance(10_000);
    expect(lines).toEqual(["still waiting on the agent (5.0 s)", "still waiting on the agent (10 s)"]);
  });
});

describe("a load run's progress", () => {
  const tick = {
    elapsed_s: 3,
    last_second: 840,
    completed: 2500,
    in_flight: 10,
    errors: 0,
    p50_ms: 1.9,
    p99_ms: 6.2,
  };

  it("redraws its figures on the status line in tty mode, and writes them as lines in plain mode", () => {
    const { clock } = fakeClock();
    const tty = sink();
    const display = progressDisplay({ mode: "tty", out: tty.out, clock });
    display.onEvent({ type: "run-started", kind: "a2a", agent_url: "http://127.0.0.1:1" });
    display.onEvent({ type: "load-tick", tick });
    display.close();
    expect(tty.text()).toMatch(/\r\u001b\[2K3 s +840 req\/s/);
    expect(tty.text()).not.toContain("in flight 10\n");
    const plain = sink();
    const lines = progressDisplay({ mode: "plain", out: plain.out, clock });
    lines.onEvent({ type: "load-tick", tick });
    lines.close();
    expect(plain.text()).toMatch(/^ +3 s +840 req\/s .*in flight 10\n$/);
  });
});

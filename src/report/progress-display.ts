import type { RunEvent, RunEventSink } from "../model/events.js";
import { formatDuration } from "../view/units.js";
import { findingLine, progressLines } from "./progress.js";
import { ProgressState } from "./progress-state.js";
import { terminalText } from "./terminal-text.js";

/**
 * How progress is shown: `tty` redraws one status line (the failures and the conversation stay above it),
 * `plain` writes lines only (CI logs: every check with its counter, a heartbeat line during silences),
 * `none` writes nothing.
 */
export type ProgressMode = "tty" | "plain" | "none";

export const progressModes = ["auto", "tty", "plain", "none"] as const;

/** The time, and a repeating tick; tests pass a fake one. */
export interface ProgressClock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called; never keeps the process alive. */
  every(ms: number, tick: () => void): () => void;
}

export const systemClock: ProgressClock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** Where progress goes: stderr, or a buffer in tests. */
export interface ProgressOutput {
  write(text: string): void;
  /** Terminal width; the status line is cut to it so a redraw never wraps. */
  columns?: number;
}

export interface ProgressDisplayOptions {
  mode: ProgressMode;
  out: ProgressOutput;
  clock?: ProgressClock;
  /** Silence after which plain mode writes "still waiting on …" (and again each time as long). */
  heartbeatMs?: number;
}

/** A run-event subscriber that shows progress, and `close` to clear the status line and stop the clock. */
export interface ProgressDisplay {
  onEvent: RunEventSink;
  close(): void;
}

/** `auto`: a redrawn line on a terminal, plain lines elsewhere (CI, pipes, TERM=dumb). */
export function resolveProgressMode(
  requested: (typeof progressModes)[number],
  stream: { isTTY?: boolean },
  env: Record<string, string | undefined>,
): ProgressMode {
  if (requested !== "auto") return requested;
  const smart = stream.isTTY === true && env.TERM !== "dumb" && !env.CI;
  return smart ? "tty" : "plain";
}

const clearLine = "\r\u001b[2K";

/** Lines that stay on screen in tty mode: not passing or skipped checks (the counter shows them), nor load ticks (the status line does). */
function keptInTty(event: RunEvent): boolean {
  if (event.type === "load-tick") return false;
  return !(
    event.type === "check-finished" &&
    (event.finding.status === "pass" || event.finding.status === "skip")
  );
}

/** The lines of one event, with the check counter in front of each finished check. */
function linesOf(event: RunEvent, state: ProgressState): string[] {
  if (event.type !== "check-finished") return progressLines(event);
  const counter = state.total > 0 ? `[${state.done}/${state.total}] ` : "";
  return [`  ${counter}${findingLine(event.finding)}`];
}

/** Shows a run's progress in the given mode; agent and model text is escaped before it reaches a terminal. */
export function progressDisplay(opts: ProgressDisplayOptions): ProgressDisplay {
  const clock = opts.clock ?? systemClock;
  const heartbeatMs = opts.heartbeatMs ?? 5000;
  const state = new ProgressState();
  if (opts.mode === "none") return { onEvent: () => undefined, close: () => undefined };
  const tty = opts.mode === "tty";
  let statusShown = false;
  let lastWrite = clock.now();
  const width = Math.max(20, (opts.out.columns ?? 100) - 1);
  const drawStatus = () => {
    if (!tty || !state.active) return;
    const text = terminalText(state.status(clock.now()));
    opts.out.write(`${clearLine}${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    statusShown = true;
  };
  const writeLines = (lines: readonly string[]) => {
    if (lines.length === 0) return;
    const prefix = tty && statusShown ? clearLine : "";
    opts.out.write(`${prefix}${lines.map((l) => `${terminalText(l)}\n`).join("")}`);
    statusShown = false;
    lastWrite = clock.now();
  };
  const tick = () => {
    if (tty) return drawStatus();
    const now = clock.now();
    if (now - lastWrite < heartbeatMs) return;
    const beat = state.heartbeat(now);
    if (beat) writeLines([`  ${beat}`]);
  };
  const stop = clock.every(tty ? 1000 : Math.min(1000, heartbeatMs), tick);
  const clearStatus = () => {
    if (statusShown) opts.out.write(clearLine);
    statusShown = false;
  };
  return {
    onEvent: (event) => {
      state.apply(event, clock.now());
      const lines = linesOf(event, state);
      writeLines(tty ? (keptInTty(event) ? lines : []) : lines);
      if (event.type === "run-finished") clearStatus();
      else drawStatus();
    },
    close: () => {
      stop();
      clearStatus();
    },
  };
}

/**
 * "still waiting on the agent (10 s)" every `everyMs` until stopped: for waits outside a run (a chat
 * message). Stopping twice is harmless.
 */
export function heartbeat(opts: {
  write: (line: string) => void;
  what: string;
  clock?: ProgressClock;
  everyMs?: number;
}): { stop(): void } {
  const clock = opts.clock ?? systemClock;
  const started = clock.now();
  const stop = clock.every(opts.everyMs ?? 5000, () =>
    opts.write(`still waiting on ${opts.what} (${formatDuration(clock.now() - started)})`),
  );
  return { stop };
}

import { setMaxListeners } from "node:events";
import type { RunResult } from "../model/result.js";
import { exitCodes } from "./exit-codes.js";

/** The signals that stop a run: Ctrl-C at a terminal, and a polite kill (CI cancelling a job). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * Turns the first SIGINT/SIGTERM into an abort of `signal` (the run stops sending, requests in flight
 * end, what finished is reported) and a second one into an immediate exit 130. `release` removes the
 * handlers; `stoppedBy` names the signal that stopped the run, if one did.
 */
export function interruptOnSignals(): {
  signal: AbortSignal;
  stoppedBy(): string | undefined;
  release(): void;
} {
  const controller = new AbortController();
  // Every request in flight listens to the run's signal (and stops listening when it ends): a load at
  // concurrency 1,000 has that many, which is no leak.
  setMaxListeners(0, controller.signal);
  let stoppedBy: string | undefined;
  const onSignal = (name: string) => {
    if (stoppedBy) {
      process.stderr.write(`\nplainwright: ${name} again: stopping now, nothing more is written\n`);
      process.exit(exitCodes.interrupted);
    }
    stoppedBy = name;
    process.stderr.write(
      `\nplainwright: ${name}: stopping the run; the summary and reports of what finished follow (press Ctrl-C again to quit at once)\n`,
    );
    controller.abort(new Error(`interrupted by ${name}`));
  };
  const handlers = STOP_SIGNALS.map((name) => [name, () => onSignal(name)] as const);
  for (const [name, handler] of handlers) process.on(name, handler);
  return {
    signal: controller.signal,
    stoppedBy: () => stoppedBy,
    release: () => {
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}

/** Marks the results of a run the user stopped: interrupted, never passed, the reason saying so. */
export function markInterrupted<T>(value: T, signalName: string): T {
  const results = (Array.isArray(value) ? value : [value]) as unknown[];
  for (const r of results) {
    if (typeof r !== "object" || r === null || !("status" in r) || !("kind" in r)) continue;
    const result = r as RunResult;
    result.interrupted = true;
    if (result.status === "passed") result.status = "error";
    const why = `interrupted by ${signalName} before the run finished; what finished is reported`;
    result.reason = result.reason ? `${why} (${result.reason})` : why;
  }
  return value;
}

import { formatDuration } from "../view/units.js";
import type { RunEvent } from "../model/events.js";
import { liveLine } from "./load-console.js";
import { bracketedPlace, findingPlace, isProblem } from "../model/finding.js";

/** Who a run is waiting on: a person watching a silent terminal wants to know whose turn it is. */
export type Waiting = "the agent" | "the simulated user's model" | "the judge's model";

/**
 * What a run is doing now, folded from its events: counters, the checks or turn in flight, whom it waits
 * on and since when. Pure (the caller passes the time), so the status line and the heartbeat are testable.
 */
export class ProgressState {
  active = false;
  startedAt = 0;
  total = 0;
  done = 0;
  broken = 0;
  /** Checks in flight, by plan index: "lifecycle.cancel [JSONRPC]". */
  readonly running = new Map<number, string>();
  /** The conversation's place: "trial 2/3 · turn 4/8". */
  place = "";
  phase = "";
  waiting: Waiting | undefined;
  waitingSince = 0;
  #maxTurns = 0;

  /** Folds one event in at time `now` (ms). */
  apply(event: RunEvent, now: number): void {
    switch (event.type) {
      case "run-started":
        this.#reset(now);
        return;
      case "card-lookup":
        return this.#wait("looking for the agent card", "the agent", now);
      case "card-read":
        return this.#wait("", undefined, now);
      case "connecting":
        return this.#wait(`connecting over ${findingPlace(event)}`, "the agent", now);
      case "checks-planned":
        this.total = event.count;
        return this.#wait("", undefined, now);
      case "check-started":
        this.running.set(event.index, `${event.id}${bracketedPlace(event)}`);
        return this.#wait("", "the agent", now);
      case "check-finished":
        this.running.delete(event.index);
        this.done += 1;
        if (isProblem(event.finding)) this.broken += 1;
        return this.#wait("", this.running.size > 0 ? "the agent" : undefined, now);
      case "smoke-sent":
        return this.#wait("sending the smoke message", "the agent", now);
      case "conversation-started":
        this.#maxTurns = event.max_turns;
        return this.#wait("", "the simulated user's model", now);
      case "turn-sent":
      case "turn-received":
        this.place = `${event.trials > 1 ? `trial ${event.trial}/${event.trials} · ` : ""}turn ${event.entry.turn}/${this.#maxTurns}`;
        return this.#wait("", event.type === "turn-sent" ? "the agent" : "the simulated user's model", now);
      case "judge-started":
        this.place = event.trials > 1 ? `trial ${event.trial}/${event.trials}` : "";
        return this.#wait("judging", "the judge's model", now);
      case "retry":
        this.waitingSince = now;
        return;
      case "trial-finished":
        this.place = "";
        return this.#wait("", "the simulated user's model", now);
      case "load-tick":
        // A load run reports its figures each second: they are the status, not a wait on anyone.
        this.place = liveLine(event.tick).trim();
        return this.#wait("", undefined, now);
      case "run-finished":
        this.active = false;
        this.waiting = undefined;
        return;
    }
  }

  /** The one status line: "[12/52] ✗ 1 · lifecycle.cancel [JSONRPC] +2 · 14 s". */
  status(now: number): string {
    const parts: string[] = [];
    if (this.total > 0) parts.push(`[${this.done}/${this.total}]${this.broken ? ` ✗ ${this.broken}` : ""}`);
    if (this.place) parts.push(this.place);
    const [first, ...more] = [...this.running.values()];
    if (first) parts.push(`${first}${more.length > 0 ? ` +${more.length}` : ""}`);
    else if (this.phase) parts.push(this.phase);
    if (this.waiting && now - this.waitingSince >= 1000)
      parts.push(`waiting on ${this.waiting} ${formatDuration(now - this.waitingSince)}`);
    parts.push(formatDuration(now - this.startedAt));
    return parts.join(" · ");
  }

  /** "still waiting on the agent: lifecycle.cancel [JSONRPC] (15 s)", or nothing when nobody is awaited. */
  heartbeat(now: number): string | undefined {
    if (!this.active || !this.waiting) return undefined;
    const checks = [...this.running.values()];
    const what = checks.length > 0 ? `: ${checks.slice(0, 3).join(", ")}${checks.length > 3 ? "…" : ""}` : "";
    const where = this.place ? ` (${this.place})` : "";
    return `still waiting on ${this.waiting}${what}${where} (${formatDuration(now - this.waitingSince)})`;
  }

  #reset(now: number): void {
    this.active = true;
    this.startedAt = now;
    this.total = 0;
    this.done = 0;
    this.broken = 0;
    this.running.clear();
    this.place = "";
    this.#wait("", undefined, now);
  }

  #wait(phase: string, on: Waiting | undefined, now: number): void {
    this.active = true;
    this.phase = phase;
    // Any event is news: the wait a heartbeat reports is the silence since the last one.
    this.waitingSince = now;
    this.waiting = on;
  }
}

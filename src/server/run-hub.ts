import type { RunEvent } from "../model/events.js";
import type { StoredRunStatus } from "../model/run-status.js";

/**
 * What a run's subscribers (the /events stream) hear: its state, the runner's own events, and each
 * event's progress lines (formatted by the report layer, and stored with the run).
 */
export type QueueEvent =
  | { type: "status"; status: StoredRunStatus }
  | { type: "run"; event: RunEvent }
  | { type: "progress"; line: string }
  | { type: "done"; status: StoredRunStatus };

export type QueueListener = (event: QueueEvent) => void;

/** A live run as a subscriber joins it: what happened so far, and how to stop listening. */
export interface Subscription {
  backlog: string[];
  events: RunEvent[];
  stop: () => void;
}

interface LiveRun {
  progress: string[];
  events: RunEvent[];
  listeners: Set<QueueListener>;
}

/** The live state of the runs this process knows are going: progress so far and who listens. */
export class RunHub {
  readonly #live = new Map<string, LiveRun>();

  /** Starts following a run (idempotent); `progress` seeds the backlog (a run followed from another process). */
  open(runId: string, progress: readonly string[] = []): void {
    if (!this.#live.has(runId))
      this.#live.set(runId, { progress: [...progress], events: [], listeners: new Set() });
  }

  has(runId: string): boolean {
    return this.#live.has(runId);
  }

  /** The progress lines so far (stored with the result when the run ends). */
  progress(runId: string): string[] {
    return [...(this.#live.get(runId)?.progress ?? [])];
  }

  emit(runId: string, event: QueueEvent): void {
    const live = this.#live.get(runId);
    if (!live) return;
    if (event.type === "progress") live.progress.push(event.line);
    if (event.type === "run") live.events.push(event.event);
    for (const listener of live.listeners) listener(event);
    if (event.type === "done") this.#live.delete(runId);
  }

  subscribe(runId: string, listener: QueueListener): Subscription | undefined {
    const live = this.#live.get(runId);
    if (!live) return undefined;
    live.listeners.add(listener);
    return {
      backlog: [...live.progress],
      events: [...live.events],
      stop: () => live.listeners.delete(listener),
    };
  }

  /** Forgets a run without telling anyone (this process stops following it). */
  drop(runId: string): void {
    this.#live.delete(runId);
  }
}

import type { RunResult } from "../model/result.js";
import { RunBus } from "./run-bus.js";
import { RunHub, type QueueEvent, type QueueListener, type Subscription } from "./run-hub.js";
import { RunJobs } from "./run-jobs.js";
import { cancelStoredRun, type CancelOutcome, type RunScheduler } from "./run-queue.js";
import type { RunRow } from "./store/rows.js";
import { isFinished, type StoredRunStatus } from "../model/run-status.js";
import type { Store } from "./store.js";

/**
 * `serve` on PostgreSQL: runs go to the pg-boss queue for the workers, and the live view of a run comes
 * from the workers' notifications, whichever machine executes it.
 */
export class SharedRunQueue implements RunScheduler {
  readonly #hub = new RunHub();

  private constructor(
    private readonly store: Store,
    private readonly jobs: RunJobs,
    private readonly bus: RunBus,
  ) {}

  static async open(store: Store, url: string): Promise<SharedRunQueue> {
    const jobs = await RunJobs.open(url);
    // The bus hears events from its first LISTEN, before the queue exists: they go nowhere until then.
    const late: { queue?: SharedRunQueue } = {};
    const bus = await RunBus.open(url, { onEvent: (runId, event) => late.queue?.heard(runId, event) });
    late.queue = new SharedRunQueue(store, jobs, bus);
    return late.queue;
  }

  async enqueue(run: RunRow): Promise<void> {
    await this.jobs.send(run.id);
    await this.bus.wake();
  }

  /** One event from a worker; the end of a run is followed by its stored result, as on SQLite. */
  private heard(runId: string, event: QueueEvent): void {
    if (!this.#hub.has(runId)) return;
    if (event.type === "run" && event.event.type === "run-finished") return; // too big for NOTIFY: read below
    if (event.type !== "done") {
      this.#hub.emit(runId, event);
      return;
    }
    void this.#finish(runId, event.status);
  }

  async #finish(runId: string, status: StoredRunStatus): Promise<void> {
    const run = await this.store.runs.run(runId).catch(() => undefined);
    if (run?.result && status !== "canceled") {
      this.#hub.emit(runId, {
        type: "run",
        event: { type: "run-finished", result: JSON.parse(run.result) as RunResult },
      });
    }
    this.#hub.emit(runId, { type: "done", status: run?.status ?? status });
  }

  async subscribe(runId: string, listener: QueueListener): Promise<Subscription | undefined> {
    if (!this.#hub.has(runId)) {
      const run = await this.store.runs.run(runId);
      if (!run || isFinished(run.status)) return undefined;
      // The worker stores its progress with each heartbeat: that is the backlog a late viewer sees.
      this.#hub.open(runId, JSON.parse(run.progress) as string[]);
    }
    const subscription = this.#hub.subscribe(runId, listener);
    // It may have finished between the read and the subscribe, with its last notification missed.
    const now = await this.store.runs.run(runId);
    if (!now || isFinished(now.status)) void this.#finish(runId, now?.status ?? "error");
    return subscription;
  }

  async cancel(runId: string): Promise<CancelOutcome> {
    const outcome = await cancelStoredRun(this.store, runId);
    if (outcome === "canceled") {
      await this.bus.cancel(runId);
      this.#hub.emit(runId, { type: "done", status: "canceled" });
    }
    return outcome;
  }

  async close(): Promise<void> {
    await this.bus.close();
    await this.jobs.close();
  }
}

import { endedResult, executeRun, type ExecutorOptions } from "./run-executor.js";
import { RunHub, type QueueListener, type Subscription } from "./run-hub.js";
import type { RunRow } from "./store/rows.js";
import type { Store } from "./store.js";

/** Slot limits of the scheduler: a run starts only when all three have room. */
export interface SlotLimits {
  /** Runs executing at once in this process. */
  concurrency: number;
  /** Runs executing at once against one agent host:port (a slow agent queues behind itself). */
  perAgentHost: number;
  /** Runs executing at once for one project. */
  perProject: number;
}

export interface RunQueueOptions extends ExecutorOptions, SlotLimits {}

/** How a cancel request ended. */
export type CancelOutcome = "canceled" | "finished" | "missing";

/** What the routes need from whatever executes runs: this process (SQLite) or the workers (PostgreSQL). */
export interface RunScheduler {
  /** Queues a stored run (status queued) for execution. */
  enqueue(run: RunRow): Promise<void>;
  /** Follows a queued or running run; undefined when it is not live here. */
  subscribe(runId: string, listener: QueueListener): Promise<Subscription | undefined>;
  /** Stops a queued or running run (status canceled) and aborts its work. */
  cancel(runId: string): Promise<CancelOutcome>;
  close(): Promise<void>;
}

/** Ends a queued or running run as canceled; shared by every scheduler. */
export async function cancelStoredRun(store: Store, runId: string): Promise<CancelOutcome> {
  const run = await store.runs.run(runId);
  if (!run) return "missing";
  const test = await store.catalog.test(run.test_id);
  const ended = await store.runs.endUnfinishedRun(runId, {
    status: "canceled",
    result: endedResult(test, "the run was canceled"),
  });
  return ended ? "canceled" : "finished";
}

/**
 * The runs stopped because their project, module or test was deleted, remembered (the most recent ones)
 * so that a cancel arriving after the delete is answered as for a finished run, not "no such run".
 */
export class RunsEndedByDeletion {
  readonly #ids = new Map<string, string>();
  constructor(private readonly capacity = 10_000) {}

  add(id: string, what: string): void {
    this.#ids.set(id, what);
    for (const oldest of this.#ids.keys()) {
      if (this.#ids.size <= this.capacity) break;
      this.#ids.delete(oldest);
    }
  }

  /** What was deleted under the run ("project"...), when it ended that way. */
  reason(id: string): string | undefined {
    return this.#ids.get(id);
  }
}

/** Cancels every queued or running run of a project, a module or a test (before it is deleted). */
export async function cancelRuns(
  store: Store,
  queue: RunScheduler,
  under: Parameters<Store["runs"]["unfinishedRunIds"]>[0],
  ended: RunsEndedByDeletion,
): Promise<void> {
  const what = "projectId" in under ? "project" : "moduleId" in under ? "module" : "test";
  for (const id of await store.runs.unfinishedRunIds(under)) {
    await queue.cancel(id);
    ended.add(id, what);
  }
}

/** Slot counts per key (agent host, project). */
class Counts {
  readonly #n = new Map<string, number>();
  get(key: string): number {
    return this.#n.get(key) ?? 0;
  }
  add(key: string, delta: number): void {
    const next = this.get(key) + delta;
    if (next <= 0) this.#n.delete(key);
    else this.#n.set(key, next);
  }
}

/**
 * Runs executed by this process (`serve` on SQLite), fairly: besides the overall limit, each agent host
 * and each project has its own slot limit, so runs against a slow agent wait behind each other while a
 * run against another agent starts at once. Each run has a deadline and an abort signal (cancel).
 */
export class RunQueue implements RunScheduler {
  readonly #waiting: RunRow[] = [];
  readonly #hub = new RunHub();
  readonly #aborts = new Map<string, AbortController>();
  readonly #running = new Set<Promise<void>>();
  readonly #perHost = new Counts();
  readonly #perProject = new Counts();
  readonly #executor = `serve:${process.pid}`;
  #closed = false;

  constructor(private readonly opts: RunQueueOptions) {}

  enqueue(run: RunRow): Promise<void> {
    this.#hub.open(run.id);
    this.#waiting.push(run);
    this.#pump();
    return Promise.resolve();
  }

  subscribe(runId: string, listener: QueueListener): Promise<Subscription | undefined> {
    return Promise.resolve(this.#hub.subscribe(runId, listener));
  }

  async cancel(runId: string): Promise<CancelOutcome> {
    const outcome = await cancelStoredRun(this.opts.store, runId);
    if (outcome !== "canceled") return outcome;
    const waiting = this.#waiting.findIndex((r) => r.id === runId);
    if (waiting >= 0) this.#waiting.splice(waiting, 1);
    this.#aborts.get(runId)?.abort(new Error("the run was canceled"));
    this.#hub.emit(runId, { type: "done", status: "canceled" });
    return outcome;
  }

  /** Number of runs executing now. */
  get runningCount(): number {
    return this.#running.size;
  }

  /**
   * Stops starting runs and aborts the ones executing without recording them: they stay queued or
   * running in the database, and the next start re-queues or marks them, as after a crash.
   */
  close(): Promise<void> {
    this.#closed = true;
    for (const abort of this.#aborts.values()) abort.abort(new Error("the server is stopping"));
    return Promise.resolve();
  }

  #fits(run: RunRow): boolean {
    return (
      this.#perHost.get(run.agent_host) < this.opts.perAgentHost &&
      this.#perProject.get(run.project_id) < this.opts.perProject
    );
  }

  #pump(): void {
    while (!this.#closed && this.#running.size < this.opts.concurrency) {
      const index = this.#waiting.findIndex((run) => this.#fits(run));
      if (index < 0) return;
      const [run] = this.#waiting.splice(index, 1) as [RunRow];
      this.#perHost.add(run.agent_host, 1);
      this.#perProject.add(run.project_id, 1);
      const job = this.#execute(run).finally(() => {
        this.#running.delete(job);
        this.#perHost.add(run.agent_host, -1);
        this.#perProject.add(run.project_id, -1);
        this.#pump();
      });
      this.#running.add(job);
    }
  }

  async #execute(run: RunRow): Promise<void> {
    const abort = new AbortController();
    this.#aborts.set(run.id, abort);
    try {
      if (!(await this.opts.store.runs.claimRun(run.id, this.#executor))) {
        this.#hub.drop(run.id); // canceled or deleted while it waited
        return;
      }
      const status = await executeRun(
        this.opts,
        run,
        this.#executor,
        (event) => this.#hub.emit(run.id, event),
        () => this.#hub.progress(run.id),
        abort.signal,
      );
      if (!status && !this.#closed) this.#hub.drop(run.id);
    } catch (error) {
      // A database failure: the run stays unfinished and the next start reports it.
      process.stderr.write(`run ${run.id}: ${(error as Error).message}\n`);
      this.#hub.drop(run.id);
    } finally {
      this.#aborts.delete(run.id);
    }
  }
}

/**
 * After a restart: runs that never started are queued again; runs that were executing are marked error
 * with the reason (their work was lost with the process; a broken run is reported, never lost).
 */
export async function recoverUnfinishedRuns(
  store: Store,
  queue: RunScheduler,
): Promise<{ requeued: number; interrupted: number }> {
  const running = await store.runs.runsIn("running");
  for (const run of running) {
    const reason = `interrupted: the server stopped while this run was running; it was marked error when the server restarted`;
    await store.runs.endUnfinishedRun(run.id, {
      status: "error",
      result: endedResult(await store.catalog.test(run.test_id), reason),
    });
  }
  const queued = await store.runs.runsIn("queued");
  for (const run of queued) await queue.enqueue(run);
  return { requeued: queued.length, interrupted: running.length };
}

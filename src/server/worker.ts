import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { openDatabase, type Db } from "./db/connect.js";
import { RunBus } from "./run-bus.js";
import { endedResult, executeRun, type ExecutorOptions } from "./run-executor.js";
import { RunHub } from "./run-hub.js";
import { orphanedRuns, RunJobs, type RunJob } from "./run-jobs.js";
import { Store } from "./store.js";
import { type RunRow } from "./store/rows.js";

export interface WorkerOptions extends Omit<ExecutorOptions, "store"> {
  /** The postgres:// URL `serve` uses. */
  db: string;
  /** Runs this worker executes at once. */
  concurrency: number;
  /** Runs executing at once against one agent host:port, counted over all workers. */
  perAgentHost: number;
  /** Runs executing at once for one project, counted over all workers. */
  perProject: number;
  /** How often a worker says its runs are alive (and stores their progress); default 2 s. */
  heartbeatMs?: number;
  /** A run not heard from for this long lost its worker; default 30 s. */
  silentAfterMs?: number;
  /** A queued run this old with no job in the queue is queued again (its server stopped before queuing it); default 60 s. */
  orphanAfterMs?: number;
  /** Starts a run gets before it is marked interrupted; default 2 (retried once). */
  maxAttempts?: number;
  /** How long an idle worker waits before asking the queue again (a wake-up notification cuts it short); default 1 s. */
  idleMs?: number;
  /** How long a run whose agent host or project has no free slot waits before it is offered again; default 1 s. */
  deferSeconds?: number;
  /** Names this worker in the runs it holds; default host:pid:random. */
  id?: string;
  log?: (line: string) => void;
}

export interface RunningWorker {
  id: string;
  /** Runs executing now. */
  readonly active: number;
  /** Stops taking runs; the runs it holds go back to the queue for another worker. */
  close(): Promise<void>;
}

interface Held {
  abort: AbortController;
  /** Why it was aborted: a cancel ends it; a shutdown hands it to another worker. */
  stopping?: "cancel" | "shutdown";
}

/** `plainwright worker`: takes runs from the pg-boss queue and executes them, within the shared slot limits. */
class Worker implements RunningWorker {
  readonly #held = new Map<string, Held>();
  readonly #tasks = new Set<Promise<void>>();
  readonly #hub = new RunHub();
  #taking = 0;
  #closed = false;
  #wake: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #loop: Promise<void> = Promise.resolve();
  #orphansCheckedAt = Date.now();

  constructor(
    readonly id: string,
    private readonly opts: WorkerOptions,
    private readonly db: Db,
    private readonly store: Store,
    private readonly jobs: RunJobs,
    private readonly bus: RunBus,
  ) {}

  get active(): number {
    return this.#held.size;
  }

  start(): void {
    this.#timer = setInterval(() => void this.#beat(), this.opts.heartbeatMs ?? 2000);
    this.#loop = this.#take();
  }

  wake(): void {
    this.#wake?.();
  }

  cancel(runId: string): void {
    const held = this.#held.get(runId);
    if (!held) return;
    held.stopping = "cancel";
    held.abort.abort(new Error("the run was canceled"));
  }

  #log(line: string): void {
    this.opts.log?.(`worker ${this.id}: ${line}`);
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  /** The fetch loop: asks for as many jobs as it has free slots, and sleeps when there are none. */
  async #take(): Promise<void> {
    while (!this.#closed) {
      const free = this.opts.concurrency - this.#held.size - this.#taking;
      let jobs: RunJob[] = [];
      try {
        if (free > 0) jobs = await this.jobs.fetch(free);
      } catch (error) {
        this.#log(`the queue did not answer: ${(error as Error).message}`);
      }
      for (const job of jobs) this.#track(this.#handle(job));
      if (jobs.length === 0 || jobs.length === free) await this.#sleep(this.opts.idleMs ?? 1000);
    }
  }

  #track(task: Promise<void>): void {
    this.#tasks.add(task);
    void task.finally(() => {
      this.#tasks.delete(task);
      this.wake();
    });
  }

  async #handle(job: RunJob): Promise<void> {
    this.#taking += 1;
    let claimed: "claimed" | "full" | "gone";
    try {
      claimed = await this.store.runs.claimRunWithin(job.runId, this.id, this.opts);
    } catch (error) {
      this.#taking -= 1;
      this.#log(`could not claim run ${job.runId}: ${(error as Error).message}; offered again`);
      await this.jobs.send(job.runId, this.opts.deferSeconds ?? 1).catch(() => undefined);
      await this.jobs.complete(job.id).catch(() => undefined);
      return;
    }
    if (claimed !== "claimed") {
      this.#taking -= 1;
      // No free slot for its agent host or project: offered again later (a new job first, so it is never lost).
      if (claimed === "full") await this.jobs.send(job.runId, await this.#deferral(job.runId));
      await this.jobs.complete(job.id);
      return;
    }
    const held: Held = { abort: new AbortController() };
    this.#held.set(job.runId, held);
    this.#taking -= 1;
    try {
      await this.#execute(job.runId, held);
    } catch (error) {
      this.#log(`run ${job.runId}: ${(error as Error).message}`);
    } finally {
      this.#held.delete(job.runId);
      this.#hub.drop(job.runId);
      await this.jobs.complete(job.id).catch(() => undefined);
    }
  }

  /**
   * Seconds until a run that found no free slot is offered again: about a second, spread over up to half
   * a minute when many runs wait for the same host, so a long backlog is not re-offered every second.
   */
  async #deferral(runId: string): Promise<number> {
    const base = this.opts.deferSeconds ?? 1;
    const waiting = await this.store.runs.queuedForSameHost(runId).catch(() => 0);
    const spread = Math.min(30, waiting / Math.max(1, this.opts.perAgentHost * 2));
    return Math.max(base, Math.round(base + Math.random() * spread));
  }

  async #execute(runId: string, held: Held): Promise<void> {
    const run = await this.store.runs.run(runId);
    if (!run) return;
    this.#hub.open(runId);
    const emit = (event: Parameters<RunHub["emit"]>[1]) => {
      this.#hub.emit(runId, event);
      void this.bus.publish(runId, event);
    };
    const status = await executeRun(
      { ...this.opts, store: this.store },
      run,
      this.id,
      emit,
      () => this.#hub.progress(runId),
      held.abort.signal,
    );
    if (status) this.#log(`run ${runId} ${status}`);
    if (
      held.stopping === "shutdown" &&
      (await this.store.runs.requeueRun(runId, this.id, { handedBack: true }))
    ) {
      await this.jobs.send(runId);
      await this.bus.wake();
    }
  }

  /** Heartbeats for the runs held (a run canceled or taken over elsewhere is aborted), then the reaper. */
  async #beat(): Promise<void> {
    for (const [runId, held] of this.#held) {
      const mine = await this.store.runs
        .heartbeat(runId, this.id, this.#hub.progress(runId))
        .catch(() => true);
      if (!mine && !held.stopping) {
        held.stopping = "cancel";
        held.abort.abort(new Error("the run was canceled or taken over"));
      }
    }
    await this.#reap().catch((error: unknown) => this.#log(`reaper: ${(error as Error).message}`));
    await this.#requeueOrphans().catch((error: unknown) => this.#log(`orphans: ${(error as Error).message}`));
  }

  /** Queued runs whose job never reached the queue are sent again (a run sent twice still runs once). */
  async #requeueOrphans(): Promise<void> {
    const after = this.opts.orphanAfterMs ?? 60_000;
    if (Date.now() - this.#orphansCheckedAt < after / 2) return;
    this.#orphansCheckedAt = Date.now();
    for (const runId of await orphanedRuns(this.store.sql, new Date(Date.now() - after).toISOString())) {
      this.#log(`run ${runId} was queued without a job; sent to the queue again`);
      await this.jobs.send(runId);
    }
    await this.bus.wake();
  }

  /** Runs whose worker went silent: retried once on another worker, then marked interrupted with the reason. */
  async #reap(): Promise<void> {
    const before = new Date(Date.now() - (this.opts.silentAfterMs ?? 30_000)).toISOString();
    for (const run of await this.store.runs.silentRuns(before)) await this.#recover(run);
  }

  async #recover(run: RunRow): Promise<void> {
    const dead = run.worker ?? "";
    const maxAttempts = this.opts.maxAttempts ?? 2;
    if (run.attempts < maxAttempts) {
      if (!(await this.store.runs.requeueRun(run.id, dead))) return; // another worker recovered it first
      this.#log(
        `run ${run.id}: worker ${dead} went silent; queued again (attempt ${run.attempts + 1} of ${maxAttempts})`,
      );
      await this.jobs.send(run.id);
      await this.bus.wake();
      return;
    }
    const reason = `interrupted: worker ${dead} stopped sending heartbeats during attempt ${run.attempts} of ${maxAttempts}; the run is not retried again`;
    const result = endedResult(await this.store.catalog.test(run.test_id), reason);
    const progress = JSON.parse(run.progress) as string[];
    if (await this.store.runs.finishRun(run.id, dead, { status: "error", result, progress })) {
      this.#log(`run ${run.id}: ${reason}`);
      await this.bus.publish(run.id, { type: "done", status: "error" });
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.wake();
    await this.#loop;
    for (const held of this.#held.values()) {
      held.stopping = "shutdown";
      held.abort.abort(new Error("the worker is stopping"));
    }
    await Promise.allSettled([...this.#tasks]);
    await this.bus.close();
    await this.jobs.close();
    await this.db.close();
  }
}

/** Starts a worker on the PostgreSQL database a `serve` uses. */
export async function startWorker(opts: WorkerOptions): Promise<RunningWorker> {
  const db = await openDatabase(opts.db, { poolSize: Math.max(4, opts.concurrency + 2) });
  if (db.dialect !== "postgres" || !db.url) {
    await db.close();
    throw new Error("a worker needs --db postgres://… (the database `serve --db` uses)");
  }
  const id = opts.id ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const url = db.url;
  const jobs = await RunJobs.open(url);
  const late: { worker?: Worker } = {};
  const bus = await RunBus.open(url, {
    onCancel: (runId) => late.worker?.cancel(runId),
    onWake: () => late.worker?.wake(),
  });
  const worker = new Worker(id, opts, db, new Store(db), jobs, bus);
  late.worker = worker;
  worker.start();
  return worker;
}

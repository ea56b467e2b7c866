import type { RunEvent, RunEventSink } from "../model/events.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import { Redactor } from "../net/redact.js";
import { progressLines } from "../report/progress.js";
import { redactSecrets, redactStrings } from "../runner/redact-result.js";
import type { RunResult } from "../model/result.js";
import { errorResult, runTestDefinition } from "../runner/run-test.js";
import { parseTestDefinition, type LoadedTest } from "../runner/test-definition.js";
import type { RunState, Store, TestRow } from "./store.js";

/**
 * What a run's subscribers (the /events stream) hear: its state, the runner's own events, and each
 * event's progress lines (formatted by the report layer, and stored with the run).
 */
export type QueueEvent =
  | { type: "status"; status: RunState }
  | { type: "run"; event: RunEvent }
  | { type: "progress"; line: string }
  | { type: "done"; status: RunState };

export interface RunQueueOptions {
  store: Store;
  policy: OutboundPolicy;
  /** At most this many runs execute at once; the rest wait queued. */
  concurrency: number;
  /** A run still going after this long is marked error and its slot freed. */
  runTimeoutMs: number;
  pollIntervalMs?: number;
  /** Model settings for conversation tests; process.env when absent. */
  env?: Record<string, string | undefined>;
}

interface ActiveRun {
  progress: string[];
  events: RunEvent[];
  listeners: Set<(event: QueueEvent) => void>;
}

/** Where a stored test came from, as runner messages name it. */
export function testSource(row: TestRow): string {
  return `tests/${row.id}`;
}

/** Reads a stored test back into the runner's shape (it was validated when stored). */
export function loadStoredTest(row: TestRow): LoadedTest {
  const loaded = parseTestDefinition(JSON.parse(row.definition), testSource(row));
  loaded.warnings = JSON.parse(row.warnings) as string[];
  return loaded;
}

/** A stand-in for a stored test that no longer parses (a newer schema), so its run can still report why. */
function unreadableTest(row: TestRow): LoadedTest {
  const config = { agent_url: "", headers: {}, strict_card: true, timeout_s: 60 };
  return { source: testSource(row), definition: { name: row.name, kind: "a2a", config }, warnings: [] };
}

/**
 * Background runs with bounded concurrency. Each run has its own deadline, so an agent that hangs or
 * floods holds one slot for a bounded time and never blocks the server or the other runs.
 */
export class RunQueue {
  readonly #waiting: string[] = [];
  readonly #active = new Map<string, ActiveRun>();
  readonly #running = new Set<Promise<void>>();
  #closed = false;

  constructor(private readonly opts: RunQueueOptions) {}

  /** Queues a stored run (status queued) for execution. */
  enqueue(runId: string): void {
    this.#active.set(runId, { progress: [], events: [], listeners: new Set() });
    this.#waiting.push(runId);
    this.#pump();
  }

  /** Subscribes to a queued or running run; undefined when the run is not active in this process. */
  subscribe(
    runId: string,
    listener: (event: QueueEvent) => void,
  ): { backlog: string[]; events: RunEvent[]; stop: () => void } | undefined {
    const active = this.#active.get(runId);
    if (!active) return undefined;
    active.listeners.add(listener);
    return {
      backlog: [...active.progress],
      events: [...active.events],
      stop: () => active.listeners.delete(listener),
    };
  }

  /** Number of runs executing now. */
  get runningCount(): number {
    return this.#running.size;
  }

  /**
   * Stops starting runs and stops recording the ones executing: they stay queued or running in the
   * database and the next start marks them error, as for a crash.
   */
  close(): void {
    this.#closed = true;
  }

  #emit(runId: string, event: QueueEvent): void {
    const active = this.#active.get(runId);
    if (!active) return;
    if (event.type === "progress") active.progress.push(event.line);
    if (event.type === "run") active.events.push(event.event);
    for (const listener of active.listeners) listener(event);
  }

  /** One runner event: redacted, kept for late subscribers, sent on, and its progress lines with it. */
  #runEvent(runId: string, event: RunEvent, redactor: Redactor): void {
    const safe = redactStrings(event, (text) => redactor.url(text));
    this.#emit(runId, { type: "run", event: safe });
    for (const line of progressLines(safe)) this.#emit(runId, { type: "progress", line });
  }

  #pump(): void {
    while (!this.#closed && this.#running.size < this.opts.concurrency && this.#waiting.length > 0) {
      const runId = this.#waiting.shift() as string;
      const job = this.#execute(runId).finally(() => {
        this.#running.delete(job);
        this.#active.delete(runId);
        this.#pump();
      });
      this.#running.add(job);
    }
  }

  async #execute(runId: string): Promise<void> {
    const { store } = this.opts;
    const run = store.run(runId);
    const row = run ? store.test(run.test_id) : undefined;
    if (!run || !row || this.#closed) return; // the test was deleted while the run waited
    store.markRunning(runId);
    this.#emit(runId, { type: "status", status: "running" });
    const projectId = store.projectOfTest(row.id) ?? "";
    const secrets = store.secretValues(projectId);
    // Events quote resolved URLs, so they are redacted before anyone sees them.
    const redactor = new Redactor();
    for (const value of Object.values(secrets)) redactor.add(value);
    // The runner's run-finished is replaced by the queue's own, sent once the result is stored.
    const onEvent = (event: RunEvent) => {
      if (event.type !== "run-finished") this.#runEvent(runId, event, redactor);
    };
    const result = await this.#runBounded(row, secrets, onEvent);
    if (this.#closed) return;
    // runTestDefinition redacts the secrets it used; every project secret is removed as well, so a
    // value that reached the output some other way is never stored either.
    const safe = redactSecrets(result, Object.values(secrets));
    store.finishRun(runId, safe.status, JSON.stringify(safe), this.#active.get(runId)?.progress ?? []);
    this.#emit(runId, { type: "run", event: { type: "run-finished", result: safe } });
    this.#emit(runId, { type: "done", status: safe.status });
  }

  async #runBounded(
    row: TestRow,
    secrets: Record<string, string>,
    onEvent: RunEventSink,
  ): Promise<RunResult> {
    let test: LoadedTest;
    try {
      test = loadStoredTest(row);
    } catch (error) {
      return errorResult(
        unreadableTest(row),
        `the stored test could not be read: ${(error as Error).message}`,
      );
    }
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<RunResult>((resolve) => {
      timer = setTimeout(
        () =>
          resolve(
            errorResult(
              test,
              `the run took longer than ${Math.round(this.opts.runTimeoutMs / 1000)} s and was stopped`,
            ),
          ),
        this.opts.runTimeoutMs,
      );
    });
    const work = runTestDefinition(test, {
      secrets: { values: secrets, env: {}, fileName: "the project's secrets" },
      policy: this.opts.policy,
      onEvent,
      ...(this.opts.pollIntervalMs ? { pollIntervalMs: this.opts.pollIntervalMs } : {}),
      ...(this.opts.env ? { env: this.opts.env } : {}),
    }).catch((error: unknown) => errorResult(test, `internal error: ${(error as Error).message}`));
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Marks runs a previous server process left unfinished as error, with the reason (a broken run is reported, never lost). */
export function failInterruptedRuns(store: Store): number {
  const runs = store.unfinishedRuns();
  for (const run of runs) {
    const row = store.test(run.test_id);
    const reason = `the server stopped while this run was ${run.status}; it was marked error when the server restarted`;
    let test = row ? unreadableTest(row) : undefined;
    try {
      if (row) test = loadStoredTest(row);
    } catch {
      // keep the stand-in: the reason below is what matters
    }
    const result = test ? errorResult(test, reason) : { status: "error", reason };
    store.finishRun(run.id, "error", JSON.stringify(result), JSON.parse(run.progress) as string[]);
  }
  return runs.length;
}

import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { RunEvent } from "../model/events.js";
import type { RunResult } from "../model/result.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import { Redactor } from "../net/redact.js";
import { progressLines } from "../report/progress.js";
import { redactSecrets, redactStrings } from "../runner/redact-result.js";
import { errorResult, runTestDefinition } from "../runner/run-test.js";
import { parseTestDefinition, type LoadedTest } from "../runner/test-definition.js";
import type { QueueEvent } from "./run-hub.js";
import type { RunRow, TestRow } from "./store/rows.js";
import type { StoredRunStatus } from "../model/run-status.js";
import type { Store } from "./store.js";

/** What executing a stored run needs, in `serve` and in a worker alike. */
export interface ExecutorOptions {
  store: Store;
  policy: OutboundPolicy;
  /** A run still going after this long is stopped and marked error. */
  runTimeoutMs: number;
  pollIntervalMs?: number;
  /** Model settings for conversation tests; process.env when absent. */
  env?: Record<string, string | undefined>;
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

/** The result JSON of a run that ends without finishing its work (canceled, interrupted). */
export function endedResult(row: TestRow | undefined, reason: string): string {
  if (!row) return JSON.stringify({ status: "error", reason });
  let test = unreadableTest(row);
  try {
    test = loadStoredTest(row);
  } catch {
    // keep the stand-in: the reason is what matters
  }
  return JSON.stringify(errorResult(test, reason));
}

/** How long the per-host key waits on DNS before it falls back to the host as spelled. */
const PLACE_LOOKUP_MS = 2000;

/**
 * The agent's address and port, the key of the per-host slot limit: one host spelled several ways
 * (localhost, 127.0.0.1, LOCALHOST., ::ffff:127.0.0.1, a default port written out or not) is one agent,
 * whichever project's test names it. A name that does not resolve in time counts as spelled; "" when the
 * URL is a secret or invalid.
 */
export async function agentPlaceOf(definition: string): Promise<string> {
  let url: URL;
  try {
    const raw = (JSON.parse(definition) as { config?: { agent_url?: unknown } }).config?.agent_url;
    if (typeof raw !== "string") return "";
    url = new URL(raw);
  } catch {
    return "";
  }
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  const address = isIP(host) ? host : await firstAddress(host);
  const plain = unmapped(address ?? host);
  return isIP(plain) === 6 ? `[${plain}]:${port}` : `${plain}:${port}`;
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1, or ::ffff:7f00:1 as URLs write it) as its IPv4 address. */
function unmapped(address: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return address;
  const [high, low] = [parseInt(hex[1] ?? "0", 16), parseInt(hex[2] ?? "0", 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The host's first IPv4 address (else its first address), or undefined when it does not resolve in time. */
async function firstAddress(host: string): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), PLACE_LOOKUP_MS);
  });
  const found = lookup(host, { all: true }).then(
    (all) => (all.find((a) => a.family === 4) ?? all[0])?.address,
    () => undefined,
  );
  try {
    return await Promise.race([found, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Executes one claimed run (status running, held by `executor`) and stores its result once. Events are
 * redacted and handed to `emit` as they happen; `signal` aborts the work (cancel, shutdown).
 */
export async function executeRun(
  opts: ExecutorOptions,
  run: RunRow,
  executor: string,
  emit: (event: QueueEvent) => void,
  progress: () => string[],
  signal: AbortSignal,
): Promise<StoredRunStatus | undefined> {
  const { store } = opts;
  const row = await store.catalog.test(run.test_id);
  if (!row) return undefined; // the test was deleted: its runs went with it
  emit({ type: "status", status: "running" });
  const secrets = await store.secrets.secretValues(
    run.project_id || ((await store.catalog.projectOfTest(row.id)) ?? ""),
  );
  // Events quote resolved URLs, so they are redacted before anyone sees them.
  const redactor = new Redactor();
  for (const value of Object.values(secrets)) redactor.add(value);
  // The runner's run-finished is replaced by the executor's own, sent once the result is stored.
  const onEvent = (event: RunEvent) => {
    if (event.type === "run-finished") return;
    const safe = redactStrings(event, (text) => redactor.url(text));
    emit({ type: "run", event: safe });
    for (const line of progressLines(safe)) emit({ type: "progress", line });
  };
  const result = await runBounded(opts, row, secrets, onEvent, signal);
  if (signal.aborted) return undefined; // canceled or shutting down: whoever aborted records the end
  // runTestDefinition redacts the secrets it used; every project secret is removed as well, so a
  // value that reached the output some other way is never stored either.
  const safe = redactSecrets(result, Object.values(secrets));
  const stored = await store.runs.finishRun(run.id, executor, {
    status: safe.status,
    result: JSON.stringify(safe),
    progress: progress(),
  });
  if (!stored) return undefined;
  emit({ type: "run", event: { type: "run-finished", result: safe } });
  emit({ type: "done", status: safe.status });
  return safe.status;
}

const WORK_STOP_GRACE_MS = 5000;

async function runBounded(
  opts: ExecutorOptions,
  row: TestRow,
  secrets: Record<string, string>,
  onEvent: (event: RunEvent) => void,
  signal: AbortSignal,
): Promise<RunResult> {
  let test: LoadedTest;
  try {
    test = loadStoredTest(row);
  } catch (error) {
    return errorResult(unreadableTest(row), `the stored test could not be read: ${(error as Error).message}`);
  }
  // The deadline aborts the work like a cancel does, and names itself as the reason.
  const deadline = AbortSignal.timeout(opts.runTimeoutMs);
  const both = AbortSignal.any([signal, deadline]);
  const result = await runTestDefinition(test, {
    secrets: { values: secrets, env: {}, fileName: "the project's secrets", readsEnv: false },
    policy: opts.policy,
    onEvent,
    signal: both,
    // The run's slot is freed when its work has stopped (a load ends its requests, a conversation its
    // turn), within this bound, not when the abort is merely requested.
    abortGraceMs: WORK_STOP_GRACE_MS,
    ...(opts.pollIntervalMs ? { pollIntervalMs: opts.pollIntervalMs } : {}),
    ...(opts.env ? { env: opts.env } : {}),
  }).catch((error: unknown) => errorResult(test, `internal error: ${(error as Error).message}`));
  if (deadline.aborted && !signal.aborted) {
    const seconds = Math.round(opts.runTimeoutMs / 1000);
    return errorResult(test, `the run took longer than ${seconds} s and was stopped`);
  }
  return result;
}

import type { SelfTarget } from "../net/outbound-policy.js";
import { usageError } from "../runner/errors.js";

/** `plainwright worker` flags as commander hands them over. */
export interface WorkerFlags {
  db?: string;
  concurrency: string;
  perHost: string;
  perProject: string;
  runTimeout: string;
  heartbeat: string;
  silentAfter: string;
  allowPrivate?: boolean;
  allowHost?: string[];
  /** The server this worker runs tests for (its tests may never aim at it). */
  server?: string;
}

function positive(flag: string, value: string, { integer = true } = {}): number {
  const n = Number(value);
  const ok = integer
    ? Number.isInteger(n) && n >= 1 && n <= 1000
    : Number.isFinite(n) && n > 0 && n <= 86_400;
  if (!ok)
    throw usageError(
      `${flag} ${value}: expected ${integer ? "a whole number 1-1000" : "a number of seconds above 0"}`,
    );
  return n;
}

/** --server URL resolved to the addresses a test must never reach; a URL that is not one, or does not resolve, is a usage error. */
async function serverTarget(url: string): Promise<SelfTarget> {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url))
    throw usageError(
      `--server ${url}: expected the http(s) URL of the Plainwright server this worker serves`,
    );
  const { resolveSelfTarget } = await import("../net/outbound-policy.js");
  try {
    return await resolveSelfTarget(url);
  } catch (error) {
    throw usageError(`--server ${url}: ${(error as Error).message}`);
  }
}

/** Runs a worker until SIGINT/SIGTERM; the runs it holds then go back to the queue. */
export async function runWorkerCommand(flags: WorkerFlags): Promise<number> {
  const db = flags.db ?? process.env.PLAINWRIGHT_DB;
  const { isPostgresUrl, hidePassword } = await import("../server/db/connect.js");
  const serverFlag = flags.server ?? (process.env.PLAINWRIGHT_SERVER?.trim() || undefined);
  if (serverFlag !== undefined && (!/^https?:\/\//i.test(serverFlag) || !URL.canParse(serverFlag)))
    throw usageError(
      `--server ${serverFlag}: expected the http(s) URL of the Plainwright server this worker serves`,
    );
  if (!db || !isPostgresUrl(db)) {
    throw usageError(
      "worker needs --db postgres://user:password@host:5432/database (the database `serve --db` uses)",
    );
  }
  const heartbeat = positive("--heartbeat", flags.heartbeat, { integer: false });
  const silentAfter = positive("--silent-after", flags.silentAfter, { integer: false });
  if (silentAfter <= heartbeat * 2) throw usageError("--silent-after must be more than twice --heartbeat");
  const { startWorker } = await import("../server/worker.js");
  const { servePolicy } = await import("./serve-command.js");
  const server = flags.server ?? (process.env.PLAINWRIGHT_SERVER?.trim() || undefined);
  const selfTargets = server === undefined ? [] : [await serverTarget(server)];
  const worker = await startWorker({
    db,
    concurrency: positive("--concurrency", flags.concurrency),
    perAgentHost: positive("--per-host", flags.perHost),
    perProject: positive("--per-project", flags.perProject),
    runTimeoutMs: positive("--run-timeout", flags.runTimeout, { integer: false }) * 1000,
    heartbeatMs: heartbeat * 1000,
    silentAfterMs: silentAfter * 1000,
    policy: { ...servePolicy(flags), selfTargets },
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stderr.write(
    `Plainwright worker ${worker.id} takes runs from ${hidePassword(db)}. Press Ctrl+C to stop.\n`,
  );
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  await worker.close();
  return 0;
}

import { isLoopbackHost } from "../net/loopback-host.js";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import { configError } from "../runner/errors.js";
import { buildApp } from "./app.js";
import { openDatabase } from "./db/connect.js";
import { recoverUnfinishedRuns, RunQueue, type RunScheduler } from "./run-queue.js";
import { SharedRunQueue } from "./shared-queue.js";
import type { StreamBounds } from "./inspector-streams.js";
import { defaultWebRoot } from "./static-ui.js";
import { Store } from "./store.js";

export interface ServeOptions {
  /** SQLite file (created with its folder when missing), or a postgres:// URL. */
  db: string;
  port: number;
  /** Default 127.0.0.1; any other address needs a token. */
  host?: string;
  policy: OutboundPolicy;
  token?: string;
  /** The built UI (default: dist/web). */
  webRoot?: string;
  /** Runs executing at once; default 4. */
  concurrency?: number;
  /** Runs executing at once against one agent host:port; default 2. */
  perAgentHost?: number;
  /** Runs executing at once for one project; default 3. */
  perProject?: number;
  /** A run still going after this is marked error; default 15 minutes. */
  runTimeoutMs?: number;
  /** Tests shorten the 1 s task polling of docs/test-files.md. */
  pollIntervalMs?: number;
  /** Where conversation tests read their model settings (PLAINWRIGHT_MODEL...); process.env by default. */
  env?: Record<string, string | undefined>;
  /** A client must have sent its whole request (headers and body) within this; default 30 s. */
  requestTimeoutMs?: number;
  /** Inspector chat turns open at once, per session and in all (default 4 and 128). */
  inspectorBounds?: StreamBounds;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Runs left running by the previous process and marked error at start. */
  interrupted: number;
  /** Runs left queued by the previous process and queued again at start. */
  requeued: number;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * Queued runs older than a minute are sent to the queue again when a server starts on PostgreSQL: a
 * server that stopped between storing a run and queuing it would otherwise leave it waiting forever. A
 * run offered twice is still executed once (the claim is a conditional update).
 */
async function offerStaleQueuedRuns(store: Store, queue: RunScheduler): Promise<number> {
  const before = new Date(Date.now() - 60_000).toISOString();
  const stale = (await store.runs.runsIn("queued")).filter((run) => run.created_at < before);
  for (const run of stale) await queue.enqueue(run);
  return stale.length;
}

/** Starts `plainwright serve`: migrations, interrupted runs marked error, then the UI and API on one port. */
export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const host = opts.host ?? "127.0.0.1";
  if (!isLoopbackHost(host) && !opts.token) {
    throw configError(`binding to ${host} exposes the server beyond this machine: set --token`, "token");
  }
  // Filled in once the port is known (port 0 picks one): every run, inspector call and save checks
  // its destination against it, so no test can aim at this server (docs/architecture.md, outbound safety).
  const selfPorts: number[] = opts.port ? [opts.port] : [];
  const policy: OutboundPolicy = { ...opts.policy, selfPorts };
  const db = await openDatabase(opts.db);
  const store = new Store(db);
  let queue: RunScheduler;
  let recovered = { interrupted: 0, requeued: 0 };
  const runDeadlineMs = opts.runTimeoutMs ?? 15 * 60_000;
  if (db.url) {
    // PostgreSQL: workers execute the runs; queued runs whose job may be lost are offered again.
    queue = await SharedRunQueue.open(store, db.url);
    recovered.requeued = await offerStaleQueuedRuns(store, queue);
  } else {
    queue = new RunQueue({
      store,
      policy,
      concurrency: opts.concurrency ?? 4,
      perAgentHost: opts.perAgentHost ?? 2,
      perProject: opts.perProject ?? 3,
      runTimeoutMs: runDeadlineMs,
      ...(opts.pollIntervalMs ? { pollIntervalMs: opts.pollIntervalMs } : {}),
      ...(opts.env ? { env: opts.env } : {}),
    });
    recovered = await recoverUnfinishedRuns(store, queue);
  }
  const { interrupted, requeued } = recovered;
  const app = buildApp({
    store,
    queue,
    policy,
    host,
    webRoot: opts.webRoot ?? defaultWebRoot(),
    ...(opts.token ? { token: opts.token } : {}),
    ...(opts.inspectorBounds ? { inspectorBounds: opts.inspectorBounds } : {}),
    ...(db.url ? {} : { runDeadlineMs }),
  });
  // A client trickling its headers or body is cut off (408) by Node before any handler, the token
  // check included, sees the request. The timeouts cover receiving the request, not the response,
  // so long event streams are unaffected; the check runs every second rather than every 30.
  const requestTimeout = opts.requestTimeoutMs ?? 30_000;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(10_000, requestTimeout),
      connectionsCheckingInterval: Math.min(1000, requestTimeout),
    },
    app,
  );
  try {
    await listen(server, opts.port, host);
  } catch (error) {
    await queue.close();
    await db.close();
    throw configError(`cannot listen on ${host}:${opts.port}: ${(error as Error).message}`);
  }
  const { port } = server.address() as AddressInfo;
  if (!selfPorts.includes(port)) selfPorts.push(port);
  const urlHost = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    interrupted,
    requeued,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await queue.close();
      await db.close();
    },
  };
}

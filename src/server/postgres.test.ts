import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { openDatabase } from "./db/connect.js";
import { schemaVersion } from "./db/migrations.js";
import type { RunningServer } from "./server.js";
import {
  allowPrivatePolicy,
  apiClient,
  newModule,
  serve,
  smokeTest,
  waitForRun,
  type RunView,
} from "./testing/harness.js";
import { freshPgDatabase, pgTitle, testPgUrl } from "./testing/postgres.js";
import { startWorker, type RunningWorker } from "./worker.js";

type Created = { id: string };

/** A smoke test of `agentUrl` in a new project (and module); the test's id. */
async function newSmokeTest(api: ReturnType<typeof apiClient>, project: string, agentUrl: string) {
  const moduleId = await newModule(api, project, "M");
  return (await api<Created>("POST", "/api/tests", smokeTest(moduleId, agentUrl, { headers: {} }))).body.id;
}

/** Starts a run of the test and waits (at most 10 s) until a worker has it running; the run's id. */
async function runningRun(api: ReturnType<typeof apiClient>, testId: string): Promise<string> {
  const run = await api<Created>("POST", `/api/tests/${testId}/runs`);
  const until = Date.now() + 10_000;
  while ((await api<RunView>("GET", `/api/runs/${run.body.id}`)).body.status !== "running") {
    if (Date.now() > until) throw new Error("the run never started");
    await new Promise((r) => setTimeout(r, 20));
  }
  return run.body.id;
}

describe.skipIf(!testPgUrl)(pgTitle("serve on PostgreSQL with a worker"), () => {
  let agent: RunningAgent;
  let slowAgent: RunningAgent;
  let database: Awaited<ReturnType<typeof freshPgDatabase>>;
  let server: RunningServer;
  let worker: RunningWorker;

  beforeAll(async () => {
    agent = await startReferenceAgent({ port: 0, workMs: 0 });
    slowAgent = await startReferenceAgent({ port: 0, workMs: 1500 });
    database = await freshPgDatabase();
    server = await serve(database.url);
    worker = await startWorker({
      db: database.url,
      concurrency: 4,
      perAgentHost: 4,
      perProject: 8,
      policy: allowPrivatePolicy,
      runTimeoutMs: 30_000,
      pollIntervalMs: 20,
      heartbeatMs: 200,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await server?.close();
    await agent?.close();
    await slowAgent?.close();
    await database?.drop();
  });

  it("applies the same migrations, once, however many processes start", async () => {
    const again = await Promise.all([openDatabase(database.url), openDatabase(database.url)]);
    const versions = await again[0].sql.selectFrom("schema_migrations").select("version").execute();
    expect(versions.map((v) => Number(v.version)).sort()).toEqual(
      Array.from({ length: schemaVersion }, (_, i) => i + 1),
    );
    await Promise.all(again.map((db) => db.close()));
  });

  it("keeps the same API: projects, modules, tests, edits and a run the worker executes", async () => {
    const api = apiClient(server.url);
    const p = await api<Created>("POST", "/api/projects", { name: "On PG" });
    expect((await api("POST", "/api/projects", { name: "On PG" })).status).toBe(409);
    const m = await api<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: "M" });
    expect(
      (await api("PUT", `/api/projects/${p.body.id}/secrets/AGENT_TOKEN`, { value: "s3cr3t-pg" })).status,
    ).toBe(200);
    const test = await api<Created>("POST", "/api/tests", smokeTest(m.body.id, agent.url));
    expect(
      (await api<{ name: string }>("PATCH", `/api/projects/${p.body.id}`, { name: "Renamed" })).body.name,
    ).toBe("Renamed");
    const run = await api<Created>("POST", `/api/tests/${test.body.id}/runs`);
    const done = await waitForRun(api, run.body.id, 15_000);
    expect(done.status).toBe("passed");
    expect(JSON.stringify(done)).not.toContain("s3cr3t-pg");
    const listed = await api<{ last_run: { status: string } }[]>("GET", `/api/modules/${m.body.id}/tests`);
    expect(listed.body[0]?.last_run.status).toBe("passed");
  });

  it("shows a run's live progress from the worker, then its stored result", async () => {
    const api = apiClient(server.url);
    const testId = await newSmokeTest(api, "Live PG", slowAgent.url);
    const run = await api<Created>("POST", `/api/tests/${testId}/runs`);
    const res = await fetch(`${server.url}/api/runs/${run.body.id}/events`, {
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    expect(text).toContain(
      `event: progress\ndata: {"line":"Looking for the agent card of ${slowAgent.url}"}`,
    );
    expect(text).toMatch(/event: run-finished\ndata: \{"type":"run-finished","result":\{.*"status":"passed"/);
    expect(text).toMatch(/event: done\ndata: \{"status":"passed"\}\n/);
  });

  it("keeps showing live progress after the notification connections were cut", async () => {
    const admin = await openDatabase(database.url);
    try {
      const dbName = new URL(database.url).pathname.slice(1);
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = ${dbName} AND pid <> pg_backend_pid() AND (query LIKE 'LISTEN%' OR query LIKE '%pg_notify%')`.execute(
        admin.sql,
      );
    } finally {
      await admin.close();
    }
    await new Promise((r) => setTimeout(r, 1500)); // the buses reconnect after a second
    const api = apiClient(server.url);
    const testId = await newSmokeTest(api, "Reconnected", slowAgent.url);
    const run = await api<Created>("POST", `/api/tests/${testId}/runs`);
    const res = await fetch(`${server.url}/api/runs/${run.body.id}/events`, {
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    expect(text).toMatch(/event: run-finished\ndata: \{"type":"run-finished","result":\{.*"status":"passed"/);
  });

  it("cancels a run executing on the worker, which aborts it", async () => {
    const api = apiClient(server.url);
    const testId = await newSmokeTest(api, "Cancel PG", slowAgent.url);
    const runId = await runningRun(api, testId);
    expect((await api<RunView>("POST", `/api/runs/${runId}/cancel`)).body.status).toBe("canceled");
    const freed = Date.now() + 3000;
    while (worker.active > 0 && Date.now() < freed) await new Promise((r) => setTimeout(r, 20));
    expect(worker.active).toBe(0);
    await new Promise((r) => setTimeout(r, 1700)); // past the agent's work: the worker must not store a result
    expect((await api<RunView>("GET", `/api/runs/${runId}`)).body.status).toBe("canceled");
  });

  it("a worker that stops hands its run back, and another worker runs it without counting an attempt", async () => {
    const api = apiClient(server.url);
    const testId = await newSmokeTest(api, "Handover", slowAgent.url);
    const runId = await runningRun(api, testId);
    const second = await startWorker({
      db: database.url,
      concurrency: 1,
      perAgentHost: 4,
      perProject: 8,
      policy: allowPrivatePolicy,
      runTimeoutMs: 30_000,
      pollIntervalMs: 20,
    });
    try {
      await worker.close();
      const done = (await waitForRun(api, runId, 15_000)) as RunView & { attempts: number };
      expect(done.status).toBe("passed");
      expect(done.attempts).toBe(1);
    } finally {
      worker = second;
    }
  });

  it("a run stored as queued whose job never reached the queue is found and run", async () => {
    const api = apiClient(server.url);
    const testId = await newSmokeTest(api, "Orphan", agent.url);
    const orphanWorker = await startWorker({
      db: database.url,
      concurrency: 1,
      perAgentHost: 4,
      perProject: 8,
      policy: allowPrivatePolicy,
      runTimeoutMs: 30_000,
      pollIntervalMs: 20,
      heartbeatMs: 100,
      orphanAfterMs: 300,
    });
    const db = await openDatabase(database.url);
    try {
      // As a server that stopped between storing the run and queuing it leaves it.
      await db.sql
        .insertInto("runs")
        .values({
          id: "orphan",
          test_id: testId,
          status: "queued",
          created_at: new Date().toISOString(),
        })
        .execute();
      expect((await waitForRun(api, "orphan", 15_000)).status).toBe("passed");
    } finally {
      await db.close();
      await orphanWorker.close();
    }
  });
});

// Queue figures on PostgreSQL: runs per minute with one worker and with three, and queue pickup latency.
// Needs a throwaway PostgreSQL (PLAINWRIGHT_TEST_PG, as the tests; .ci/run starts one); skipped without.
import { randomBytes } from "node:crypto";
import pg from "pg";

const testPgUrl = process.env.PLAINWRIGHT_TEST_PG;
const RUNS = 48;
const AGENT_WORK_MS = 1000; // runs that wait on the agent, as real ones do

/** A new database on the test server for this bench; drop() removes it. */
async function freshPgDatabase() {
  const name = `pw_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: testPgUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(testPgUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function workerOptions(dist, url, concurrency) {
  const { serverPolicy } = await dist("net/outbound-policy.js");
  return {
    db: url,
    concurrency,
    perAgentHost: 100,
    perProject: 100,
    policy: { ...serverPolicy, allowLoopback: true, allowPrivate: true },
    runTimeoutMs: 60_000,
    pollIntervalMs: 50,
  };
}

const finished = (status) => status !== "queued" && status !== "running";

/** Runs per minute for RUNS runs queued at once, with `workers` workers of 4 slots. */
async function drain({ dist, url, workers, store, testIds }) {
  const { startWorker } = await dist("server/worker.js");
  const { RunJobs } = await dist("server/run-jobs.js");
  const { agentPlaceOf } = await dist("server/run-executor.js");
  const jobs = await RunJobs.open(url);
  const running = [];
  for (let i = 0; i < workers; i++) running.push(await startWorker(await workerOptions(dist, url, 4)));
  const ids = [];
  for (let i = 0; i < RUNS; i++) {
    const test = await store.catalog.test(testIds[i % testIds.length]);
    ids.push(
      (
        await store.runs.createRun(test.id, {
          projectId: "bench",
          agentHost: await agentPlaceOf(test.definition),
        })
      ).id,
    );
  }
  const started = performance.now();
  for (const id of ids) await jobs.send(id);
  for (;;) {
    const rows = await store.sql.selectFrom("runs").select(["status"]).where("id", "in", ids).execute();
    if (rows.every((r) => finished(r.status))) {
      if (rows.some((r) => r.status !== "passed")) throw new Error("a bench run did not pass");
      break;
    }
    if (performance.now() - started > 180_000) throw new Error("bench runs did not finish in 3 minutes");
    await new Promise((r) => setTimeout(r, 50));
  }
  const minutes = (performance.now() - started) / 60_000;
  await Promise.all(running.map((w) => w.close()));
  await jobs.close();
  return RUNS / minutes;
}

/** Time from enqueue to start, one run at a time, with an idle worker. */
async function pickupLatency({ dist, url, store, testId }) {
  const { startWorker } = await dist("server/worker.js");
  const { SharedRunQueue } = await dist("server/shared-queue.js");
  const queue = await SharedRunQueue.open(store, url);
  const worker = await startWorker(await workerOptions(dist, url, 1));
  const waits = [];
  try {
    for (let i = 0; i < 15; i++) {
      const run = await store.runs.createRun(testId, { projectId: "bench", agentHost: "pickup" });
      await queue.enqueue(run);
      for (let polls = 0; ; polls++) {
        const row = await store.runs.run(run.id);
        if (finished(row.status) || row.started_at) {
          waits.push(Date.parse(row.started_at) - Date.parse(row.created_at));
          break;
        }
        if (polls > 1000) throw new Error("pickup never happened");
        await new Promise((r) => setTimeout(r, 5));
      }
      while (!finished((await store.runs.run(run.id)).status)) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300)); // the worker is idle again
    }
  } finally {
    await worker.close();
    await queue.close();
  }
  return waits;
}

export default async function queueBench({ row, fmt, median, dist }) {
  if (!testPgUrl) {
    console.log(
      "queue bench skipped: no PostgreSQL (set PLAINWRIGHT_TEST_PG to a postgres:// URL; .ci/run starts one)",
    );
    return;
  }
  const { startReferenceAgent } = await dist("agent/index.js");
  const { openDatabase } = await dist("server/db/connect.js");
  const { Store } = await dist("server/store.js");
  const agents = [];
  for (let i = 0; i < 3; i++) agents.push(await startReferenceAgent({ port: 0, workMs: AGENT_WORK_MS }));
  const fast = await startReferenceAgent({ port: 0, workMs: 0 });
  const database = await freshPgDatabase();
  const db = await openDatabase(database.url);
  const store = new Store(db);
  try {
    const project = await store.catalog.createProject("Bench");
    const mod = await store.catalog.createModule(project.id, "M");
    const testFor = async (agent) => {
      const definition = {
        module_id: mod.id,
        name: agent.url,
        kind: "a2a",
        config: { agent_url: agent.url },
      };
      return (await store.catalog.createTest(mod.id, agent.url, definition, [])).id;
    };
    const ctx = { dist, url: database.url, store, testIds: await Promise.all(agents.map(testFor)) };
    const one = await drain({ ...ctx, workers: 1 });
    const three = await drain({ ...ctx, workers: 3 });
    row(
      `queue: runs/min, 1 worker x 4 slots (agent works ${AGENT_WORK_MS} ms)`,
      `${one.toFixed(0)}/min`,
      "baseline",
      true,
    );
    row("queue: runs/min, 3 workers x 4 slots", `${three.toFixed(0)}/min`, ">= 2.5x one", three >= 2.5 * one);
    const waits = await pickupLatency({ ...ctx, testId: await testFor(fast) });
    const p50 = median(waits);
    row("queue: pickup latency (enqueue to start, idle worker), p50", fmt(p50), "< 250 ms", p50 < 250);
  } finally {
    await db.close();
    await database.drop();
    await Promise.all([...agents, fast].map((a) => a.close()));
  }
}

import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { openDatabase, type Db } from "../server/db/connect.js";
import { apiClient, smokeTest } from "../server/testing/harness.js";
import { freshPgDatabase, pgTitle, testPgUrl } from "../server/testing/postgres.js";

const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
type Created = { id: string };

interface Child {
  process: ChildProcess;
  output: () => string;
}

const children: Child[] = [];

/** Starts the built CLI; resolves once its stderr shows `ready`. */
function start(args: string[], ready: RegExp): Promise<Child & { match: RegExpExecArray }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let text = "";
  const entry = { process: child, output: () => text };
  children.push(entry);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start: ${text}`)), 20_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = ready.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve({ ...entry, match });
      }
    });
    child.once("exit", (code) => reject(new Error(`${args[0]} exited ${code}: ${text}`)));
  });
}

const serveOn = async (db: string) =>
  (await start(["serve", "--db", db, "--port", "0", "--allow-private"], /serving (http:\/\/\S+)/))
    .match[1] as string;
const workerOn = (db: string, ...extra: string[]) =>
  start(
    ["worker", "--db", db, "--allow-private", "--heartbeat", "0.3", "--silent-after", "2", ...extra],
    /takes runs/,
  );

/** Polls until `done` holds; fails after `ms`. */
async function until<T>(
  what: string,
  ms: number,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end)
      throw new Error(`${what} within ${ms} ms; last: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.splice(0).map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.process.exitCode !== null || c.process.signalCode !== null) return resolve();
          c.process.once("exit", () => resolve());
          c.process.kill("SIGTERM");
          setTimeout(() => c.process.kill("SIGKILL"), 5000).unref();
        }),
    ),
  );
}

describe.skipIf(!testPgUrl)(pgTitle("a fleet: serve processes and workers on one PostgreSQL"), () => {
  let database: Awaited<ReturnType<typeof freshPgDatabase>>;
  let db: Db;
  const agents: RunningAgent[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 4; i++) agents.push(await startReferenceAgent({ port: 0, workMs: 0 }));
    agents.push(await startReferenceAgent({ port: 0, workMs: 3000 }));
  });
  afterEach(async () => {
    await stopAll();
    await db?.close();
    await database?.drop();
  });
  afterAll(async () => {
    await stopAll();
    await Promise.all(agents.map((a) => a.close()));
  });

  async function setup(api: ReturnType<typeof apiClient>, urls: string[]): Promise<string[]> {
    const p = await api<Created>("POST", "/api/projects", { name: "Fleet" });
    const m = await api<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: "M" });
    const tests: string[] = [];
    for (const url of urls)
      tests.push(
        (await api<Created>("POST", "/api/tests", smokeTest(m.body.id, url, { headers: {} }))).body.id,
      );
    return tests;
  }

  it("two serve processes and three workers drain 200 runs: none lost, none executed or stored twice", async () => {
    database = await freshPgDatabase();
    db = await openDatabase(database.url);
    const servers = await Promise.all([serveOn(database.url), serveOn(database.url)]);
    const workers = await Promise.all(
      [1, 2, 3].map(() =>
        workerOn(database.url, "--concurrency", "4", "--per-host", "50", "--per-project", "50"),
      ),
    );
    const apis = servers.map((s) => apiClient(s));
    const tests = await setup(
      apis[0]!,
      agents.slice(0, 4).map((a) => a.url),
    );
    const runIds: string[] = [];
    for (let i = 0; i < 200; i++) {
      const api = apis[i % 2]!;
      runIds.push((await api<Created>("POST", `/api/tests/${tests[i % 4]}/runs`)).body.id);
    }
    const rows = await until(
      "all 200 runs finished",
      120_000,
      () => db.sql.selectFrom("runs").select(["id", "status", "attempts", "worker"]).execute(),
      (r) => r.length >= 200 && r.every((run) => run.status !== "queued" && run.status !== "running"),
    );
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(runIds));
    expect(rows.filter((r) => r.status !== "passed")).toEqual([]);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    // Each run reported once over all workers' logs: executed and stored once. A worker logs a run after
    // storing it, and its output reaches this process through a pipe: the last lines may still be coming.
    const reportedRuns = () =>
      Promise.resolve(workers.flatMap((w) => [...w.output().matchAll(/run (\S+) passed/g)].map((m) => m[1])));
    const reported = await until(
      "200 runs in the workers' logs",
      10_000,
      reportedRuns,
      (r) => r.length >= 200,
    );
    expect(reported).toHaveLength(200);
    expect(new Set(reported).size).toBe(200);
    // Every worker took a share.
    expect(new Set(rows.map((r) => r.worker)).size).toBe(3);
  }, 180_000);

  it("a worker killed mid-run leaves its run retried on another worker, and marked interrupted after a second loss", async () => {
    database = await freshPgDatabase();
    db = await openDatabase(database.url);
    const server = await serveOn(database.url);
    // Three of the four are killed; the last one alive reaps the twice-lost run.
    const workers = await Promise.all([1, 2, 3, 4].map(() => workerOn(database.url, "--concurrency", "1")));
    const api = apiClient(server);
    const slow = agents[4]!;
    const [testId] = await setup(api, [slow.url]);
    const runRow = (id: string) =>
      db.sql.selectFrom("runs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const killHolder = async (id: string, attempt: number) => {
      const row = await until(
        "the run running",
        15_000,
        () => runRow(id),
        (r) => r.status === "running" && r.attempts === attempt,
      );
      const pid = Number(row.worker?.split(":")[1]);
      const holder = workers.find((w) => w.process.pid === pid);
      expect(holder).toBeDefined();
      holder?.process.kill("SIGKILL");
      return pid;
    };

    const retried = (await api<Created>("POST", `/api/tests/${testId}/runs`)).body.id;
    const killed = await killHolder(retried, 1);
    const done = await until(
      "the retried run finished",
      30_000,
      () => runRow(retried),
      (r) => r.status !== "running" && r.status !== "queued" && r.attempts === 2,
    );
    expect(done.status).toBe("passed");
    expect(done.worker).not.toContain(`:${killed}:`);

    const lost = (await api<Created>("POST", `/api/tests/${testId}/runs`)).body.id;
    await killHolder(lost, 1);
    await killHolder(lost, 2);
    const ended = await until(
      "the twice-lost run marked",
      30_000,
      () => runRow(lost),
      (r) => r.status !== "running" && r.status !== "queued",
    );
    expect(ended.status).toBe("error");
    const reason = (JSON.parse(ended.result ?? "{}") as { reason?: string }).reason;
    expect(reason).toMatch(/^interrupted: worker .* stopped sending heartbeats during attempt 2 of 2/);
  }, 120_000);

  it("per-host limits hold across workers while a run against another host starts at once", async () => {
    database = await freshPgDatabase();
    db = await openDatabase(database.url);
    const server = await serveOn(database.url);
    await Promise.all(
      [1, 2, 3].map(() =>
        workerOn(database.url, "--concurrency", "4", "--per-host", "2", "--per-project", "50"),
      ),
    );
    const api = apiClient(server);
    const slow = agents[4]!;
    const [slowTest, fastTest] = await setup(api, [slow.url, agents[0]!.url]);
    const other = await serveOn(database.url);
    const slowRuns: string[] = [];
    for (let i = 0; i < 6; i++)
      slowRuns.push((await api<Created>("POST", `/api/tests/${slowTest}/runs`)).body.id);
    const fastRun = (await api<Created>("POST", `/api/tests/${fastTest}/runs`)).body.id;
    // Another serve process follows a run live while a worker executes it (LISTEN/NOTIFY): the last
    // slow run waits for a slot, so the stream opens before it starts.
    const live = fetch(`${other}/api/runs/${slowRuns[5]}/events`, {
      signal: AbortSignal.timeout(30_000),
    }).then((r) => r.text());
    let most = 0;
    const host = new URL(slow.url).host;
    const rows = await until(
      "the slow runs finished",
      60_000,
      async () => {
        const running = await db.sql
          .selectFrom("runs")
          .select("id")
          .where("agent_host", "=", host)
          .where("status", "=", "running")
          .execute();
        most = Math.max(most, running.length);
        return db.sql.selectFrom("runs").selectAll().execute();
      },
      (r) => r.every((run) => run.status !== "queued" && run.status !== "running"),
    );
    expect(most).toBe(2);
    const stream = await live;
    expect(stream).toContain('event: status\ndata: {"status":"running"}');
    expect(stream).toMatch(/event: run-finished\ndata: \{"type":"run-finished","result":\{/);
    expect(stream).toMatch(/event: done\ndata: \{"status":"passed"\}/);
    expect(rows.filter((r) => r.status !== "passed")).toEqual([]);
    const fast = rows.find((r) => r.id === fastRun)!;
    expect(Date.parse(fast.started_at ?? "") - Date.parse(fast.created_at)).toBeLessThan(1500);
    expect(slowRuns).toHaveLength(6);
  }, 90_000);
});

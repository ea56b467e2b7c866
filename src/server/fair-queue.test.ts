import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { openDatabase } from "./db/connect.js";
import { apiClient, serve, smokeTest, tempDir, waitForRun } from "./testing/harness.js";

type Created = { id: string };
interface RunTimes {
  status: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

let slow: RunningAgent;
let fast: RunningAgent;
const SLOW_MS = 2500;

beforeAll(async () => {
  slow = await startReferenceAgent({ port: 0, workMs: SLOW_MS });
  fast = await startReferenceAgent({ port: 0, workMs: 0 });
});
afterAll(async () => {
  await slow?.close();
  await fast?.close();
});

const waited = (run: RunTimes) => Date.parse(run.started_at ?? "") - Date.parse(run.created_at);

describe("fair scheduling", () => {
  it("a fast run behind four slow runs on another agent host starts at once", async () => {
    const tmp = tempDir();
    const server = await serve(tmp.db, { concurrency: 4, perAgentHost: 2, perProject: 8 });
    try {
      const api = apiClient(server.url);
      const p = await api<Created>("POST", "/api/projects", { name: "Fair" });
      const m = await api<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: "M" });
      const slowTest = await api<Created>(
        "POST",
        "/api/tests",
        smokeTest(m.body.id, slow.url, { headers: {} }),
      );
      const fastTest = await api<Created>(
        "POST",
        "/api/tests",
        smokeTest(m.body.id, fast.url, { headers: {} }),
      );
      const slowRuns = [];
      for (let i = 0; i < 4; i++)
        slowRuns.push(await api<Created>("POST", `/api/tests/${slowTest.body.id}/runs`));
      const fastRun = await api<Created>("POST", `/api/tests/${fastTest.body.id}/runs`);

      const fastDone = (await waitForRun(api, fastRun.body.id, 10_000)) as unknown as RunTimes;
      expect(fastDone.status).toBe("passed");
      // Without a per-host limit the four slow runs take all four slots and the fast one waits SLOW_MS.
      expect(waited(fastDone)).toBeLessThan(SLOW_MS / 2);
      const slowDone = await Promise.all(slowRuns.map((r) => waitForRun(api, r.body.id, 20_000)));
      expect(slowDone.map((r) => r.status)).toEqual(Array(4).fill("passed"));
      // Two at a time against the slow host: the last two waited for a slot.
      const slowWaits = (slowDone as unknown as RunTimes[]).map(waited).sort((a, b) => a - b);
      expect(slowWaits[3]).toBeGreaterThanOrEqual(SLOW_MS / 2);
    } finally {
      await server.close();
      tmp.remove();
    }
  });

  it("a project holds at most its own slots, so another project's run starts at once", async () => {
    const tmp = tempDir();
    const server = await serve(tmp.db, { concurrency: 4, perAgentHost: 8, perProject: 2 });
    try {
      const api = apiClient(server.url);
      const make = async (name: string, url: string) => {
        const p = await api<Created>("POST", "/api/projects", { name });
        const m = await api<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: "M" });
        return (await api<Created>("POST", "/api/tests", smokeTest(m.body.id, url, { headers: {} }))).body.id;
      };
      const busy = await make("Busy", slow.url);
      const other = await make("Other", slow.url);
      const busyRuns = [];
      for (let i = 0; i < 4; i++) busyRuns.push(await api<Created>("POST", `/api/tests/${busy}/runs`));
      const otherRun = await api<Created>("POST", `/api/tests/${other}/runs`);
      const otherDone = (await waitForRun(api, otherRun.body.id, 10_000)) as unknown as RunTimes;
      expect(waited(otherDone)).toBeLessThan(SLOW_MS / 2);
      await Promise.all(busyRuns.map((r) => waitForRun(api, r.body.id, 20_000)));
    } finally {
      await server.close();
      tmp.remove();
    }
  });
});

describe("restart", () => {
  it("queues again the runs a previous process left queued, and they run", async () => {
    const tmp = tempDir();
    try {
      let server = await serve(tmp.db);
      let api = apiClient(server.url);
      const p = await api<Created>("POST", "/api/projects", { name: "Restart" });
      const m = await api<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: "M" });
      const test = await api<Created>("POST", "/api/tests", smokeTest(m.body.id, fast.url, { headers: {} }));
      await server.close();
      // A run accepted just before the process stopped, as a crash leaves it.
      const db = await openDatabase(tmp.db);
      await db.sql
        .insertInto("runs")
        .values({
          id: "waiting",
          test_id: test.body.id,
          status: "queued",
          created_at: new Date().toISOString(),
        })
        .execute();
      await db.close();

      server = await serve(tmp.db);
      api = apiClient(server.url);
      expect(server.requeued).toBe(1);
      expect((await waitForRun(api, "waiting", 10_000)).status).toBe("passed");
      await server.close();
    } finally {
      tmp.remove();
    }
  });
});

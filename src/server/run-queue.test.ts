import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunningServer } from "./server.js";
import { apiClient, serve, smokeTest, tempDir, waitForRun } from "./testing/harness.js";

type Created = { id: string };

/** An "agent" that accepts every connection and never answers. */
async function hangingAgent(): Promise<{ url: string; server: Server }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let agent: RunningAgent;
let hanging: { url: string; server: Server };
let server: RunningServer;
const tmp = tempDir();

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, workMs: 0 });
  hanging = await hangingAgent();
  server = await serve(tmp.db, { concurrency: 2, runTimeoutMs: 1500 });
});
afterAll(async () => {
  await server?.close();
  await agent?.close();
  hanging?.server.closeAllConnections();
  hanging?.server.close();
  tmp.remove();
});

describe("background runs", () => {
  it("a hanging agent holds one slot for a bounded time while other runs and requests go on", async () => {
    const api = apiClient(server.url);
    const p = await api<Created>("POST", "/api/projects", { name: "Queue" });
    const m = await api<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: "M" });
    const stuckTest = await api<Created>(
      "POST",
      "/api/tests",
      smokeTest(m.body.id, hanging.url, { headers: {}, timeout_s: 60 }),
    );
    const goodTest = await api<Created>(
      "POST",
      "/api/tests",
      smokeTest(m.body.id, agent.url, { headers: {} }),
    );
    const stuck = await api<Created>("POST", `/api/tests/${stuckTest.body.id}/runs`);
    const good = await api<Created>("POST", `/api/tests/${goodTest.body.id}/runs`);

    expect((await api("GET", "/api/projects")).status).toBe(200);
    expect((await waitForRun(api, good.body.id, 10_000)).status).toBe("passed");
    const stuckDone = await waitForRun(api, stuck.body.id, 10_000);
    expect(stuckDone.status).toBe("error");
    expect(stuckDone.result?.reason).toMatch(/took longer than 2 s and was stopped/);
  });

  it("streams the runner's events as JSON, named by their type, then the stored result", async () => {
    const api = apiClient(server.url);
    const p = await api<Created>("POST", "/api/projects", { name: "Live" });
    const m = await api<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: "M" });
    // The hanging agent keeps the run going until the run deadline, so the stream is followed live.
    const test = await api<Created>("POST", "/api/tests", smokeTest(m.body.id, hanging.url, { headers: {} }));
    const run = await api<Created>("POST", `/api/tests/${test.body.id}/runs`);
    const res = await fetch(`${server.url}/api/runs/${run.body.id}/events`, {
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const started = /event: run-started\ndata: (.*)\n/.exec(text)?.[1];
    expect(JSON.parse(started ?? "null")).toMatchObject({
      type: "run-started",
      kind: "a2a",
      agent_url: hanging.url,
    });
    expect(text).toContain(`event: card-lookup\ndata: {"type":"card-lookup","agent_url":"${hanging.url}"}`);
    expect(text).toContain(`event: progress\ndata: {"line":"Looking for the agent card of ${hanging.url}"}`);
    const finished = /event: run-finished\ndata: (.*)\n/.exec(text)?.[1];
    expect(JSON.parse(finished ?? "null")).toMatchObject({
      type: "run-finished",
      result: { status: "error" },
    });
    expect(text).toMatch(/event: done\ndata: \{"status":"error"\}/);
  });

  it("queues runs beyond the concurrency cap and runs them all", async () => {
    const api = apiClient(server.url);
    const p = await api<Created>("POST", "/api/projects", { name: "Many" });
    const m = await api<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: "M" });
    const test = await api<Created>("POST", "/api/tests", smokeTest(m.body.id, agent.url, { headers: {} }));
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        api<{ id: string; status: string }>("POST", `/api/tests/${test.body.id}/runs`),
      ),
    );
    expect(runs.every((r) => r.body.status === "queued")).toBe(true);
    const done = await Promise.all(runs.map((r) => waitForRun(api, r.body.id, 15_000)));
    expect(done.map((d) => d.status)).toEqual(Array(6).fill("passed"));
  });
});

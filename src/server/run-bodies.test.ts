import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { FinishedRunBodies } from "./run-bodies.js";
import type { RunningServer } from "./server.js";
import type { RunHeadRow } from "./store/rows.js";
import { apiClient, newModule, serve, smokeTest, tempDir, waitForRun } from "./testing/harness.js";

const head = (
  id: string,
  finished_at: string | null,
  status: RunHeadRow["status"] = "passed",
): RunHeadRow => ({
  id,
  test_id: "t",
  status,
  created_at: "2026-01-01T00:00:00.000Z",
  started_at: null,
  finished_at,
  attempts: 1,
  progress: "[]",
});

describe("FinishedRunBodies", () => {
  it("serves a kept body only while the run's row shows the same finish", () => {
    const bodies = new FinishedRunBodies();
    bodies.put(head("r1", "2026-01-01T00:00:01.000Z"), Buffer.from("one"));
    expect(bodies.get(head("r1", "2026-01-01T00:00:01.000Z"))?.toString()).toBe("one");
    expect(bodies.get(head("r1", "2026-01-01T00:00:02.000Z"))).toBeUndefined();
    expect(bodies.get(head("r1", "2026-01-01T00:00:01.000Z"))).toBeUndefined();
  });

  it("drops the least recently used body past its byte budget", () => {
    const bodies = new FinishedRunBodies(40);
    const at = "2026-01-01T00:00:01.000Z";
    bodies.put(head("a", at), Buffer.alloc(10));
    bodies.put(head("b", at), Buffer.alloc(10));
    bodies.get(head("a", at)); // b is now the least recently used
    bodies.put(head("c", at), Buffer.alloc(10));
    bodies.put(head("d", at), Buffer.alloc(10));
    bodies.put(head("e", at), Buffer.alloc(11)); // over a quarter of the budget: never kept
    bodies.put(head("f", at), Buffer.alloc(10));
    const kept = ["a", "b", "c", "d", "e", "f"].filter((id) => bodies.get(head(id, at)));
    expect(kept).toEqual(["a", "c", "d", "f"]);
  });
});

describe("GET /api/runs/{id} of a finished run", () => {
  const tmp = tempDir();
  let server: RunningServer;
  let agent: RunningAgent;

  beforeAll(async () => {
    agent = await startReferenceAgent({ port: 0, workMs: 0 });
    server = await serve(tmp.db);
  });

  afterAll(async () => {
    await server?.close();
    await agent?.close();
    tmp.remove();
  });

  it("answers the same JSON every time, and 404 once the run's test is deleted", async () => {
    const api = apiClient(server.url);
    const moduleId = await newModule(api, "Shop", "M");
    const test = await api<{ id: string }>(
      "POST",
      "/api/tests",
      smokeTest(moduleId, agent.url, { headers: {} }),
    );
    const run = await api<{ id: string }>("POST", `/api/tests/${test.body.id}/runs`);
    const done = await waitForRun(api, run.body.id);
    expect(done.result?.status).toBe("passed");
    const read = async () => {
      const res = await fetch(`${server.url}/api/runs/${run.body.id}`);
      return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
    };
    const first = await read();
    const second = await read();
    expect(second).toEqual(first);
    expect(first.type).toBe("application/json; charset=utf-8");
    expect(JSON.parse(first.text)).toEqual(done);
    expect((await api("DELETE", `/api/tests/${test.body.id}`)).status).toBe(204);
    expect((await read()).status).toBe(404);
  }, 30_000);
});

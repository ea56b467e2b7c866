import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { holdingAgent } from "../runner/testing/holding-agent.js";
import type { RunningServer } from "./server.js";
import { apiClient, serve, smokeTest, tempDir } from "./testing/harness.js";

let server: RunningServer;
const tmp = tempDir();
const agents: Array<{ close: () => Promise<void> }> = [];

beforeAll(async () => {
  server = await serve(tmp.db);
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});
afterAll(async () => {
  await server?.close();
  tmp.remove();
});

/** A project with one smoke test against an agent that holds every message, and a run of it in flight. */
async function runInFlight() {
  const agent = await holdingAgent();
  agents.push(agent);
  const api = apiClient(server.url);
  const project = await api<{ id: string }>("POST", "/api/projects", { name: `p-${Math.random()}` });
  const mod = await api<{ id: string }>("POST", `/api/projects/${project.body.id}/modules`, { name: "m" });
  const test = await api<{ id: string }>(
    "POST",
    "/api/tests",
    smokeTest(mod.body.id, agent.url, { headers: {}, timeout_s: 120 }),
  );
  const run = await api<{ id: string }>("POST", `/api/tests/${test.body.id}/runs`);
  await agent.held(1);
  return {
    api,
    agent,
    projectId: project.body.id,
    moduleId: mod.body.id,
    testId: test.body.id,
    runId: run.body.id,
  };
}

describe("deleting what a run belongs to", () => {
  it.each([
    ["project", (r: Awaited<ReturnType<typeof runInFlight>>) => `/api/projects/${r.projectId}`],
    ["module", (r: Awaited<ReturnType<typeof runInFlight>>) => `/api/modules/${r.moduleId}`],
    ["test", (r: Awaited<ReturnType<typeof runInFlight>>) => `/api/tests/${r.testId}`],
  ])("a %s stops its runs' work, and a later cancel is told the run has finished", async (what, path) => {
    const r = await runInFlight();
    expect((await r.api("DELETE", path(r))).status).toBe(204);
    // The run's request to the agent is closed: its work has stopped (bounded by the test's timeout).
    await r.agent.released(1);
    const cancel = await r.api<{ error: { message: string } }>("POST", `/api/runs/${r.runId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.message).toContain(`canceled when its ${what} was deleted`);
  });
});

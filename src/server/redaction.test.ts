import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "./server.js";
import { apiClient, serve, smokeTest, tempDir, waitForRun } from "./testing/harness.js";

let server: RunningServer;
const tmp = tempDir();

beforeAll(async () => {
  server = await serve(tmp.db);
});
afterAll(async () => {
  await server?.close();
  tmp.remove();
});

async function project() {
  const api = apiClient(server.url);
  const p = await api<{ id: string }>("POST", "/api/projects", { name: `p-${Math.random()}` });
  const m = await api<{ id: string }>("POST", `/api/projects/${p.body.id}/modules`, { name: "m" });
  return { api, projectId: p.body.id, moduleId: m.body.id };
}

describe("redaction that cannot miss", () => {
  it("refuses a secret shorter than 8 characters with the rule", async () => {
    const { api, projectId } = await project();
    const short = await api<{ error: { message: string; field: string } }>(
      "PUT",
      `/api/projects/${projectId}/secrets/PIN`,
      { value: "q7" },
    );
    expect(short.status).toBe(400);
    expect(short.body.error.field).toBe("value");
    expect(short.body.error.message).toMatch(/at least 8 characters/);
  });

  it("keeps a password in the agent URL's user-info out of the reason, the card and the traffic", async () => {
    const { api, moduleId } = await project();
    const test = await api<{ id: string }>(
      "POST",
      "/api/tests",
      smokeTest(moduleId, "http://admin:hunter2-pass@127.0.0.1:1/agent", { headers: {} }),
    );
    expect(test.status).toBe(201);
    const run = await api<{ id: string }>("POST", `/api/tests/${test.body.id}/runs`);
    const done = await waitForRun(api, run.body.id);
    expect(["error", "failed"]).toContain(done.status);
    const stored = JSON.stringify(done);
    expect(stored).not.toContain("hunter2-pass");
    expect(stored).not.toContain("admin:");
    // The reason says what the card location answered, not just "none returned a JSON object".
    expect(done.result?.reason).toMatch(/nothing answers at .*connection refused/);
  });

  it("says where to add a missing secret on the server, not an environment variable it does not read", async () => {
    const { api, moduleId } = await project();
    const test = await api<{ id: string }>("POST", "/api/tests", smokeTest(moduleId, "http://127.0.0.1:1/"));
    const run = await api<{ id: string }>("POST", `/api/tests/${test.body.id}/runs`);
    const done = await waitForRun(api, run.body.id);
    expect(done.result?.reason).toMatch(
      /secret AGENT_TOKEN is not set: add AGENT_TOKEN to the project's secrets/,
    );
    expect(done.result?.reason).not.toMatch(/PLAINWRIGHT_SECRET_/);
  });
});

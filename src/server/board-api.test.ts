import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { RunningServer } from "./server.js";
import { apiClient, serve, smokeTest, tempDir, waitForRun, type RunView } from "./testing/harness.js";

type Created = { id: string; name?: string };

let agent: RunningAgent;
let hanging: Server;
let hangingUrl: string;
/** Requests the hanging agent received whose connection the client has since closed. */
let abandoned = 0;
let server: RunningServer;
const tmp = tempDir();

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, workMs: 0 });
  hanging = createServer((req) => {
    req.socket.once("close", () => (abandoned += 1));
  });
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  server = await serve(tmp.db, { concurrency: 1, runTimeoutMs: 30_000 });
});
afterAll(async () => {
  await server?.close();
  await agent?.close();
  hanging?.closeAllConnections();
  hanging?.close();
  tmp.remove();
});

async function makeModule(name: string) {
  const api = apiClient(server.url);
  const p = await api<Created>("POST", "/api/projects", { name });
  const m = await api<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: "M" });
  return { api, projectId: p.body.id, moduleId: m.body.id };
}

describe("editing the board", () => {
  it("renames a project, refusing a name another project has", async () => {
    const { api, projectId } = await makeModule("Before");
    await api("POST", "/api/projects", { name: "Taken" });
    const renamed = await api<Created>("PATCH", `/api/projects/${projectId}`, { name: "After" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("After");
    expect((await api("PATCH", `/api/projects/${projectId}`, { name: "Taken" })).status).toBe(409);
    expect((await api("PATCH", `/api/projects/${projectId}`, { name: " " })).status).toBe(400);
    expect((await api("PATCH", "/api/projects/nope", { name: "X" })).status).toBe(404);
  });

  it("deletes a project with its modules and tests", async () => {
    const { api, projectId, moduleId } = await makeModule("Doomed");
    const test = await api<Created>("POST", "/api/tests", smokeTest(moduleId, agent.url, { headers: {} }));
    expect((await api("DELETE", `/api/projects/${projectId}`)).status).toBe(204);
    expect((await api("GET", `/api/projects/${projectId}`)).status).toBe(404);
    expect((await api("GET", `/api/modules/${moduleId}`)).status).toBe(404);
    expect((await api("GET", `/api/tests/${test.body.id}`)).status).toBe(404);
    expect((await api("DELETE", `/api/projects/${projectId}`)).status).toBe(404);
  });

  it("renames and deletes a module, refusing a name its project already uses", async () => {
    const { api, projectId, moduleId } = await makeModule("Modules");
    await api("POST", `/api/projects/${projectId}/modules`, { name: "Other" });
    expect((await api<Created>("PATCH", `/api/modules/${moduleId}`, { name: "Renamed" })).body.name).toBe(
      "Renamed",
    );
    expect((await api("PATCH", `/api/modules/${moduleId}`, { name: "Other" })).status).toBe(409);
    expect((await api("DELETE", `/api/modules/${moduleId}`)).status).toBe(204);
    expect((await api("GET", `/api/modules/${moduleId}`)).status).toBe(404);
    expect((await api("DELETE", `/api/modules/${moduleId}`)).status).toBe(404);
  });

  it("replaces a test's definition, validated as on create", async () => {
    const { api, moduleId } = await makeModule("Edits");
    const test = await api<Created>("POST", "/api/tests", smokeTest(moduleId, agent.url, { headers: {} }));
    const edited = { ...smokeTest(moduleId, agent.url, { headers: {}, timeout_s: 5 }), name: "Edited" };
    const { module_id: _kept, ...withoutModule } = edited;
    const res = await api<{ name: string; config: { timeout_s: number }; module_id: string }>(
      "PATCH",
      `/api/tests/${test.body.id}`,
      withoutModule,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Edited", module_id: moduleId, config: { timeout_s: 5 } });
    const bad = await api<{ error: { field: string } }>("PATCH", `/api/tests/${test.body.id}`, {
      ...edited,
      config: { agent_url: agent.url, timeout_s: 301 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("config.timeout_s");
    expect((await api("GET", `/api/tests/${test.body.id}`)).body).toMatchObject({ name: "Edited" });
    expect((await api("PATCH", "/api/tests/nope", edited)).status).toBe(404);
  });
});

describe("canceling a run", () => {
  it("stops a running run at once, frees its slot, and refuses to cancel a finished run", async () => {
    const { api, moduleId } = await makeModule("Cancel");
    const stuckTest = await api<Created>(
      "POST",
      "/api/tests",
      smokeTest(moduleId, hangingUrl, { headers: {}, timeout_s: 60 }),
    );
    const goodTest = await api<Created>(
      "POST",
      "/api/tests",
      smokeTest(moduleId, agent.url, { headers: {} }),
    );
    const stuck = await api<Created>("POST", `/api/tests/${stuckTest.body.id}/runs`);
    const good = await api<Created>("POST", `/api/tests/${goodTest.body.id}/runs`);
    // One slot: the good run waits behind the stuck one until the cancel frees it.
    const until = Date.now() + 5000;
    while ((await api<RunView>("GET", `/api/runs/${stuck.body.id}`)).body.status !== "running") {
      if (Date.now() > until) throw new Error("the stuck run never started");
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await api<RunView>("GET", `/api/runs/${good.body.id}`)).body.status).toBe("queued");
    const abandonedBefore = abandoned;
    const canceled = await api<RunView>("POST", `/api/runs/${stuck.body.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe("canceled");
    expect(canceled.body.result?.reason).toMatch(/canceled/);
    expect((await waitForRun(api, good.body.id, 10_000)).status).toBe("passed");
    // The abort reached the request in flight: the runner hung up on the agent (the card wait is 20 s).
    const hungUp = Date.now() + 3000;
    while (abandoned === abandonedBefore && Date.now() < hungUp) await new Promise((r) => setTimeout(r, 20));
    expect(abandoned).toBeGreaterThan(abandonedBefore);
    const again = await api<{ error: { message: string } }>("POST", `/api/runs/${stuck.body.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already finished \(status canceled\)/);
    expect((await api("POST", `/api/runs/${good.body.id}/cancel`)).status).toBe(409);
    expect((await api("POST", "/api/runs/nope/cancel")).status).toBe(404);
    expect((await api<RunView>("GET", `/api/runs/${stuck.body.id}`)).body.status).toBe("canceled");
  });

  it("cancels a queued run before it starts", async () => {
    const { api, moduleId } = await makeModule("Cancel queued");
    const stuckTest = await api<Created>(
      "POST",
      "/api/tests",
      smokeTest(moduleId, hangingUrl, { headers: {} }),
    );
    const first = await api<Created>("POST", `/api/tests/${stuckTest.body.id}/runs`);
    const second = await api<Created>("POST", `/api/tests/${stuckTest.body.id}/runs`);
    expect((await api<RunView>("POST", `/api/runs/${second.body.id}/cancel`)).body.status).toBe("canceled");
    expect((await api<RunView>("POST", `/api/runs/${first.body.id}/cancel`)).body.status).toBe("canceled");
    const events = await fetch(`${server.url}/api/runs/${second.body.id}/events`, {
      signal: AbortSignal.timeout(5000),
    });
    expect(await events.text()).toMatch(/event: done\ndata: \{"status":"canceled"\}/);
  });
});

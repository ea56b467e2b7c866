import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { serverPolicy } from "../net/outbound-policy.js";
import { openDatabase } from "./db/connect.js";
import type { RunningServer } from "./server.js";
import { apiClient, serve, smokeTest, tempDir, waitForRun, type RunView } from "./testing/harness.js";

type Api = ReturnType<typeof apiClient>;
type Created = { id: string };

let agent: RunningAgent;
const tmp = tempDir();
let server: RunningServer;
let api: Api;

async function makeModule(
  a: Api,
  project = "Helpdesk",
  mod = "Agents",
): Promise<{ projectId: string; moduleId: string }> {
  const p = await a<Created>("POST", "/api/projects", { name: project });
  const m = await a<Created>("POST", `/api/projects/${p.body.id}/modules`, { name: mod });
  return { projectId: p.body.id, moduleId: m.body.id };
}

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, workMs: 0 });
  server = await serve(tmp.db);
  api = apiClient(server.url);
});
afterAll(async () => {
  await server?.close();
  await agent?.close();
  tmp.remove();
});

describe("plainwright serve REST API", () => {
  it("creates a project, module and the smoke test of docs/test-files.md, runs it in the background and it passes", async () => {
    const { projectId, moduleId } = await makeModule(api);
    const secret = await api("PUT", `/api/projects/${projectId}/secrets/AGENT_TOKEN`, {
      value: "s3cret-value-42",
    });
    expect(secret.status).toBe(200);
    expect(JSON.stringify(secret.body)).not.toContain("s3cret");
    const test = await api<Created & { config: unknown }>(
      "POST",
      "/api/tests",
      smokeTest(moduleId, agent.url),
    );
    expect(test.status).toBe(201);
    const run = await api<{ id: string; status: string }>("POST", `/api/tests/${test.body.id}/runs`);
    expect(run.status).toBe(201);
    expect(run.body.status).toBe("queued");
    const done = await waitForRun(api, run.body.id);
    expect(done.status, done.result?.reason).toBe("passed");
    expect(done.result?.status).toBe("passed");
    expect(done.test_id).toBe(test.body.id);
    // The secret was sent (Authorization header) yet appears nowhere in the stored result.
    const raw = await fetch(`${server.url}/api/runs/${run.body.id}`).then((r) => r.text());
    expect(raw).not.toContain("s3cret-value-42");
    expect(raw).toContain("[redacted]");
    const names = await api<{ name: string }[]>("GET", `/api/projects/${projectId}/secrets`);
    expect(names.body).toEqual([expect.objectContaining({ name: "AGENT_TOKEN" })]);
    expect(JSON.stringify(names.body)).not.toContain("s3cret");
    const listed = await api<RunView[]>("GET", `/api/tests/${test.body.id}/runs`);
    expect(listed.body.map((r) => r.status)).toEqual(["passed"]);
  });

  it("runs a conformance test created from JSON and stores its findings", async () => {
    const { moduleId } = await makeModule(api, "Conformance");
    const test = await api<Created>("POST", "/api/tests", {
      module_id: moduleId,
      name: "Helpdesk conformance",
      kind: "conformance",
      config: {
        agent_url: agent.url,
        timeout_s: 10,
        transports: ["jsonrpc"],
        categories: ["lifecycle", "errors"],
      },
    });
    expect(test.status).toBe(201);
    const run = await api<Created>("POST", `/api/tests/${test.body.id}/runs`);
    const done = await waitForRun(api, run.body.id);
    expect(done.status, done.result?.reason).toBe("passed");
    const findings = (done.result as { findings?: Array<{ category: string }> } | undefined)?.findings ?? [];
    expect(findings.length).toBeGreaterThan(5);
    expect(new Set(findings.map((f) => f.category))).toEqual(new Set(["lifecycle", "errors"]));
  });

  it("never shows a secret used in the agent URL, neither in live progress nor in the stored run", async () => {
    const { projectId, moduleId } = await makeModule(api, "Secret URL");
    await api("PUT", `/api/projects/${projectId}/secrets/TENANT`, { value: "tenant-secret-77" });
    const body = smokeTest(moduleId, `${agent.url}/?tenant={{secrets.TENANT}}`, { headers: {} });
    const test = await api<Created>("POST", "/api/tests", body);
    const run = await api<Created>("POST", `/api/tests/${test.body.id}/runs`);
    const live = await fetch(`${server.url}/api/runs/${run.body.id}/events`, {
      signal: AbortSignal.timeout(15_000),
    });
    const events = await live.text();
    expect(events).toContain("event: progress");
    expect(events).toContain("[redacted]");
    expect(events).not.toContain("tenant-secret-77");
    await waitForRun(api, run.body.id);
    const stored = await fetch(`${server.url}/api/runs/${run.body.id}`).then((r) => r.text());
    expect(stored).not.toContain("tenant-secret-77");
    expect(JSON.stringify((await api("GET", `/api/tests/${test.body.id}`)).body)).not.toContain(
      "tenant-secret-77",
    );
  });

  it("streams a run's progress as text/event-stream", async () => {
    const { moduleId } = await makeModule(api, "Events");
    const test = await api<Created>("POST", "/api/tests", smokeTest(moduleId, agent.url, { headers: {} }));
    const run = await api<Created>("POST", `/api/tests/${test.body.id}/runs`);
    const res = await fetch(`${server.url}/api/runs/${run.body.id}/events`, {
      signal: AbortSignal.timeout(15_000),
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await res.text(); // the server closes the stream after `done`
    expect(text).toContain("event: progress");
    expect(text).toMatch(/event: done\ndata: \{"status":"passed"\}/);
  });

  it("answers invalid test JSON with 400 naming the field", async () => {
    const { moduleId } = await makeModule(api, "Invalid");
    const cases: [unknown, string][] = [
      [smokeTest(moduleId, agent.url, { timeout_s: 301 }), "config.timeout_s"],
      [{ ...smokeTest(moduleId, agent.url), kind: "mcp" }, "kind"],
      [smokeTest(moduleId, "ftp://example.com"), "config.agent_url"],
      [{ ...smokeTest(moduleId, agent.url), module_id: undefined }, "module_id"],
      [{ ...smokeTest(moduleId, agent.url), name: 7 }, "name"],
    ];
    for (const [body, field] of cases) {
      const res = await api<{ error: { message: string; field?: string } }>("POST", "/api/tests", body);
      expect(res.status, field).toBe(400);
      expect(res.body.error.field).toBe(field);
      expect(res.body.error.message).toContain(field);
    }
    const broken = await fetch(`${server.url}/api/tests`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toMatch(/not valid JSON/);
  });

  it("answers 404 for unknown ids and 409 for duplicate names", async () => {
    expect((await api("GET", "/api/runs/nope")).status).toBe(404);
    expect((await api("GET", "/api/tests/nope")).status).toBe(404);
    expect((await api("GET", "/api/projects/nope/modules")).status).toBe(404);
    expect((await api("GET", "/api/nothing-here")).status).toBe(404);
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    await api("POST", "/api/projects", { name: "Twice" });
    const again = await api<{ error: { field: string } }>("POST", "/api/projects", { name: "Twice" });
    expect(again.status).toBe(409);
    expect(again.body.error.field).toBe("name");
  });

  it("deletes a test with its runs", async () => {
    const { moduleId } = await makeModule(api, "Delete");
    const test = await api<Created>("POST", "/api/tests", smokeTest(moduleId, agent.url, { headers: {} }));
    const run = await api<Created>("POST", `/api/tests/${test.body.id}/runs`);
    await waitForRun(api, run.body.id);
    expect((await api("DELETE", `/api/tests/${test.body.id}`)).status).toBe(204);
    expect((await api("GET", `/api/tests/${test.body.id}`)).status).toBe(404);
    expect((await api("GET", `/api/runs/${run.body.id}`)).status).toBe(404);
  });

  it("serves an OpenAPI 3.1 document describing every path", async () => {
    const doc = await api<{ openapi: string; paths: Record<string, unknown> }>("GET", "/api/openapi.json");
    expect(doc.body.openapi).toBe("3.1.0");
    for (const path of [
      "/api/projects",
      "/api/projects/{id}/modules",
      "/api/projects/{id}/secrets/{name}",
      "/api/modules/{id}/tests",
      "/api/tests",
      "/api/tests/{id}",
      "/api/tests/{id}/runs",
      "/api/runs/{id}",
      "/api/runs/{id}/events",
    ]) {
      expect(doc.body.paths).toHaveProperty([path]);
    }
  });

  it("sends a strict Content-Security-Policy and nosniff", async () => {
    const res = await fetch(`${server.url}/api/projects`);
    const csp = res.headers.get("content-security-policy") ?? "";
    for (const rule of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(rule);
    }
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses cross-site requests when no token is set", async () => {
    const res = await fetch(`${server.url}/api/projects`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ name: "x" }),
    });
    expect(res.status).toBe(403);
  });
});

describe("persistence across restarts", () => {
  it("keeps projects, tests and runs, and marks a run left running as error with the reason", async () => {
    const dir = tempDir();
    try {
      let s = await serve(dir.db);
      let a = apiClient(s.url);
      const { moduleId } = await makeModule(a, "Persisted");
      const test = await a<Created>("POST", "/api/tests", smokeTest(moduleId, agent.url, { headers: {} }));
      const run = await a<Created>("POST", `/api/tests/${test.body.id}/runs`);
      await waitForRun(a, run.body.id);
      await s.close();
      // A run the previous process never finished, as a crash leaves it.
      const db = await openDatabase(dir.db);
      await db.sql
        .insertInto("runs")
        .values({
          id: "stuck",
          test_id: test.body.id,
          status: "running",
          created_at: new Date().toISOString(),
        })
        .execute();
      await db.close();

      s = await serve(dir.db);
      a = apiClient(s.url);
      expect(s.interrupted).toBe(1);
      const projects = await a<{ name: string }[]>("GET", "/api/projects");
      expect(projects.body.map((p) => p.name)).toEqual(["Persisted"]);
      expect((await a<RunView>("GET", `/api/runs/${run.body.id}`)).body.status).toBe("passed");
      const stuck = await a<RunView>("GET", "/api/runs/stuck");
      expect(stuck.body.status).toBe("error");
      expect(stuck.body.result?.reason).toMatch(/server stopped while this run was running/);
      await s.close();
    } finally {
      dir.remove();
    }
  });
});

describe("API token", () => {
  it("requires Authorization: Bearer <token> on every API call when set", async () => {
    const dir = tempDir();
    const s = await serve(dir.db, { token: "tok-123456" });
    try {
      const anonymous = await fetch(`${s.url}/api/projects`);
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(/token/);
      expect((await fetch(`${s.url}/api/openapi.json`)).status).toBe(401);
      expect((await apiClient(s.url, "wrong")("GET", "/api/projects")).status).toBe(401);
      expect((await apiClient(s.url, "tok-123456")("GET", "/api/projects")).status).toBe(200);
    } finally {
      await s.close();
      dir.remove();
    }
  });

  it("refuses to bind to a non-loopback address without a token", async () => {
    const dir = tempDir();
    await expect(serve(dir.db, { host: "0.0.0.0" })).rejects.toThrow(/--token/);
    dir.remove();
  });
});

describe("outbound policy", () => {
  it("the default server policy refuses a loopback agent with a clear error, when saved and when run", async () => {
    const dir = tempDir();
    // Saved on a server that allows loopback agents; then the server is started again without it.
    const lax = await serve(dir.db);
    let testId: string;
    try {
      const a = apiClient(lax.url);
      const { moduleId } = await makeModule(a, "Policy");
      testId = (await a<Created>("POST", "/api/tests", smokeTest(moduleId, agent.url, { headers: {} }))).body
        .id;
    } finally {
      await lax.close();
    }
    const s = await serve(dir.db, { policy: serverPolicy });
    try {
      const a = apiClient(s.url);
      const { moduleId } = await makeModule(a, "Policy again");
      const refused = await a<{ error: { message: string; field?: string } }>(
        "POST",
        "/api/tests",
        smokeTest(moduleId, agent.url, { headers: {} }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.field).toBe("config.agent_url");
      expect(refused.body.error.message).toMatch(/loopback address/);
      expect(refused.body.error.message).toMatch(/--allow-private/);
      const run = await a<Created>("POST", `/api/tests/${testId}/runs`);
      const done = await waitForRun(a, run.body.id);
      expect(done.status).toBe("error");
      expect(done.result?.reason).toMatch(/loopback address/);
      expect(done.result?.reason).toMatch(/--allow-private/);
      expect(done.result?.traffic).toEqual([]);
    } finally {
      await s.close();
      dir.remove();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import {
  errorReply,
  moduleRow,
  project,
  runSummary,
  secretName,
  storedRun,
  storedTest,
} from "../model/api.js";
import { storedRunStatuses } from "../model/run-status.js";
import { openApiDocument } from "./openapi.js";
import type { RunningServer } from "./server.js";
import { apiClient, serve, smokeTest, tempDir, waitForRun } from "./testing/harness.js";

// Every answer of the REST API read with the contract the web app and `submit` read it with: a field
// the server drops or renames fails here, not in a browser or a CI job.

let agent: RunningAgent;
const tmp = tempDir();
let server: RunningServer;

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, workMs: 0 });
  server = await serve(tmp.db);
});
afterAll(async () => {
  await server?.close();
  await agent?.close();
  tmp.remove();
});

function conforms<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return parsed.data as T;
}

describe("the REST API answers as its contract (src/model/api.ts) says", () => {
  it("projects, modules, secrets, tests, runs and errors", async () => {
    const api = apiClient(server.url);
    const p = conforms(project, (await api("POST", "/api/projects", { name: "Contract" })).body);
    conforms(project.array(), (await api("GET", "/api/projects")).body);
    const m = conforms(moduleRow, (await api("POST", `/api/projects/${p.id}/modules`, { name: "M" })).body);
    conforms(moduleRow, (await api("GET", `/api/modules/${m.id}`)).body);
    const secret = await api("PUT", `/api/projects/${p.id}/secrets/AGENT_TOKEN`, { value: "long-enough-1" });
    conforms(secretName, secret.body);
    const test = conforms(storedTest, (await api("POST", "/api/tests", smokeTest(m.id, agent.url))).body);
    conforms(storedTest.array(), (await api("GET", `/api/modules/${m.id}/tests`)).body);
    const queued = conforms(runSummary, (await api("POST", `/api/tests/${test.id}/runs`)).body);
    expect(queued.status).toBe("queued");
    await waitForRun(api, queued.id);
    const done = conforms(storedRun, (await api("GET", `/api/runs/${queued.id}`)).body);
    expect(done.result?.kind).toBe("a2a");
    conforms(runSummary.array(), (await api("GET", `/api/tests/${test.id}/runs`)).body);
    const listed = conforms(storedTest.array(), (await api("GET", `/api/modules/${m.id}/tests`)).body);
    expect(listed[0]?.last_run?.status).toBe("passed");
    const missing = await api("GET", "/api/runs/no-such-run");
    expect(missing.status).toBe(404);
    conforms(errorReply, missing.body);
  });

  it("the OpenAPI document lists the run statuses of the contract, generated from it", () => {
    const schemas = (openApiDocument as { components: { schemas: Record<string, { enum?: unknown }> } })
      .components.schemas;
    expect(schemas.RunStatus?.enum).toEqual([...storedRunStatuses]);
  });
});

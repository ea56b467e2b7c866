import { Router } from "express";
import { NetError } from "../../net/errors.js";
import { checkUrl, type OutboundPolicy } from "../../net/outbound-policy.js";
import { parseTestDefinition } from "../../runner/test-definition.js";
import { ApiError, badRequest, notFound } from "../api-error.js";
import { parseBody as parseNameBody } from "../request-schemas.js";
import { nameBody } from "../../model/api.js";
import { agentPlaceOf } from "../run-executor.js";
import { cancelRuns, type RunScheduler, type RunsEndedByDeletion } from "../run-queue.js";
import type { RunSummaryRow, TestRow } from "../store/rows.js";
import type { Store } from "../store.js";

/** A stored test as the API shows it: the submitted JSON plus id, warnings and its latest run. */
function testView(row: TestRow, latest: RunSummaryRow | undefined) {
  return {
    ...(JSON.parse(row.definition) as Record<string, unknown>),
    id: row.id,
    module_id: row.module_id,
    created_at: row.created_at,
    warnings: JSON.parse(row.warnings) as string[],
    last_run: latest ? { id: latest.id, status: latest.status, created_at: latest.created_at } : null,
  };
}

const placeholder = /\{\{\s*secrets\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}/g;

/** docs/test-files.md: agent_url not http(s) is an error before anything is sent; secrets may fill it in. */
function checkAgentUrl(raw: string): void {
  const whole = raw.trim().replace(placeholder, "") === "";
  if (whole) return;
  let url: URL | undefined;
  try {
    url = new URL(raw.replace(placeholder, "secret"));
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw badRequest(
      `config.agent_url must be an http(s) URL, got ${JSON.stringify(raw.slice(0, 80))}`,
      "config.agent_url",
    );
  }
}

/**
 * A test the outbound policy would refuse to run is refused when saved, with the rule it breaks: aimed at
 * this server itself, at a metadata address, or at a loopback or private one this server does not allow.
 * A name that does not resolve now is left to the run (DNS changes); so is a URL a secret fills in.
 */
async function checkPolicyAllows(url: string, field: string, policy: OutboundPolicy): Promise<void> {
  if (url.includes("{{")) return;
  try {
    await checkUrl(url, policy);
  } catch (error) {
    if (error instanceof NetError && error.rule.startsWith("policy.") && error.rule !== "policy.dns")
      throw badRequest(`${field}: ${error.message}`, field);
  }
}

/**
 * A load test whose duration is longer than the run deadline of the server that runs it would be cut off
 * mid-run: refused when saved, as everything else a run would refuse. (With PostgreSQL the workers have
 * their own deadline, which the server does not know.)
 */
function checkLoadFitsDeadline(config: Record<string, unknown>, runDeadlineMs: number | undefined): void {
  const load = config.load as { duration_s?: unknown } | undefined;
  if (runDeadlineMs === undefined || typeof load?.duration_s !== "number") return;
  if (load.duration_s * 1000 <= runDeadlineMs) return;
  throw badRequest(
    `config.load.duration_s is ${load.duration_s} s, longer than this server's run deadline of ${runDeadlineMs / 1000} s: the run would be cut off; shorten it, or run it with plainwright load`,
    "config.load.duration_s",
  );
}

/** Validates a POST /api/tests body: exactly the test JSON of docs/test-files.md with module_id. */
async function parseBody(
  body: unknown,
  store: Store,
  policy: OutboundPolicy,
  runDeadlineMs: number | undefined,
) {
  if (Array.isArray(body)) throw badRequest("send one test per request (the body is an array)");
  if (typeof body !== "object" || body === null)
    throw badRequest("the body must be a JSON object (a test definition)");
  const moduleId = (body as { module_id?: unknown }).module_id;
  if (typeof moduleId !== "string" || moduleId === "")
    throw badRequest("module_id is required (a module's id)", "module_id");
  const loaded = parseTestDefinition(body, "test");
  checkAgentUrl(loaded.definition.config.agent_url);
  const config = loaded.definition.config;
  await checkPolicyAllows(config.agent_url, "config.agent_url", policy);
  if (typeof config.endpoint === "string")
    await checkPolicyAllows(config.endpoint.replace(/@[a-z]+$/i, ""), "config.endpoint", policy);
  if (typeof config.peer_url === "string")
    await checkPolicyAllows(config.peer_url, "config.peer_url", policy);
  checkLoadFitsDeadline(loaded.definition.config, runDeadlineMs);
  const mod = await store.catalog.module(moduleId);
  if (!mod) throw badRequest(`module_id: no module with id ${moduleId}`, "module_id");
  return { loaded, mod };
}

/** What the routes of this file need from the server. */
interface TestsRouteContext {
  store: Store;
  queue: RunScheduler;
  policy: OutboundPolicy;
  ended: RunsEndedByDeletion;
  runDeadlineMs: number | undefined;
}

async function moduleOr404(store: Store, id: string) {
  const mod = await store.catalog.module(id);
  if (!mod) throw notFound("module", id);
  return mod;
}

async function testOr404(store: Store, id: string) {
  const row = await store.catalog.test(id);
  if (!row) throw notFound("test", id);
  return row;
}

async function viewOf(store: Store, row: TestRow) {
  return testView(row, (await store.runs.listRuns(row.id))[0]);
}

/** A module: read, renamed, deleted with its tests, and the tests it holds. */
function moduleRoutes(router: Router, { store, queue, ended }: TestsRouteContext): void {
  router.get("/api/modules/:id", async (req, res) => {
    res.json(await moduleOr404(store, req.params.id));
  });
  router.patch("/api/modules/:id", async (req, res) => {
    const mod = await moduleOr404(store, req.params.id);
    const { name } = parseNameBody(nameBody, req.body);
    const same = await store.catalog.moduleByName(mod.project_id, name);
    if (same && same.id !== mod.id)
      throw new ApiError(409, `this project already has a module named ${JSON.stringify(name)}`, "name");
    res.json(await store.catalog.renameModule(mod.id, name));
  });
  router.delete("/api/modules/:id", async (req, res) => {
    // Its runs stop first; its tests and their runs go with it (ON DELETE CASCADE).
    await cancelRuns(store, queue, { moduleId: req.params.id }, ended);
    if (!(await store.catalog.deleteModule(req.params.id))) throw notFound("module", req.params.id);
    res.status(204).end();
  });
  router.get("/api/modules/:id/tests", async (req, res) => {
    await moduleOr404(store, req.params.id);
    const rows = await store.catalog.listTests(req.params.id);
    const latest = await store.runs.latestRuns(rows.map((r) => r.id));
    res.json(rows.map((row) => testView(row, latest.get(row.id))));
  });
}

/** A stored test: created, read, replaced whole and deleted. */
function testRoutes(router: Router, { store, queue, policy, ended, runDeadlineMs }: TestsRouteContext): void {
  router.post("/api/tests", async (req, res) => {
    const { loaded, mod } = await parseBody(req.body, store, policy, runDeadlineMs);
    const warnings = loaded.warnings.map((w) => w.replace(/^test: /, ""));
    const row = await store.catalog.createTest(mod.id, loaded.definition.name, req.body, warnings);
    res.status(201).json(await viewOf(store, row));
  });
  router.get("/api/tests/:id", async (req, res) => {
    res.json(await viewOf(store, await testOr404(store, req.params.id)));
  });
  router.patch("/api/tests/:id", async (req, res) => {
    // The whole test JSON, validated as POST /api/tests validates it; module_id defaults to the current one.
    const row = await testOr404(store, req.params.id);
    const body: unknown =
      typeof req.body === "object" && req.body !== null && !Array.isArray(req.body)
        ? { module_id: row.module_id, ...(req.body as Record<string, unknown>) }
        : req.body;
    const { loaded, mod } = await parseBody(body, store, policy, runDeadlineMs);
    const warnings = loaded.warnings.map((w) => w.replace(/^test: /, ""));
    const change = { moduleId: mod.id, name: loaded.definition.name, definition: body, warnings };
    const updated = await store.catalog.updateTest(row.id, change);
    if (!updated) throw notFound("test", row.id);
    res.json(await viewOf(store, updated));
  });
  router.delete("/api/tests/:id", async (req, res) => {
    // Its runs stop first: nothing goes on sending to the agent for a test that is gone.
    await cancelRuns(store, queue, { testId: req.params.id }, ended);
    if (!(await store.catalog.deleteTest(req.params.id))) throw notFound("test", req.params.id);
    res.status(204).end();
  });
}

/** A test's runs: started (queued for the scheduler) and listed. */
function testRunRoutes(router: Router, { store, queue }: TestsRouteContext): void {
  router.post("/api/tests/:id/runs", async (req, res) => {
    const row = await testOr404(store, req.params.id);
    const mod = await store.catalog.module(row.module_id);
    const run = await store.runs.createRun(row.id, {
      projectId: mod?.project_id ?? "",
      agentHost: await agentPlaceOf(row.definition),
    });
    await queue.enqueue(run);
    res
      .status(201)
      .json({ id: run.id, test_id: run.test_id, status: run.status, created_at: run.created_at });
  });
  router.get("/api/tests/:id/runs", async (req, res) => {
    await testOr404(store, req.params.id);
    res.json(await store.runs.listRuns(req.params.id));
  });
}

/** Modules, tests and their runs (docs/api.md). */
export function testsRouter(
  store: Store,
  queue: RunScheduler,
  policy: OutboundPolicy,
  ended: RunsEndedByDeletion,
  runDeadlineMs?: number,
): Router {
  const router = Router();
  const context = { store, queue, policy, ended, runDeadlineMs };
  moduleRoutes(router, context);
  testRoutes(router, context);
  testRunRoutes(router, context);
  return router;
}

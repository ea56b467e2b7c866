import { Router } from "express";
import { parseTestDefinition } from "../../runner/test-definition.js";
import { badRequest, notFound } from "../api-error.js";
import { checkHeaders } from "../request-schemas.js";
import type { RunQueue } from "../run-queue.js";
import type { Store, TestRow } from "../store.js";

/** A stored test as the API shows it: the submitted JSON plus id, warnings and its latest run. */
function testView(row: TestRow, store: Store) {
  const latest = store.listRuns(row.id)[0];
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

/** DESIGN.md section 4: agent_url not http(s) is an error before anything is sent; secrets may fill it in. */
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

/** Validates a POST /api/tests body: exactly the A2A test manual's test JSON with module_id. */
function parseBody(body: unknown, store: Store) {
  if (Array.isArray(body)) throw badRequest("send one test per request (the body is an array)");
  if (typeof body !== "object" || body === null)
    throw badRequest("the body must be a JSON object (a test definition)");
  const moduleId = (body as { module_id?: unknown }).module_id;
  if (typeof moduleId !== "string" || moduleId === "")
    throw badRequest("module_id is required (a module's id)", "module_id");
  const loaded = parseTestDefinition(body, "test");
  checkAgentUrl(loaded.definition.config.agent_url);
  checkHeaders(loaded.definition.config.headers, "config.headers");
  const mod = store.module(moduleId);
  if (!mod) throw badRequest(`module_id: no module with id ${moduleId}`, "module_id");
  return { loaded, mod };
}

/** Tests and their runs (DESIGN.md section 9). */
export function testsRouter(store: Store, queue: RunQueue): Router {
  const router = Router();
  const testOr404 = (id: string) => {
    const row = store.test(id);
    if (!row) throw notFound("test", id);
    return row;
  };
  router.get("/api/modules/:id", (req, res) => {
    const mod = store.module(req.params.id);
    if (!mod) throw notFound("module", req.params.id);
    res.json(mod);
  });
  router.get("/api/modules/:id/tests", (req, res) => {
    if (!store.module(req.params.id)) throw notFound("module", req.params.id);
    res.json(store.listTests(req.params.id).map((row) => testView(row, store)));
  });
  router.post("/api/tests", (req, res) => {
    const { loaded, mod } = parseBody(req.body, store);
    const warnings = loaded.warnings.map((w) => w.replace(/^test: /, ""));
    const row = store.createTest(mod.id, loaded.definition.name, req.body, warnings);
    res.status(201).json(testView(row, store));
  });
  router.get("/api/tests/:id", (req, res) => {
    res.json(testView(testOr404(req.params.id), store));
  });
  router.delete("/api/tests/:id", (req, res) => {
    // Runs still executing finish in the background; their result has no row to land in and is dropped.
    if (!store.deleteTest(req.params.id)) throw notFound("test", req.params.id);
    res.status(204).end();
  });
  router.post("/api/tests/:id/runs", (req, res) => {
    const row = testOr404(req.params.id);
    const run = store.createRun(row.id);
    queue.enqueue(run.id);
    res
      .status(201)
      .json({ id: run.id, test_id: run.test_id, status: run.status, created_at: run.created_at });
  });
  router.get("/api/tests/:id/runs", (req, res) => {
    testOr404(req.params.id);
    res.json(store.listRuns(req.params.id));
  });
  return router;
}

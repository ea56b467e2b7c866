import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverPolicy, type OutboundPolicy } from "../../net/outbound-policy.js";
import type { RunResult } from "../../model/result.js";
import { startServer, type RunningServer, type ServeOptions } from "../server.js";

/** GET /api/runs/{id} as the tests read it. */
export interface RunView {
  id: string;
  test_id: string;
  status: string;
  progress: string[];
  result: RunResult | null;
}

/** Loopback allowed, as `serve --allow-private`: tests reach reference agents on 127.0.0.1. */
export const allowPrivatePolicy: OutboundPolicy = {
  ...serverPolicy,
  allowLoopback: true,
  allowPrivate: true,
};

/** A temp folder for one suite's SQLite file; remove() when done. */
export function tempDir(): { dir: string; db: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "plainwright-serve-"));
  return {
    dir,
    db: join(dir, "plainwright.sqlite"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Starts a server on a free loopback port. */
export function serve(db: string, extra: Partial<ServeOptions> = {}): Promise<RunningServer> {
  return startServer({ db, port: 0, policy: allowPrivatePolicy, pollIntervalMs: 20, ...extra });
}

export interface ApiReply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small JSON client for one server. */
export function apiClient(base: string, token?: string) {
  return async function api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiReply<T>> {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
  };
}

/** Creates a project and a module in it through the REST API; the module's id. */
export async function newModule(
  api: ReturnType<typeof apiClient>,
  projectName: string,
  moduleName: string,
): Promise<string> {
  const project = await api<{ id: string }>("POST", "/api/projects", { name: projectName });
  const mod = await api<{ id: string }>("POST", `/api/projects/${project.body.id}/modules`, {
    name: moduleName,
  });
  return mod.body.id;
}

/** Polls GET /api/runs/{id} until the run finishes; fails after `timeoutMs`. */
export async function waitForRun(
  api: ReturnType<typeof apiClient>,
  runId: string,
  timeoutMs = 20_000,
): Promise<RunView> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const run = await api<RunView>("GET", `/api/runs/${runId}`);
    if (run.status !== 200) throw new Error(`GET run: HTTP ${run.status}`);
    if (!["queued", "running"].includes(run.body.status)) return run.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`run ${runId} did not finish within ${timeoutMs} ms`);
}

/** The smoke example of docs/test-files.md, pointed at `agentUrl`. */
export function smokeTest(moduleId: string, agentUrl: string, extra: Record<string, unknown> = {}) {
  return {
    module_id: moduleId,
    name: "Helpdesk agent card and endpoint",
    kind: "a2a",
    natural_language: "The helpdesk agent publishes a valid card and answers over JSON-RPC.",
    config: {
      agent_url: agentUrl,
      headers: { Authorization: "Bearer {{secrets.AGENT_TOKEN}}" },
      smoke_message: "What can you help me with?",
      ...extra,
    },
  };
}

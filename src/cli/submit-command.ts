import { z } from "zod";
import { project, runSummary, storedRun, storedTest } from "../model/api.js";
import { isFinished } from "../model/run-status.js";
import type { RunResult } from "../model/result.js";
import type { LoadedTest } from "../runner/test-definition.js";
import { configError, PlainwrightError, usageError } from "../runner/errors.js";
import { exitCodes } from "./exit-codes.js";
import { terminalText } from "../report/terminal-text.js";
import type { OutputSettings } from "./output.js";

/** `plainwright submit` flags as commander hands them over. */
export interface SubmitFlags {
  server?: string;
  token?: string;
  project: string;
  module: string;
  wait?: boolean;
  waitTimeout: string;
  json?: boolean;
  report?: string;
  outDir?: string;
  color?: boolean;
  progress?: string;
}

interface Reply {
  status: number;
  body: unknown;
}

/** The server's REST API (docs/api.md), as submit uses it. */
function apiOf(base: string, token: string | undefined) {
  return async (method: string, path: string, body?: unknown): Promise<Reply> => {
    let res: Response;
    try {
      res = await fetch(new URL(path, base), {
        method,
        headers: {
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new PlainwrightError(
        "unreachable",
        `the server ${base} did not answer: ${(error as Error).message}`,
      );
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text for the message
    }
    if (res.status === 401)
      throw usageError(`the server ${base} refused the token: pass --token (or PLAINWRIGHT_TOKEN)`);
    return { status: res.status, body: parsed };
  };
}

type Api = ReturnType<typeof apiOf>;

/** What submit needs of a project or module row: its id and name. */
const named = project.pick({ id: true, name: true });

function expect2xx(reply: Reply, what: string): unknown {
  if (reply.status >= 200 && reply.status < 300) return reply.body;
  const message = (reply.body as { error?: { message?: string } } | undefined)?.error?.message;
  // Every error of the Plainwright API is {"error": {"message": ...}} (docs/api.md); anything else is another server.
  if (typeof message !== "string")
    throw configError(
      `${what}: HTTP ${reply.status}, which is not an answer of the Plainwright API: is --server the URL of \`plainwright serve\`?`,
    );
  throw configError(`${what}: HTTP ${reply.status}: ${message}`);
}

/** A 2xx answer read with the API contract: an answer of another shape is not from a Plainwright server. */
function answer<T>(schema: z.ZodType<T>, reply: Reply, what: string): T {
  const parsed = schema.safeParse(expect2xx(reply, what));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw configError(
    `${what}: the answer is not the Plainwright API's (${issue?.path.join(".") || "body"} ${issue?.message ?? "is invalid"}): is --server the URL of \`plainwright serve\`?`,
  );
}

async function findOrCreate(
  api: Api,
  list: string,
  create: string,
  name: string,
  what: string,
): Promise<string> {
  const rows = answer(z.array(named), await api("GET", list), `listing ${what}s`);
  const found = rows.find((r) => r.name === name);
  if (found) return found.id;
  const created = await api("POST", create, { name });
  if (created.status === 409) return findOrCreate(api, list, create, name, what); // created meanwhile by another job
  return answer(named, created, `creating ${what} ${JSON.stringify(name)}`).id;
}

/** Stores one test on the server (replacing a test of the same name in its module) and starts a run. */
async function submitOne(api: Api, test: LoadedTest, fallbackModule: () => Promise<string>): Promise<string> {
  const given = test.definition.module_id;
  const moduleId =
    given && (await api("GET", `/api/modules/${encodeURIComponent(given)}`)).status === 200
      ? given
      : await fallbackModule();
  const body = { ...test.definition, module_id: moduleId };
  const existing = answer(
    z.array(storedTest),
    await api("GET", `/api/modules/${moduleId}/tests`),
    "listing tests",
  );
  const same = existing.find((t) => t.name === test.definition.name);
  const stored = same
    ? answer(
        storedTest,
        await api("PATCH", `/api/tests/${same.id}`, body),
        `${test.source}: updating the test`,
      )
    : answer(storedTest, await api("POST", "/api/tests", body), `${test.source}: creating the test`);
  const run = answer(
    runSummary,
    await api("POST", `/api/tests/${stored.id}/runs`),
    `${test.source}: starting a run`,
  );
  return run.id;
}

/** Polls the runs until every one has finished (bounded by the wait timeout). */
async function waitForAll(
  api: Api,
  runIds: readonly string[],
  timeoutMs: number,
): Promise<Map<string, { status: string; result: RunResult | null }>> {
  const done = new Map<string, { status: string; result: RunResult | null }>();
  const until = Date.now() + timeoutMs;
  while (done.size < runIds.length) {
    if (Date.now() > until) break;
    for (const id of runIds) {
      if (done.has(id)) continue;
      const run = answer(storedRun, await api("GET", `/api/runs/${id}`), `reading run ${id}`);
      if (isFinished(run.status))
        done.set(id, { status: run.status, result: run.result as RunResult | null });
    }
    if (done.size < runIds.length) await new Promise((r) => setTimeout(r, 500));
  }
  return done;
}

/** `submit <files…>`: every test sent to the server and queued; with --wait, their results and exit code. */
export async function runSubmitCommand(paths: string[], flags: SubmitFlags): Promise<number> {
  const server = flags.server ?? process.env.PLAINWRIGHT_SERVER;
  if (!server || !/^https?:\/\//.test(server))
    throw usageError("submit needs --server http(s)://host:port (or PLAINWRIGHT_SERVER)");
  const waitTimeout = Number(flags.waitTimeout);
  if (!Number.isFinite(waitTimeout) || waitTimeout <= 0)
    throw usageError(`--wait-timeout ${flags.waitTimeout}: expected seconds above 0`);
  const { outputSettings } = await import("./output.js");
  const output = outputSettings(flags);
  const { readTestFiles } = await import("../runner/test-definition.js");
  const { tests, invalid } = await readTestFiles(paths);
  for (const file of invalid) process.stderr.write(`plainwright: ${terminalText(file.message)}\n`);
  if (tests.length === 0) throw configError("no valid test definitions to submit");
  const api = apiOf(server, flags.token ?? process.env.PLAINWRIGHT_TOKEN);
  const projectId = await findOrCreate(api, "/api/projects", "/api/projects", flags.project, "project");
  let moduleId: string | undefined;
  const fallbackModule = async () =>
    (moduleId ??= await findOrCreate(
      api,
      `/api/projects/${projectId}/modules`,
      `/api/projects/${projectId}/modules`,
      flags.module,
      "module",
    ));
  const runs: { test: LoadedTest; runId: string }[] = [];
  for (const test of tests) {
    const runId = await submitOne(api, test, fallbackModule);
    runs.push({ test, runId });
    process.stderr.write(
      `queued ${terminalText(test.definition.name)}: ${new URL(`/runs/${runId}`, server).toString()}\n`,
    );
  }
  if (!flags.wait) {
    if (flags.json)
      process.stdout.write(
        `${JSON.stringify(
          runs.map((r) => ({ source: r.test.source, run_id: r.runId })),
          null,
          2,
        )}\n`,
      );
    return invalid.length > 0 ? exitCodes.error : exitCodes.passed;
  }
  const done = await waitForAll(
    api,
    runs.map((r) => r.runId),
    waitTimeout * 1000,
  );
  return report(runs, done, output, invalid.length);
}

async function report(
  runs: readonly { test: LoadedTest; runId: string }[],
  done: Map<string, { status: string; result: RunResult | null }>,
  output: OutputSettings,
  invalid: number,
): Promise<number> {
  const results: RunResult[] = [];
  let unfinished = invalid > 0;
  for (const { test, runId } of runs) {
    const run = done.get(runId);
    if (!run) {
      unfinished = true;
      process.stderr.write(
        `plainwright: ${terminalText(test.definition.name)}: run ${runId} did not finish within --wait-timeout\n`,
      );
    } else if (run.result && run.status !== "canceled") results.push(run.result);
    else {
      unfinished = true;
      process.stderr.write(
        `plainwright: ${terminalText(test.definition.name)}: run ${runId} ended ${run.status}\n`,
      );
    }
  }
  const { emitResults, exitCodeFor } = await import("./output.js");
  const emitted = results.length > 0 ? await emitResults(results, output) : results;
  return unfinished ? exitCodes.error : exitCodeFor(emitted, output.failOn);
}

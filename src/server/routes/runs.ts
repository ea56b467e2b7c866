import { Router, type Response } from "express";
import { ApiError, notFound } from "../api-error.js";
import type { RunScheduler, RunsEndedByDeletion } from "../run-queue.js";
import { openSse } from "../sse.js";
import { FinishedRunBodies } from "../run-bodies.js";
import type { RunHeadRow, RunRow } from "../store/rows.js";
import type { Store } from "../store.js";

const finished = (status: string) => status !== "queued" && status !== "running";

/**
 * A run's JSON, with the stored result text spliced in, so a run with hundreds of traffic entries is served
 * without parsing and re-serialising it (bench: GET /api/runs/{id} p50 under 10 ms). The result was redacted
 * when it was stored (run-executor.ts).
 */
function runBody(run: RunHeadRow, result: string | null, progress: readonly string[]): string {
  const head = JSON.stringify({
    id: run.id,
    test_id: run.test_id,
    status: run.status,
    created_at: run.created_at,
    started_at: run.started_at,
    finished_at: run.finished_at,
    attempts: run.attempts,
    progress,
  });
  return `${head.slice(0, -1)},"result":${result ?? "null"}}`;
}

function sendRun(res: Response, run: RunRow, progress: readonly string[]): void {
  res.type("application/json").send(runBody(run, run.result, progress));
}

/** Bytes of JSON, with the same Content-Type express gives a JSON string. */
function sendJsonBytes(res: Response, body: Buffer): void {
  res.set("Content-Type", "application/json; charset=utf-8").send(body);
}

/** Reading runs, following one live, and canceling one (docs/api.md). */
export function runsRouter(store: Store, queue: RunScheduler, ended: RunsEndedByDeletion): Router {
  const router = Router();
  const runOr404 = async (id: string) => {
    const run = await store.runs.run(id);
    if (!run) throw notFound("run", id);
    return run;
  };
  // A finished run never changes: its body is read from the database once, then served from memory.
  const bodies = new FinishedRunBodies();
  router.get("/api/runs/:id", async (req, res) => {
    const head = await store.runs.runHead(req.params.id);
    if (!head) {
      bodies.forget(req.params.id);
      throw notFound("run", req.params.id);
    }
    const kept = bodies.get(head);
    if (kept) return sendJsonBytes(res, kept);
    const run = await runOr404(head.id);
    if (finished(run.status)) {
      const body = Buffer.from(runBody(run, run.result, JSON.parse(run.progress) as string[]));
      bodies.put(run, body);
      return sendJsonBytes(res, body);
    }
    const live = await queue.subscribe(run.id, () => undefined);
    live?.stop();
    sendRun(res, run, live?.backlog ?? (JSON.parse(run.progress) as string[]));
  });
  router.post("/api/runs/:id/cancel", async (req, res) => {
    const outcome = await queue.cancel(req.params.id);
    const deletedWith = outcome === "missing" ? ended.reason(req.params.id) : undefined;
    if (deletedWith)
      throw new ApiError(
        409,
        `the run has already finished: it was canceled when its ${deletedWith} was deleted; only a queued or running run can be canceled`,
      );
    if (outcome === "missing") throw notFound("run", req.params.id);
    const run = await runOr404(req.params.id);
    if (outcome === "finished") {
      throw new ApiError(
        409,
        `the run has already finished (status ${run.status}); only a queued or running run can be canceled`,
      );
    }
    sendRun(res, run, JSON.parse(run.progress) as string[]);
  });
  router.get("/api/runs/:id/events", async (req, res) => {
    const run = await runOr404(req.params.id);
    const sse = openSse(res);
    const end = (status: string) => {
      sse.send("done", { status });
      sse.close();
    };
    const live = finished(run.status)
      ? undefined
      : await queue.subscribe(run.id, (event) => {
          if (event.type === "done") end(event.status);
          else if (event.type === "status") sse.send("status", { status: event.status });
          else if (event.type === "progress") sse.send("progress", { line: event.line });
          else sse.send(event.event.type, event.event);
        });
    if (!live) {
      // Finished (or finished between the read and the subscribe): replay what was stored.
      const now = (await store.runs.run(run.id)) ?? run;
      for (const line of JSON.parse(now.progress) as string[]) sse.send("progress", { line });
      end(now.status);
      return;
    }
    sse.send("status", { status: (await store.runs.run(run.id))?.status ?? run.status });
    for (const event of live.events) sse.send(event.type, event);
    for (const line of live.backlog) sse.send("progress", { line });
    sse.onClose(live.stop);
  });
  return router;
}

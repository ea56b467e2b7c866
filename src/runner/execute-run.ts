import type { RunResult } from "../model/result.js";
import type { AnyRunKind, RunRequest } from "./kinds/define.js";
import { reachAgent } from "./reach.js";
import { Run } from "./run.js";

function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name !== "AbortError") return reason.message;
  return typeof reason === "string" ? reason : "aborted";
}

/**
 * Runs one request of one kind, the same life for every kind: admitted, opened (run-started), prepared,
 * the agent reached and recorded once, the kind's work, closed once (run-finished). The kind's work
 * hears the signal itself and returns what finished; with `abortGraceMs` set, a run whose work has not
 * returned that long after the abort is ended without it (status error).
 */
export async function executeRun(kind: AnyRunKind, given: RunRequest): Promise<RunResult> {
  // A test's `protocol` is --protocol written in the file.
  const forced = given.protocolOverride ?? given.config.protocol;
  const request = forced ? { ...given, protocolOverride: forced } : given;
  kind.admit?.(request);
  const run = new Run({
    kind: kind.result,
    agentUrl: request.config.agent_url,
    name: request.name,
    source: request.source,
    warnings: request.warnings,
    secrets: request.secrets,
    secretNames: request.secretNames,
    onEvent: request.onEvent,
    signal: request.signal,
    traffic: request.traffic,
    retention: kind.retention?.(request),
  });
  const { signal } = request;
  const stopped = () => run.finish("error", `the run was stopped: ${abortReason(signal!)}`);
  if (signal?.aborted) return stopped();
  let onAbort: (() => void) | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const aborted = new Promise<RunResult>((resolve) => {
    if (!signal || request.abortGraceMs === undefined) return;
    onAbort = () => {
      if (!request.abortGraceMs) return resolve(stopped());
      grace = setTimeout(() => resolve(stopped()), request.abortGraceMs);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const result = await Promise.race([work(kind, run, request), aborted]);
    return signal?.aborted ? await cancelLeftTasks(run, result) : result;
  } catch (error) {
    // A usage error found mid-run (a target the load rule refuses) still closes the run it opened.
    run.finish("error", (error as Error).message);
    throw error;
  } finally {
    if (onAbort) signal?.removeEventListener("abort", onAbort);
    clearTimeout(grace);
  }
}

async function work(kind: AnyRunKind, run: Run, request: RunRequest): Promise<RunResult> {
  const state: unknown = kind.prepare ? await kind.prepare(run, request) : undefined;
  if (typeof state === "object" && state !== null && "problem" in state)
    return run.finish("error", String(state.problem));
  const card = typeof kind.reach === "function" ? kind.reach(request) : kind.reach;
  const reached = await reachAgent(run, request.config, request.policy, {
    card,
    stopsAs: kind.stopsAs ?? (card === "judged" ? "failed" : "error"),
    ...(kind.strictCard !== undefined ? { strict: kind.strictCard } : {}),
    ...(kind.judgesSignatures ? { signatureKeys: request.cardKeys ?? [] } : {}),
    noCard: kind.noCard && ((result, missing) => kind.noCard?.(result, missing, request)),
    query: request.query,
  });
  if (!reached) return run.finished!;
  const result = await kind.execute(run, reached, request, state);
  return run.finished ?? result;
}

/**
 * A stopped run leaves no work running on the agent that nobody will read: the tasks it saw started and not
 * finished are cancelled (A2A 0.3 §7.4, 1.0.1 §3.1.5), each within a short bound, and the result says so.
 */
async function cancelLeftTasks(run: Run, result: RunResult): Promise<RunResult> {
  if (run.tasks.openIds().length === 0) return result;
  const { canceled, failed } = await run.tasks.cancelOpen();
  if (canceled.length)
    result.warnings.push(
      `stopped: canceled ${canceled.length} task(s) the run had started on the agent (${canceled.join(", ")})`,
    );
  for (const { id, why } of failed)
    result.warnings.push(`stopped: task ${id} the run had started could not be canceled: ${why}`);
  return result;
}

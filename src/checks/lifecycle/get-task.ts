import { normalizeTask } from "../../protocol/normalize.js";
import { interruptedStates } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import { taskArtifactsProblem } from "../../protocol/validate-reply.js";
import { readWhileRunning } from "../support/read-while-running.js";

export default defineCheck({
  id: "lifecycle.get-task",
  title: "A task can be read back with tasks/get",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "tasks/get (GetTask) returns the task with the same id, contextId and its current status, its artifacts each with an artifactId and parts; a task is readable while it still works too (one sent without waiting, or taken from its stream), not only once it is done.",
  spec: "A2A 0.3 §7.3; 1.0 §3.1.3",
  tck: ["CORE-GET-001"],
  quote: {
    spec: "A2A 0.3 §11.1.2",
    text: "MUST implement all of the following core methods via at least one supported transport: … `tasks/get` - Retrieve task status and results",
  },
  recommendation:
    "Implement tasks/get (GetTask) for every task the agent created, returning the stored Task.",
  selfTest: [
    {
      flaw: "get-task-wrong-context",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-GET-001"],
    },
    { flaw: "duplicate-task-ids", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
    {
      flaw: "task-id-param-renamed",
      protocols: ["0.3"],
      bindings: ["JSONRPC"],
      violates: ["CORE-GET-001"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  basic: true,
  // 0.1 and 0.2 describe tasks/get without a keyword (0.3 §11.1.2 first requires it): lifecycle.get-task-0x.
  generations: ["0.3", "1.0"],
  run: (ctx) => readTaskBack(ctx),
});

/** The check that judges reading a task back in a generation: 0.1 and 0.2 have their own level. */
export const getTaskOwner = (generation: ProtocolGeneration): string =>
  generation === "0.1" || generation === "0.2" ? "lifecycle.get-task-0x" : "lifecycle.get-task";

/** Reads the shared task back, and a task while it works: the judgement of get-task and its 0.1/0.2 half. */
export async function readTaskBack(ctx: CheckContext): Promise<CheckVerdict> {
  // A task the send returned but that could not be followed to its end is still a task to read back.
  const known = await ctx.fixtures.knownTask();
  if (!known) {
    const settled = await ctx.fixtures.settledTask();
    return skip(`no task to read: ${settled.ok ? "" : settled.reason}`);
  }
  const got = await ctx.client.getTask(known.id);
  if (!got.ok) return fail(`reading task ${known.id}: ${describeFailure(got)}`, got.trafficIds);
  if (got.readDespite)
    return fail(
      `reading task ${known.id}: ${got.readDespite} (0.3 §7.3 TaskQueryParams, 1.0.1 GetTaskRequest: the task is named by "id")`,
      got.trafficIds,
    );
  // Read leniently, a Task wrapped as a send's {task} still names the task; the wrapping is this check's finding.
  if (ctx.transport !== "GRPC" && normalizeTask(got.raw) === undefined)
    return fail(
      `reading task ${known.id}: the reply holds the Task under "task" instead of being the Task (0.3 §7.3, 1.0.1 §3.1.3: the result is a Task)`,
      got.trafficIds,
    );
  if (got.value.id !== known.id)
    return fail(`asked for task ${known.id}, got ${got.value.id}`, got.trafficIds);
  // A send reply without a contextId is lifecycle.send-returns-task's finding; here only a change counts, of
  // a task no later message may have moved: an interrupted one is continued by other checks (the shared
  // ordinary task), and a context a continuation changes is lifecycle.input-required-continues' finding
  // (seen at first sight: one defect failed here at MUST too).
  if (
    known.contextId !== undefined &&
    got.value.contextId !== known.contextId &&
    !interruptedStates.has(known.state)
  )
    return fail(`the contextId changed from ${known.contextId} to ${got.value.contextId}`, got.trafficIds);
  const artifacts = await artifactsReadBack(ctx, got.raw, got.value.id);
  if (artifacts.problem) return fail(artifacts.problem, [...got.trafficIds, ...artifacts.evidence]);
  const running = await readWhileRunning(ctx);
  const evidence = [...got.trafficIds, ...artifacts.evidence, ...running.evidence];
  if (running.problem) return fail(running.problem, evidence);
  const alsoRunning = running.taskId ? `, and task ${running.taskId} while it worked` : "";
  return pass(`task ${got.value.id} read back in state ${got.value.state}${alsoRunning}`, evidence);
}

/**
 * The artifacts of a task read back are those of the spec's data model (0.3 §6.7, 1.0 §4.1.7: each has its
 * artifactId and parts). An interrupted task often holds none yet, so a finished task is read too; gRPC's
 * generated types enforce the shape on their own.
 */
async function artifactsReadBack(
  ctx: CheckContext,
  raw: unknown,
  id: string,
): Promise<{ problem?: string; evidence: string[] }> {
  if (ctx.transport === "GRPC") return { evidence: [] };
  const own = taskArtifactsProblem(raw, ctx.generation);
  if (own) return { problem: `task ${id} read back: its ${own}`, evidence: [] };
  const finished = await ctx.fixtures.finishedTask();
  if (!finished.ok || finished.value.id === id) return { evidence: [] };
  const got = await ctx.client.getTask(finished.value.id);
  if (!got.ok) return { evidence: got.trafficIds };
  const problem = taskArtifactsProblem(got.raw, ctx.generation);
  return {
    ...(problem ? { problem: `${got.value.state} task ${got.value.id} read back: its ${problem}` } : {}),
    evidence: got.trafficIds,
  };
}

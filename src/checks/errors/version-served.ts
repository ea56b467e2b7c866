import { describeFailure } from "../../client/describe-failure.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { getMissingTaskAs } from "../support/versioned-get.js";
import type { CheckContext } from "../types.js";
import { isObject } from "../../model/json.js";
import { taskStates } from "../../protocol/model.js";

/** The version a 1.0 client names (1.0.1 §3.6.1: Major.Minor), and the same with a patch number. */
const SERVED_VERSION = "1.0";
const PATCHED_VERSION = "1.0.1";

export default defineCheck({
  id: "errors.version-served",
  title: "A request for A2A 1.0 is served by an interface that serves A2A 1.0",
  category: "errors",
  level: "MUST",
  requirement: `A request carrying A2A-Version: ${SERVED_VERSION} (an HTTP header on JSON-RPC and HTTP+JSON, gRPC metadata on gRPC) at an interface that serves A2A 1.0's methods is processed with 1.0 semantics, not refused with VersionNotSupportedError: a GetTask of an id that does not exist, asked for 1.0, answers as 1.0 answers it (TaskNotFound). The same with a patch number (${PATCHED_VERSION}), which does not count in negotiation. Over JSON-RPC, 0.3's tasks/get of the run's task asked for ${SERVED_VERSION} gets no 0.3 Task: 1.0 has no such method.`,
  spec: "A2A 1.0 §3.6.1 (client responsibilities), §3.6.2 (server responsibilities)",
  tck: ["VER-SERVER-001"],
  quote: {
    spec: "A2A 1.0.1 §3.6.2",
    text: "Agents MUST process requests using the semantics of the requested `A2A-Version` (matching `Major.Minor`).",
  },
  recommendation: `Accept A2A-Version: ${SERVED_VERSION} (and ${SERVED_VERSION}.x) on every interface that serves 1.0, and declare the version on the card's interface (supportedInterfaces[].protocolVersion); 1.0.1 §3.6.1 has every 1.0 client send it.`,
  selfTest: [
    {
      flaw: "version-1-0-refused-yet-served",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["VER-SERVER-001"],
    },
  ],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    // The run itself may go without the header (negotiate.ts found it refused): this request names it.
    const got = await getMissingTaskAs(ctx, SERVED_VERSION);
    const what = `GetTask with A2A-Version: ${SERVED_VERSION}`;
    if (!got.ok && got.kind !== "error")
      return skip(`${what} got no A2A answer to judge: ${describeFailure(got)}`);
    if (!got.ok && got.error.code === a2aCodes.versionNotSupported)
      return fail(
        `${what} was refused with VersionNotSupported (-32009), though the interface serves A2A 1.0's methods${ctx.client.target.withoutVersionHeader ? " when the header is left off (the suite ran without it)" : ""}`,
        got.trafficIds,
      );
    // A patch number names the same version (1.0.1 §3.6: it MUST not be considered when negotiating; seen at
    // first sight: "1.0" served, "1.0.1" refused).
    const patched = await getMissingTaskAs(ctx, PATCHED_VERSION);
    const evidence = [...got.trafficIds, ...patched.trafficIds];
    const answer = got.ok ? "it returned a task" : `${got.error.name}, ${got.error.code}`;
    // The same request under the patched number must get the same answer: any other refusal (seen at first
    // sight: HTTP 400 naming VERSION_NOT_SUPPORTED in a JSON-RPC endpoint's reply) is the version refused.
    const sameAnswer =
      patched.ok === got.ok &&
      (patched.ok || (!got.ok && patched.kind === "error" && patched.error.code === got.error.code));
    if (!sameAnswer && !patched.ok)
      return fail(
        `GetTask with A2A-Version: ${PATCHED_VERSION} was answered ${describeFailure(patched)}, where ${SERVED_VERSION} got ${answer}: a patch number MUST not be considered when negotiating the version (1.0.1 §3.6)`,
        evidence,
      );
    const older = await olderMethodServed(ctx);
    evidence.push(...older.evidence);
    if (older.failed) return fail(older.failed, evidence);
    return pass(`${what} was served (${answer}), and so was ${PATCHED_VERSION}${older.note}`, evidence);
  },
});

/** The task states as 0.x spells them on the wire (1.0 writes TASK_STATE_COMPLETED). */
const OLDER_STATES: ReadonlySet<string> = new Set(taskStates);

/**
 * 0.3's tasks/get of the run's own task, asked for A2A 1.0 over JSON-RPC: 1.0 has no such method (its is
 * GetTask, 1.0.1 §9.1), so a 0.3 Task in reply is the request processed with 0.3 semantics, against §3.6.2.
 * Seen at first sight: an agent serving both generations at one URL answered 0.3 names as 0.3 whatever the
 * header said. A 1.0 task under the old name is an alias, not another version's semantics: a note.
 */
async function olderMethodServed(
  ctx: CheckContext,
): Promise<{ failed?: string; note: string; evidence: string[] }> {
  if (!ctx.rpc || ctx.transport !== "JSONRPC" || ctx.client.target.withoutVersionHeader)
    return { note: "", evidence: [] };
  const settled = await ctx.fixtures.settledTask();
  if (!settled.ok)
    return { note: "; 0.3's tasks/get not asked (no task of the run's to read)", evidence: [] };
  const id = settled.value.id;
  const outcome = await ctx.rpc("tasks/get", { id });
  const evidence = outcome.kind === "unreachable" || !outcome.http.trafficId ? [] : [outcome.http.trafficId];
  if (outcome.kind !== "result") return { note: `; 0.3's tasks/get was not served under it`, evidence };
  const task = isObject(outcome.result) ? outcome.result : {};
  const state = isObject(task.status) ? task.status.state : undefined;
  if (task.kind === "task" || (typeof state === "string" && OLDER_STATES.has(state)))
    return {
      failed: `0.3's tasks/get of task ${id}, sent with A2A-Version: ${SERVED_VERSION}, was answered with a 0.3 Task (${task.kind === "task" ? 'kind "task"' : `state "${String(state)}"`}): a request for 1.0 processed with 0.3 semantics (1.0 names the method GetTask)`,
      note: "",
      evidence,
    };
  return { note: `; 0.3's tasks/get was answered as 1.0 answers GetTask (an alias)`, evidence };
}

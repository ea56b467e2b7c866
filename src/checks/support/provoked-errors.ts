import { randomUUID } from "node:crypto";
import { getMissingTaskAs } from "./versioned-get.js";
import { DEAD_WEBHOOK } from "./webhook-receiver.js";
import { UNSUPPORTED, acceptsAnything, cardInputModes, sendUnsupportedPart } from "./unsupported-media.js";
import type { CallOutcome } from "../../client/types.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { terminalStates } from "../../protocol/model.js";
import type { A2AError } from "../../client/types.js";
import { fail, pass, skip } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** An A2A error a check provoked on purpose: what was asked, the code it must answer, and the outcome. */
export interface Provoked {
  what: string;
  code: number;
  outcome: CallOutcome<unknown>;
}

/**
 * 1.0's refusals of a request the agent cannot serve (1.0.1 §3.3.2, §3.3.4): a version it does not speak
 * (A2A-Version 99.0), and a push config when the card claims no push notifications.
 */
async function provokeRefusals(ctx: CheckContext): Promise<{ provoked: Provoked[]; evidence: string[] }> {
  const provoked: Provoked[] = [];
  const outcome = await getMissingTaskAs(ctx, "99.0");
  provoked.push({ what: "GetTask with A2A-Version 99.0", code: a2aCodes.versionNotSupported, outcome });
  const caps = (ctx.rawCard as { capabilities?: Record<string, unknown> } | null)?.capabilities ?? {};
  if (caps.pushNotifications === undefined || caps.pushNotifications === false) {
    const outcome = await ctx.client.setPushConfig(`plainwright-missing-${randomUUID()}`, {
      url: DEAD_WEBHOOK,
    });
    provoked.push({
      what: "a push config without the push capability",
      code: a2aCodes.pushNotificationNotSupported,
      outcome,
    });
  }
  // A media type outside the card's input modes, where the card names some: an agent may take the part, but a
  // refusal is ContentTypeNotSupported (1.0.1 §3.1.1), whose status §5.4 maps too.
  const modes = cardInputModes(ctx);
  if (!acceptsAnything(modes))
    provoked.push({
      what: `a message with an ${UNSUPPORTED} file part`,
      code: a2aCodes.contentTypeNotSupported,
      outcome: await sendUnsupportedPart(ctx),
    });
  return { provoked, evidence: provoked.flatMap((p) => p.outcome.trafficIds) };
}

/**
 * The errors provoked: an unknown task read and canceled, in 1.0 a version and a capability refused, a finished
 * task canceled and sent a message. Once per binding; every check that judges them reads the same outcomes.
 */
export function provoke(ctx: CheckContext): Promise<{ provoked: Provoked[]; evidence: string[] }> {
  return ctx.fixtures.once("provoked-errors", () => provokeAll(ctx));
}

async function provokeAll(ctx: CheckContext): Promise<{ provoked: Provoked[]; evidence: string[] }> {
  const provoked: Provoked[] = [];
  const evidence: string[] = [];
  const missing = await ctx.client.getTask(`plainwright-missing-${randomUUID()}`);
  provoked.push({ what: "GetTask of an unknown id", code: a2aCodes.taskNotFound, outcome: missing });
  // The status and the reason together identify an error: a cancel of an unknown task is one more place to get it wrong.
  const cancelMissing = await ctx.client.cancelTask(`plainwright-missing-${randomUUID()}`);
  provoked.push({ what: "CancelTask of an unknown id", code: a2aCodes.taskNotFound, outcome: cancelMissing });
  if (ctx.generation === "1.0") {
    const refusals = await provokeRefusals(ctx);
    provoked.push(...refusals.provoked);
    evidence.push(...refusals.evidence);
  }
  const settled = await ctx.fixtures.settledTask();
  evidence.push(...missing.trafficIds, ...cancelMissing.trafficIds, ...settled.evidence);
  if (settled.ok && terminalStates.has(settled.value.state)) {
    const task = settled.value;
    const cancel = await ctx.client.cancelTask(task.id);
    const send = await ctx.client.send({
      text: ctx.fixtures.message,
      taskId: task.id,
      ...(task.contextId ? { contextId: task.contextId } : {}),
    });
    evidence.push(...cancel.trafficIds, ...send.trafficIds);
    provoked.push({
      what: `CancelTask of ${task.state} task`,
      code: a2aCodes.taskNotCancelable,
      outcome: cancel,
    });
    provoked.push({
      what: `a message to ${task.state} task`,
      code: a2aCodes.unsupportedOperation,
      outcome: send,
    });
  }
  return { provoked, evidence };
}

/** What a binding's status for one provoked error breaks (a problem), or is worth saying (a note). */
export type StatusJudge = (
  ctx: CheckContext,
  p: Provoked,
  error: A2AError,
) => { problem?: string; note?: string };

/**
 * Provokes the errors and judges the status of each that came back as the expected A2A error; a wrong
 * or missing error is the lifecycle checks' finding, so only the status is judged here.
 */
export async function judgeProvokedStatuses(
  ctx: CheckContext,
  judge: StatusJudge,
  praise: string,
): Promise<CheckVerdict> {
  const { provoked, evidence } = await provoke(ctx);
  const problems: string[] = [];
  const notes: string[] = [];
  let judged = 0;
  for (const p of provoked) {
    if (p.outcome.ok || p.outcome.kind !== "error" || p.outcome.error.code !== p.code) continue;
    judged++;
    const { problem, note } = judge(ctx, p, p.outcome.error);
    if (problem) problems.push(problem);
    if (note) notes.push(note);
  }
  if (judged === 0) return skip("none of the provoked errors came back as the expected A2A error");
  if (problems.length > 0) return fail(problems.join("; "), evidence);
  return pass(
    `${judged} A2A error(s) came with ${praise}${notes.length ? `; ${notes.join("; ")}` : ""}`,
    evidence,
  );
}

import { randomUUID } from "node:crypto";
import { extraMethod, pushSetParams } from "../../client/jsonrpc-params.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import { methodServing } from "../support/unserved-method.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";
import type { CallOutcome } from "../../client/types.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import type { CheckContext } from "../types.js";

type PushOp = "pushSet" | "pushGet" | "pushList" | "pushDelete";

/** The push methods of a generation: set and get in every 0.x, list and delete from 0.3 (some 0.2 releases lack them). */
const opsOf = (generation: ProtocolGeneration): PushOp[] =>
  generation === "0.3" ? ["pushSet", "pushGet", "pushList", "pushDelete"] : ["pushSet", "pushGet"];

function callOp(ctx: CheckContext, op: PushOp, taskId: string): Promise<CallOutcome<unknown>> {
  const configId = `plainwright-config-${randomUUID()}`;
  if (op === "pushSet") return ctx.client.setPushConfig(taskId, { url: DEAD_WEBHOOK });
  if (op === "pushGet") return ctx.client.getPushConfig(taskId, configId);
  if (op === "pushList") return ctx.client.listPushConfigs(taskId);
  return ctx.client.deletePushConfig(taskId, configId);
}

/** One push method, called on a made-up task: what is wrong with its answer, if anything. */
async function judgeOp(
  ctx: CheckContext,
  op: PushOp,
): Promise<{ method: string; problem?: string; evidence: string[] }> {
  const taskId = `plainwright-${randomUUID()}`;
  const method = extraMethod(ctx.generation, op) ?? op;
  const got = await callOp(ctx, op, taskId);
  const evidence = [...got.trafficIds];
  if (got.ok) return { method, problem: `${method} was accepted`, evidence };
  if (got.kind === "error" && got.error.code === a2aCodes.pushNotificationNotSupported)
    return { method, evidence };
  // §8.2 names -32003 for exactly this case, so an agent that leaves the methods out is told so too; the form
  // of its unknown-method answer is errors.unknown-method's finding.
  const params =
    op === "pushSet" ? pushSetParams(ctx.generation, taskId, { url: DEAD_WEBHOOK }) : { id: taskId };
  const serving = await methodServing(ctx.rpc, method, params);
  evidence.push(...serving.evidence);
  if (serving.unserved)
    return {
      method,
      problem: `${method} is not served (${serving.detail}) instead of being answered PushNotificationNotSupported (-32003), the code A2A ${ctx.generation} §8.2 names for it`,
      evidence,
    };
  if (got.kind !== "error") return { method, problem: `${method}: ${describeFailure(got)}`, evidence };
  return {
    method,
    problem: `${method} answered ${errorCalled(got.error)} instead of PushNotificationNotSupported (-32003)`,
    evidence,
  };
}

export default defineCheck({
  id: "errors.push-not-supported-0x",
  title: "An agent without push answers the push methods with PushNotificationNotSupported (A2A 0.x)",
  category: "errors",
  level: "SHOULD",
  levelReason:
    "A2A 0.3 §8.2 defines PushNotificationNotSupportedError for a server that does not support push, without a MUST; 1.0.1 §3.3.4 makes it a MUST (errors.capability-errors).",
  requirement:
    "When the card does not claim capabilities.pushNotifications, every push config method (set and get; in 0.3 list and delete too) is refused with PushNotificationNotSupportedError (-32003), not accepted, not left unserved and not failed with another error.",
  spec: "A2A 0.3 §8.2 (PushNotificationNotSupportedError), §7.5",
  recommendation:
    "Without push support, answer every tasks/pushNotificationConfig/* call with -32003 (PushNotificationNotSupportedError).",
  selfTest: [{ flaw: "push-unclaimed-accepted", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  allowed: [
    {
      behaviour: "an agent without push that refuses the push methods with -32003",
      clause: "A2A 0.3 §8.2",
      variant: "push-unclaimed",
    },
  ],
  scope: "transport",
  generations: ["0.1", "0.2", "0.3"],
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    if (ctx.validation.card.capabilities.pushNotifications)
      return notApplicable("the card claims capabilities.pushNotifications");
    const evidence: string[] = [];
    const answered: string[] = [];
    for (const op of opsOf(ctx.generation)) {
      const judged = await judgeOp(ctx, op);
      evidence.push(...judged.evidence);
      if (judged.problem)
        return fail(`${judged.problem} (the card does not claim push notifications)`, evidence);
      answered.push(judged.method);
    }
    return pass(`${answered.join(", ")} answered PushNotificationNotSupported (-32003)`, evidence);
  },
});

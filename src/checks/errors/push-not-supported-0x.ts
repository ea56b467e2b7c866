import { randomUUID } from "node:crypto";
import { extraMethod, pushSetParams } from "../../client/jsonrpc-params.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { methodServing } from "../support/unserved-method.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";

export default defineCheck({
  id: "errors.push-not-supported-0x",
  title: "An agent without push answers the push methods with PushNotificationNotSupported (A2A 0.x)",
  category: "errors",
  level: "SHOULD",
  levelReason:
    "A2A 0.3 §8.2 defines PushNotificationNotSupportedError for a server that does not support push, without a MUST; 1.0.1 §3.3.4 makes it a MUST (errors.capability-errors).",
  requirement:
    "When the card does not claim capabilities.pushNotifications, tasks/pushNotificationConfig/set is refused with PushNotificationNotSupportedError (-32003), not accepted and not failed with another error.",
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
    const set = await ctx.client.setPushConfig(`plainwright-${randomUUID()}`, { url: DEAD_WEBHOOK });
    const method = extraMethod(ctx.generation, "pushSet") ?? "tasks/pushNotificationConfig/set";
    const what = `${method} (the card does not claim push notifications)`;
    if (set.ok) return fail(`${what} was accepted`, set.trafficIds);
    if (set.kind === "error" && set.error.code === a2aCodes.pushNotificationNotSupported)
      return pass(`${what} answered PushNotificationNotSupported (-32003)`, set.trafficIds);
    // §8.2 names -32003 for exactly this case, so an agent that leaves the methods out is told so too; the form
    // of its unknown-method answer is errors.unknown-method's finding.
    const params = pushSetParams(ctx.generation, `plainwright-${randomUUID()}`, { url: DEAD_WEBHOOK });
    const serving = await methodServing(ctx.rpc, method, params);
    if (serving.unserved)
      return fail(
        `${what} is not served (${serving.detail}) instead of being answered PushNotificationNotSupported (-32003), the code A2A 0.3 §8.2 names for it`,
        [...set.trafficIds, ...serving.evidence],
      );
    if (set.kind !== "error") return fail(`${what}: ${describeFailure(set)}`, set.trafficIds);
    return fail(
      `${what} answered ${set.error.name} (${set.error.code}) instead of PushNotificationNotSupported (-32003)`,
      set.trafficIds,
    );
  },
});

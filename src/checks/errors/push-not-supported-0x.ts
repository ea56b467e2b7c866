import { randomUUID } from "node:crypto";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { describeFailure } from "../fixtures.js";

// A URL no agent can deliver to: the config must be refused before anything is stored.
const DEAD_WEBHOOK = "https://webhook.plainwright.invalid/a2a";

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
    const what = "tasks/pushNotificationConfig/set (the card does not claim push notifications)";
    if (set.ok) return fail(`${what} was accepted`, set.trafficIds);
    if (set.kind !== "error") return fail(`${what}: ${describeFailure(set)}`, set.trafficIds);
    if (set.error.code !== a2aCodes.pushNotificationNotSupported)
      return fail(
        `${what} answered ${set.error.name} (${set.error.code}) instead of PushNotificationNotSupported (-32003)`,
        set.trafficIds,
      );
    return pass(`${what} answered PushNotificationNotSupported (-32003)`, set.trafficIds);
  },
});

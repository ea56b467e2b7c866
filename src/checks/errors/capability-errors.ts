import { randomUUID } from "node:crypto";
import type { CallOutcome } from "../../client/types.js";
import { a2aCodes, errorName } from "../../protocol/error-codes.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import type { CheckContext } from "../types.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";

/** One operation of a capability the card does not claim, and the error it must get. */
interface Probe {
  capability: string;
  operation: string;
  expected: number;
  call: () => Promise<{ outcome: CallOutcome<unknown> | undefined; trafficIds: string[] }>;
}

/**
 * Capabilities the card leaves false or absent (1.0.1 §3.3.4), read from the raw card: a value that is
 * not a boolean is neither, and card.capabilities reports it.
 */
function unclaimed(
  ctx: CheckContext,
): Record<"streaming" | "pushNotifications" | "extendedAgentCard", boolean> {
  const raw = ctx.rawCard as { capabilities?: Record<string, unknown> } | null;
  const caps = raw?.capabilities ?? {};
  const off = (name: string) => caps[name] === undefined || caps[name] === false;
  return {
    streaming: off("streaming"),
    pushNotifications: off("pushNotifications"),
    extendedAgentCard: off("extendedAgentCard"),
  };
}

async function probesFor(ctx: CheckContext): Promise<Probe[]> {
  const off = unclaimed(ctx);
  // A task the agent created, for the operations that name one: a refusal must not hinge on an unknown id.
  const taskId = off.streaming || off.pushNotifications ? (await ctx.fixtures.knownTask())?.id : undefined;
  const probes: Probe[] = [];
  if (off.extendedAgentCard)
    probes.push({
      capability: "extendedAgentCard",
      operation: "GetExtendedAgentCard",
      expected: a2aCodes.unsupportedOperation,
      call: async () => {
        const got = await ctx.client.getExtendedCard();
        return { outcome: got, trafficIds: got.trafficIds };
      },
    });
  if (off.streaming)
    probes.push({
      capability: "streaming",
      operation: "SendStreamingMessage",
      expected: a2aCodes.unsupportedOperation,
      call: async () => {
        const streamed = await ctx.client.stream({ text: ctx.fixtures.message });
        return { outcome: streamed.failure, trafficIds: streamed.trafficIds };
      },
    });
  if (off.streaming && taskId)
    probes.push({
      capability: "streaming",
      operation: "SubscribeToTask",
      expected: a2aCodes.unsupportedOperation,
      call: async () => {
        const subscribed = await ctx.client.subscribe(taskId);
        return { outcome: subscribed.failure, trafficIds: subscribed.trafficIds };
      },
    });
  if (off.pushNotifications)
    probes.push({
      capability: "pushNotifications",
      operation: "CreateTaskPushNotificationConfig",
      expected: a2aCodes.pushNotificationNotSupported,
      call: async () => {
        const set = await ctx.client.setPushConfig(`plainwright-${randomUUID()}`, { url: DEAD_WEBHOOK });
        return { outcome: set, trafficIds: set.trafficIds };
      },
    });
  if (off.pushNotifications && taskId) {
    const configId = `plainwright-${randomUUID()}`;
    const pushProbe = (operation: string, call: () => Promise<CallOutcome<unknown>>): Probe => ({
      capability: "pushNotifications",
      operation,
      expected: a2aCodes.pushNotificationNotSupported,
      call: async () => {
        const outcome = await call();
        return { outcome, trafficIds: outcome.trafficIds };
      },
    });
    probes.push(
      pushProbe("GetTaskPushNotificationConfig", () => ctx.client.getPushConfig(taskId, configId)),
      pushProbe("ListTaskPushNotificationConfigs", () => ctx.client.listPushConfigs(taskId)),
      pushProbe("DeleteTaskPushNotificationConfig", () => ctx.client.deletePushConfig(taskId, configId)),
    );
  }
  return probes;
}

/** Why one probe's answer is wrong, or undefined when it is the expected error. */
function problem(probe: Probe, outcome: CallOutcome<unknown> | undefined): string | undefined {
  const what = `${probe.operation} (the card does not claim capabilities.${probe.capability})`;
  if (!outcome) return `${what} opened an event stream instead of answering ${errorName(probe.expected)}`;
  if (outcome.ok) return `${what} succeeded instead of answering ${errorName(probe.expected)}`;
  if (outcome.kind !== "error") return `${what}: ${describeFailure(outcome)}`;
  if (outcome.error.code !== probe.expected)
    return `${what} answered ${errorCalled(outcome.error)} instead of ${errorName(probe.expected)} (${probe.expected})`;
  return undefined;
}

export default defineCheck({
  id: "errors.capability-errors",
  title: "Operations of a capability the card does not claim are refused with the capability's error",
  category: "errors",
  level: "MUST",
  requirement:
    "For each optional capability the card leaves false or absent: GetExtendedAgentCard, SendStreamingMessage and SubscribeToTask (of a task the agent created) answer UnsupportedOperationError (-32004); Create, Get, List and Delete of push configs (on such a task) answer PushNotificationNotSupportedError (-32003).",
  spec: "A2A 1.0 §3.3.4 (capability validation), §3.1.11",
  tck: ["CORE-CAP-001", "CORE-CAP-002", "CORE-CAP-003"],
  quote: {
    spec: "A2A 1.0.1 §3.3.4",
    text: "If `AgentCard.capabilities.pushNotifications` is `false` or not present, operations related to push notification configuration (Create, Get, List, Delete) MUST return `PushNotificationNotSupportedError`. … If `AgentCard.capabilities.streaming` is `false` or not present, attempts to use `SendStreamingMessage` or `SubscribeToTask` operations MUST return `UnsupportedOperationError`. … If `AgentCard.capabilities.extendedAgentCard` is `false` or not present, attempts to call the Get Extended Agent Card operation MUST return `UnsupportedOperationError`.",
  },
  recommendation:
    "Check the card's capabilities before serving an optional operation: answer UnsupportedOperationError (-32004) for streaming and the extended card, PushNotificationNotSupportedError (-32003) for push configs.",
  selfTest: [
    {
      flaw: "capabilities-half-enforced",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-CAP-001", "CORE-CAP-002"],
    },
    {
      flaw: "extended-card-wrong-error",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-CAP-003"],
    },
  ],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    const probes = await probesFor(ctx);
    if (probes.length === 0)
      return notApplicable(
        "the card claims streaming, push notifications and an extended card: no capability to refuse",
      );
    const evidence: string[] = [];
    const problems: string[] = [];
    for (const probe of probes) {
      const { outcome, trafficIds } = await probe.call();
      evidence.push(...trafficIds);
      const wrong = problem(probe, outcome);
      if (wrong) problems.push(wrong);
    }
    if (problems.length > 0) return fail(problems.join("; "), evidence);
    return pass(
      `refused as the spec says: ${probes.map((p) => `${p.operation} with ${errorName(p.expected)}`).join(", ")}`,
      evidence,
    );
  },
});

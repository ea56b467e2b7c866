import { randomUUID } from "node:crypto";
import { describeFailure } from "../../client/describe-failure.js";
import type { CallOutcome } from "../../client/types.js";
import { defineCheck, fail, notSupported, pass, skip } from "../define.js";
import { optionalMethodUnserved } from "../support/optional-push-methods.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Where each 0.x version leaves a config's id optional on set. */
function setClause(ctx: CheckContext): string {
  return ctx.generation === "0.2"
    ? 'A2A 0.2.5 §6.8 PushNotificationConfig.id is not required: "Optional server-generated identifier for the push notification configuration"'
    : "A2A 0.3.0 §6.8 PushNotificationConfig has `id?: string` (optional)";
}

/** Where each 0.x version lets tasks/pushNotificationConfig/get name the task alone. */
function getClause(ctx: CheckContext): string {
  return ctx.generation === "0.2"
    ? 'A2A 0.2.5 §7.6.1 pushNotificationConfigId is not required: "Server will return one of the associated configurations if config id is not specified"'
    : "A2A 0.3.0 §7.6, §7.6.1 take GetTaskPushNotificationConfigParams (`pushNotificationConfigId?: string`, optional) or TaskIdParams (deprecated, still allowed)";
}

/** A refusal of one of the spec's forms: a failure when served and answered with an error, a note when unserved. */
function refusal(
  ctx: CheckContext,
  outcome: CallOutcome<unknown> & { ok: false },
  what: string,
  clause: string,
  evidence: string[],
): CheckVerdict {
  if (optionalMethodUnserved(ctx, outcome))
    return notSupported(
      `${what}: the method is not served (MethodNotFound), which A2A 0.3 §11.1.3 leaves optional`,
      evidence,
    );
  if (outcome.kind !== "error") return skip(`${what}: ${describeFailure(outcome)}`);
  return fail(`${what} was refused: ${describeFailure(outcome)}; ${clause}`, evidence);
}

export default defineCheck({
  id: "push.config-id-optional-0x",
  title: "A push config can be set without an id and read by its task's id alone (A2A 0.2/0.3)",
  category: "push",
  level: "SHOULD",
  levelReason:
    'A2A 0.2.5 and 0.3.0 make both ids optional (§6.8 PushNotificationConfig.id; §7.6.1 pushNotificationConfigId, and §7.6 still takes TaskIdParams) and 0.2.5 §7.6.1 says the server "will return one of the associated configurations", but no MUST requires a server to take these forms. 1.0.1 differs: GetTaskPushNotificationConfigRequest.id is REQUIRED, and a create without an id is push.config-id-assigned\'s (§3.1.7).',
  requirement:
    "tasks/pushNotificationConfig/set whose pushNotificationConfig has no id is taken, and tasks/pushNotificationConfig/get with only the task's id ({id}, no pushNotificationConfigId) returns that task's config.",
  spec: "A2A 0.2.5 §6.8, §7.5, §7.6, §7.6.1; 0.3.0 §6.8, §7.5, §7.6, §7.6.1",
  quote: {
    spec: "A2A 0.2.5 §7.6.1",
    text: "pushNotificationConfigId | string | No | Push notification configuration id. Server will return one of the associated configurations if config id is not specified",
  },
  recommendation:
    "Assign an id (a UUID) to a push config set without one, and answer a get that names only the task with one of its configs.",
  noSelfTest:
    "no reference-agent flaw refuses these forms: mutation push-config-ids-required (src/mutation/mutations/push-ids.ts) fails it on the 0.3 reference agent, and hand-written agents pass and fail it (config-id-optional-0x.test.ts)",
  dependsOn: ["push.config-crud"],
  scope: "transport",
  // The get that names the task alone is a JSON-RPC form (0.3's REST and gRPC paths name the config).
  bindings: ["JSONRPC"],
  judgesTasks: true,
  needs: ["pushNotifications"],
  generations: ["0.2", "0.3"],
  run: async (ctx) => {
    // A task of its own: on a shared one, other checks' configs would answer the get that names no config.
    const sent = await ctx.fixtures.send(ctx.fixtures.message);
    if (!sent.ok) return skip(`no task to attach a config to: ${sent.reason}`);
    if (sent.value.kind !== "task") return skip("the agent answered with a Message, not a Task");
    const taskId = sent.value.id;
    const set = await ctx.client.setPushConfig(taskId, { url: DEAD_WEBHOOK, token: randomUUID() });
    const evidence = [...sent.evidence, ...set.trafficIds];
    const setWhat = `setting a push config without an id on task ${taskId}`;
    if (!set.ok) {
      // A set with an id refused alike says the refusal is not about the id (seen at first sight: the task
      // named otherwise than the agent reads it): push.config-crud's finding, said once.
      const withId = await ctx.client.setPushConfig(taskId, {
        id: `plainwright-${randomUUID()}`,
        url: DEAD_WEBHOOK,
      });
      evidence.push(...withId.trafficIds);
      if (!withId.ok && sameRefusal(set, withId))
        return {
          ...skip(
            `${setWhat} was refused, and so was one with an id: the set itself is push.config-crud's finding`,
          ),
          evidence,
        };
      return refusal(ctx, set, setWhat, setClause(ctx), evidence);
    }
    const got = await ctx.client.getPushConfig(taskId);
    evidence.push(...got.trafficIds);
    if (set.value.id) evidence.push(...(await ctx.client.deletePushConfig(taskId, set.value.id)).trafficIds);
    const getWhat = `reading task ${taskId}'s config with the task's id alone (no pushNotificationConfigId)`;
    if (!got.ok) return refusal(ctx, got, getWhat, getClause(ctx), evidence);
    if (got.value.url !== DEAD_WEBHOOK)
      return fail(`${getWhat} returned url ${got.value.url}, not the ${DEAD_WEBHOOK} set on it`, evidence);
    const assigned = set.value.id ? ` (the agent gave it id ${set.value.id})` : "";
    return pass(`a config set without an id${assigned} was read back by task ${taskId}'s id alone`, evidence);
  },
});

/** Two refusals alike: the same A2A error code, or the same kind of failure. */
function sameRefusal(a: CallOutcome<unknown>, b: CallOutcome<unknown>): boolean {
  if (a.ok || b.ok || a.kind !== b.kind) return false;
  return a.kind !== "error" || b.kind !== "error" || a.error.code === b.error.code;
}

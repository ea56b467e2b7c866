import { randomUUID } from "node:crypto";
import type { CallOutcome, PushConfig } from "../../client/types.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import { resultSchemaProblems, resultSent } from "../support/result-schema.js";
import { sendCarryingPushConfig } from "../support/push-config-offer.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/**
 * What push.config-crud judges in these replies, so not this check: a config's url (the client cannot read a
 * config without one, and config-crud compares it) and, in a list, each config's id.
 */
const OWNED: Record<"SetPushConfig" | "GetPushConfig" | "ListPushConfigs", readonly string[]> = {
  SetPushConfig: ["url", "pushNotificationConfig.url"],
  GetPushConfig: ["url", "pushNotificationConfig.url"],
  ListPushConfigs: [],
};

/** Why a 0.x JSON-RPC delete's result is not the `null` 0.2.5 and 0.3 §7.8 define, or undefined. */
function deleteResultProblem(raw: unknown, generation: ProtocolGeneration): string | undefined {
  if (raw === null) return undefined;
  const shown = JSON.stringify(raw) ?? "no result";
  return `DeletePushConfig: the result must be null (A2A ${generation} §7.8), not ${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}`;
}

/** The replies judged so far, their schema problems, and the traffic that shows them. */
class Replies {
  readonly evidence: string[] = [];
  readonly problems: string[] = [];
  readonly judged: string[] = [];
  constructor(private readonly ctx: CheckContext) {}

  /**
   * Judges a reply of set, get or list against the schema; false when the call failed (nothing to judge). With
   * `unreadable`, a result the client could not read as a config is judged too (its shape is the finding).
   */
  async judge(
    operation: keyof typeof OWNED,
    call: CallOutcome<unknown>,
    unreadable = false,
  ): Promise<boolean> {
    this.evidence.push(...call.trafficIds);
    const raw = call.ok || unreadable ? resultSent(call) : undefined;
    if (raw === undefined) return false;
    const found = await resultSchemaProblems(raw, operation, this.ctx.generation, OWNED[operation]);
    if (!found) return true;
    this.judged.push(operation);
    this.problems.push(...found);
    return true;
  }

  /**
   * Deletes the config, judging a 0.x reply's result. A 1.0 delete's is left alone: the proto returns
   * google.protobuf.Empty (1.0.1 §10.4.10), but §3.1.10 calls the confirmation "implementation-specific" and
   * the JSON-RPC binding names no result (the official JS SDK answers null), so no 1.0 result is wrong.
   */
  async deleteConfig(taskId: string, configId: string): Promise<void> {
    const deleted = await this.ctx.client.deletePushConfig(taskId, configId);
    this.evidence.push(...deleted.trafficIds);
    if (!deleted.ok || this.ctx.generation === "1.0") return;
    this.judged.push("DeletePushConfig");
    const problem = deleteResultProblem(deleted.raw, this.ctx.generation);
    if (problem) this.problems.push(problem);
  }

  verdict(how = ""): CheckVerdict {
    const { ctx, problems, judged, evidence } = this;
    if (problems.length > 0)
      return fail(`${problems.length} schema problem(s): ${problems.slice(0, 5).join("; ")}${how}`, evidence);
    const schema = ctx.generation === "1.0" ? "A2A 1.0.1 proto" : `A2A ${ctx.generation} JSON schema`;
    return pass(`the replies of ${judged.join(", ")} match the ${schema}${how}`, evidence);
  }
}

/**
 * Reads back the config a send carried, when the agent refused the check's own set (the request push.delivery
 * falls back to), judging the replies that name it. Why nothing could be judged, or undefined once judged.
 */
async function readConfigGivenInSend(ctx: CheckContext, replies: Replies): Promise<string | undefined> {
  const asked = `plainwright-${randomUUID()}`;
  const sent = await sendCarryingPushConfig(ctx, { id: asked, url: DEAD_WEBHOOK, token: randomUUID() });
  replies.evidence.push(...sent.trafficIds);
  if (!sent.ok) return `a send carrying the config failed too: ${describeFailure(sent)}`;
  if (sent.value.kind !== "task") return "a send carrying the config was answered with a Message";
  const taskId = sent.value.id;
  let found = false;
  // A reply finds the config when it names the send's url; one about no such config judges nothing here. Read
  // leniently: a result the client could not read as a config but that names the send's webhook is that config
  // in a shape of the agent's own, and the shape is judged (seen at first sight: {taskId, configId, config}).
  const read = async (
    operation: "GetPushConfig" | "ListPushConfigs",
    call: CallOutcome<PushConfig | PushConfig[]>,
  ): Promise<PushConfig | undefined> => {
    const mine = (call.ok ? [call.value].flat() : []).find((c) => c.url === DEAD_WEBHOOK);
    const namesWebhook =
      !call.ok && call.kind === "invalid" && JSON.stringify(call.raw ?? null).includes(DEAD_WEBHOOK);
    if (!mine && !namesWebhook) replies.evidence.push(...call.trafficIds);
    else if (await replies.judge(operation, call, namesWebhook)) found = true;
    return mine;
  };
  let configId: string;
  if (ctx.generation === "1.0") {
    // A 1.0 get names the config (GetTaskPushNotificationConfigRequest.id is REQUIRED), and the agent may
    // have assigned its own id (1.0.1 §3.1.7): the list tells it, by the config's url.
    const listed = await read("ListPushConfigs", await ctx.client.listPushConfigs(taskId));
    configId = listed?.id ?? asked;
    await read("GetPushConfig", await ctx.client.getPushConfig(taskId, configId));
  } else {
    // 0.2.5 and 0.3 §7.6.1: without pushNotificationConfigId the server returns a config of the task, so no
    // id is guessed; the task is new, so its one config is the send's.
    const got = await read("GetPushConfig", await ctx.client.getPushConfig(taskId));
    const listed = await read("ListPushConfigs", await ctx.client.listPushConfigs(taskId));
    configId = got?.id ?? listed?.id ?? asked;
  }
  if (!found) return `the config a send carried (task ${taskId}) could not be read back either`;
  await replies.deleteConfig(taskId, configId);
  return undefined;
}

export default defineCheck({
  id: "push.config-replies-schema-valid",
  title: "The replies of the push notification config methods match the spec's schema",
  category: "push",
  level: "MUST",
  requirement:
    "The TaskPushNotificationConfig that set/create and get return, and the list of them, validate against the schema of the version: in 0.2/0.3 the published JSON schema (taskId and pushNotificationConfig with its url), in 1.0 the REQUIRED fields and types of the 1.0.1 proto (TaskPushNotificationConfig, ListTaskPushNotificationConfigsResponse); a 0.2/0.3 delete answers null. When set/create fails, the replies about a config given in a send are judged instead. A failed call, and the url and id config-crud compares, are push.config-crud's findings.",
  spec: "A2A 0.3 §7.5-§7.8 (tasks/pushNotificationConfig/set, get, list, delete), §6.8, §6.10, §11.1.5 and specification/json/a2a.json at v0.3.0 (0.2.5 §7.5-§7.8 and the 0.2.6 schema likewise); 1.0.1 §3.1.7-§3.1.9, §5.7 and specification/a2a.proto at v1.0.1",
  quote: {
    spec: "A2A 1.0.1 §5.7; 0.3 §11.1.5",
    text: "Fields marked with `[(google.api.field_behavior) = REQUIRED]` indicate that the field MUST be present and set in valid messages. … A2A data objects: MUST use the data structures defined in Section 6 for all protocol entities.",
  },
  recommendation:
    "Return push notification configs as the schema of your version defines them: 0.x {taskId, pushNotificationConfig: {url, ...}} (a list of them from list); 1.0 TaskPushNotificationConfig {taskId, id, url, ...} and {configs: [...]} from list. A 0.x delete answers the result null.",
  selfTest: [{ flaw: "push-config-reply-without-task-id", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  // Not push.config-crud: when its set fails, this check still reads a config given in a send.
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  needs: ["pushNotifications"],
  generations: ["0.2", "0.3", "1.0"],
  bindings: ["JSONRPC", "HTTP+JSON"],
  run: async (ctx) => {
    if (ctx.generation !== "1.0" && ctx.transport !== "JSONRPC")
      return notApplicable(
        `A2A ${ctx.generation} over ${ctx.transport} sends ProtoJSON of its proto, not the JSON-RPC objects its JSON schema describes`,
      );
    const task = await ctx.fixtures.sharedTask();
    if (!task.ok) return skip(`no task to attach a config to: ${task.reason}`);
    const taskId = task.value.id;
    const id = `plainwright-${randomUUID()}`;
    const replies = new Replies(ctx);
    const set = await ctx.client.setPushConfig(taskId, { id, url: DEAD_WEBHOOK, token: randomUUID() });
    if (!(await replies.judge("SetPushConfig", set))) {
      // The set failed (config-crud's finding), but an agent may still store a config given in a send: its
      // replies are judged all the same, as they are what a client of that agent reads.
      const unread = await readConfigGivenInSend(ctx, replies);
      const refused = `setting a push config failed (push.config-crud judges that): ${set.ok ? "" : describeFailure(set)}`;
      if (unread) return skip(`${refused}; ${unread}`);
      return replies.verdict(`; judged on a config given in a send, as ${refused}`);
    }
    // The id the agent assigned, when it gave another (1.0.1 §3.1.7), is the one the config is known by.
    const configId = (set.ok && set.value.id) || id;
    await replies.judge("GetPushConfig", await ctx.client.getPushConfig(taskId, configId));
    await replies.judge("ListPushConfigs", await ctx.client.listPushConfigs(taskId));
    await replies.deleteConfig(taskId, configId);
    return replies.verdict();
  },
});

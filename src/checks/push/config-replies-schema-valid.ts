import { randomUUID } from "node:crypto";
import type { CallOutcome } from "../../client/types.js";
import { resultSchemaProblems } from "../support/result-schema.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";

/**
 * What push.config-crud judges in these replies, so not this check: a config's url (the client cannot read a
 * config without one, and config-crud compares it) and, in a list, each config's id.
 */
const OWNED: Record<"SetPushConfig" | "GetPushConfig" | "ListPushConfigs", readonly string[]> = {
  SetPushConfig: ["url", "pushNotificationConfig.url"],
  GetPushConfig: ["url", "pushNotificationConfig.url"],
  ListPushConfigs: [],
};

export default defineCheck({
  id: "push.config-replies-schema-valid",
  title: "The replies of the push notification config methods match the spec's schema",
  category: "push",
  level: "MUST",
  requirement:
    "The TaskPushNotificationConfig that set/create and get return, and the list of them, validate against the schema of the version: in 0.2/0.3 the published JSON schema (taskId and pushNotificationConfig with its url), in 1.0 the REQUIRED fields and types of the 1.0.1 proto (TaskPushNotificationConfig, ListTaskPushNotificationConfigsResponse). A failed call, and the url and id config-crud compares, are push.config-crud's findings.",
  spec: "A2A 0.3 §7.5-§7.7 (tasks/pushNotificationConfig/set, get, list), §6.8, §6.10, §11.1.5 and specification/json/a2a.json at v0.3.0 (0.2.6 likewise); 1.0.1 §3.1.7-§3.1.9, §5.7 and specification/a2a.proto at v1.0.1",
  quote: {
    spec: "A2A 1.0.1 §5.7; 0.3 §11.1.5",
    text: "Fields marked with `[(google.api.field_behavior) = REQUIRED]` indicate that the field MUST be present and set in valid messages. … A2A data objects: MUST use the data structures defined in Section 6 for all protocol entities.",
  },
  recommendation:
    "Return push notification configs as the schema of your version defines them: 0.x {taskId, pushNotificationConfig: {url, ...}} (a list of them from list); 1.0 TaskPushNotificationConfig {taskId, id, url, ...} and {configs: [...]} from list.",
  selfTest: [{ flaw: "push-config-reply-without-task-id", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task", "push.config-crud"],
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
    const task = await ctx.fixtures.settledTask();
    if (!task.ok) return skip(`no task to attach a config to: ${task.reason}`);
    const taskId = task.value.id;
    const id = `plainwright-${randomUUID()}`;
    const evidence: string[] = [];
    const problems: string[] = [];
    const judged: string[] = [];
    const judge = async (operation: keyof typeof OWNED, call: CallOutcome<unknown>) => {
      evidence.push(...call.trafficIds);
      if (!call.ok) return false;
      const found = await resultSchemaProblems(call.raw, operation, ctx.generation, OWNED[operation]);
      if (!found) return true;
      judged.push(operation);
      problems.push(...found);
      return true;
    };
    const set = await ctx.client.setPushConfig(taskId, { id, url: DEAD_WEBHOOK, token: randomUUID() });
    if (!(await judge("SetPushConfig", set)))
      return skip("setting a push config failed (push.config-crud judges that)");
    // The id the agent assigned, when it gave another (1.0.1 §3.1.7), is the one the config is known by.
    const configId = (set.ok && set.value.id) || id;
    await judge("GetPushConfig", await ctx.client.getPushConfig(taskId, configId));
    await judge("ListPushConfigs", await ctx.client.listPushConfigs(taskId));
    const deleted = await ctx.client.deletePushConfig(taskId, configId);
    evidence.push(...deleted.trafficIds);
    if (problems.length > 0)
      return fail(`${problems.length} schema problem(s): ${problems.slice(0, 5).join("; ")}`, evidence);
    return pass(
      `the replies of ${judged.join(", ")} match the ${ctx.generation === "1.0" ? "A2A 1.0.1 proto" : `A2A ${ctx.generation} JSON schema`}`,
      evidence,
    );
  },
});

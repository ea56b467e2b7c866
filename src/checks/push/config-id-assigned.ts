import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";

export default defineCheck({
  id: "push.config-id-assigned",
  title: "A push config created without an id comes back with the id the agent gave it (A2A 1.0)",
  category: "push",
  level: "SHOULD",
  levelReason:
    '1.0.1 §3.1.7 describes the output as the "Created configuration with assigned ID" without a keyword, and the proto leaves `id` optional on the request; 0.x says nothing of it.',
  requirement:
    "CreateTaskPushNotificationConfig with no config id answers with the created config carrying a non-empty id.",
  spec: "A2A 1.0.1 §3.1.7 (Outputs), §3.1.8",
  quote: {
    spec: "A2A 1.0.1 §3.1.7",
    text: "Outputs: PushNotificationConfig: Created configuration with assigned ID",
  },
  recommendation:
    "When a client creates a push config without an id, assign one (a UUID) and return it in the reply, so the client can read, list and delete that config by it.",
  selfTest: [{ flaw: "push-config-id-not-assigned", protocols: ["1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["push.config-crud"],
  judgesTasks: true,
  scope: "transport",
  needs: ["pushNotifications"],
  generations: ["1.0"],
  run: async (ctx) => {
    const task = await ctx.fixtures.knownTask();
    if (!task) return skip("no task to attach a config to");
    const created = await ctx.client.setPushConfig(task.id, { url: DEAD_WEBHOOK });
    const evidence = [...created.trafficIds];
    // A refused create is push.config-crud's finding; here only the reply of one that succeeded counts.
    if (!created.ok)
      return skip(`creating a config without an id on task ${task.id}: ${describeFailure(created)}`);
    const id = created.value.id;
    if (!id) return fail(`the config created on task ${task.id} without an id came back with none`, evidence);
    // Reading the config back by that id is push.config-crud's to judge; here the id is only used to clean up.
    const removed = await ctx.client.deletePushConfig(task.id, id);
    evidence.push(...removed.trafficIds);
    return pass(`the config came back with the assigned id ${id}`, evidence);
  },
});

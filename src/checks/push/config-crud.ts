import { randomUUID } from "node:crypto";
import type { CallOutcome } from "../../client/types.js";
import { defineCheck, fail, failBlocking, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { DEAD_WEBHOOK } from "../support/webhook-receiver.js";
import { optionalMethodUnserved } from "../support/optional-push-methods.js";

/**
 * Where a list reply that carries no `configs` holds its configs instead, said in the verdict (seen at first
 * sight: `pushNotificationConfigs`, read as an empty list); "" when it does not.
 */
function misplacedList(raw: unknown): string {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || "configs" in raw) return "";
  const [key] =
    Object.entries(raw).find(
      ([, v]) => Array.isArray(v) && v.some((c) => typeof c === "object" && c !== null),
    ) ?? [];
  return key
    ? `; the reply holds its list under "${key}", not "configs" (a2a.proto ListTaskPushNotificationConfigsResponse.configs; 0.3's JSON-RPC result is the array itself)`
    : "";
}

export default defineCheck({
  id: "push.config-crud",
  title: "Push notification configs can be set, read, listed and deleted",
  category: "push",
  level: "MUST",
  requirement:
    "An agent that claims pushNotifications stores a config set for a task, returns it from get and list, keeps it until it is deleted (a second get after the list still finds it), and removes it on delete (after which get no longer finds it).",
  spec: "A2A 0.3 §7.5–§7.8 (tasks/pushNotificationConfig/*), 1.0 §3.1.7–§3.1.10",
  tck: [
    "PUSH-CREATE-001",
    "PUSH-CREATE-002",
    "PUSH-GET-001",
    "PUSH-GET-002",
    "PUSH-LIST-001",
    "PUSH-DEL-001",
  ],
  quote: {
    spec: "A2A 1.0.1 §3.1.7",
    text: "The operation MUST establish a webhook endpoint for task update notifications. [...] The configuration MUST persist until task completion or explicit deletion.",
  },
  recommendation:
    "Implement set/create, get, list and delete of push notification configs over a store keyed by task and config id.",
  selfTest: [
    { flaw: "duplicate-task-ids", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
    { flaw: "push-config-not-stored", protocols: ["1.0"], violates: ["PUSH-CREATE-001", "PUSH-GET-001"] },
  ],
  allowed: [
    {
      behaviour: "A2A 0.x: list or delete answered MethodNotFound (the rest is still judged)",
      clause:
        "A2A 0.3 §11.1.3: a server MAY implement tasks/pushNotificationConfig/set, get, list (and delete)",
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  needs: ["pushNotifications"],
  run: async (ctx) => {
    const task = await ctx.fixtures.sharedTask();
    if (!task.ok) return skip(`no task to attach a config to: ${task.reason}`);
    const asked = `plainwright-${randomUUID()}`;
    const evidence: string[] = [];
    const step = <T>(outcome: CallOutcome<T>) => {
      evidence.push(...outcome.trafficIds);
      return outcome;
    };
    const taskId = task.value.id;
    const set = step(
      await ctx.client.setPushConfig(taskId, { id: asked, url: DEAD_WEBHOOK, token: randomUUID() }),
    );
    // An agent that reads the config from the wrong place answers with errors about the config itself
    // (seen at first sight: "Invalid URL" for a valid one); the shape sent tells the reader where to look.
    const sentAs =
      (ctx.generation === "0.2" || ctx.generation === "0.3") && ctx.transport === "JSONRPC"
        ? `; the request nested the config as A2A ${ctx.generation} §7.5 has it: params {taskId, pushNotificationConfig: {id, url, token}}`
        : "";
    if (!set.ok)
      return failBlocking(
        `setting a push config on task ${taskId}: ${describeFailure(set)}${set.kind === "error" ? sentAs : ""}`,
        evidence,
      );
    // 1.0.1 §3.1.7 answers the "configuration with assigned ID": the agent may assign its own, and that is
    // the id the config is read, listed and deleted by. A reply without one leaves the id that was asked for.
    const id = set.value.id || asked;
    const got = step(await ctx.client.getPushConfig(taskId, id));
    if (!got.ok) return fail(`config ${id} was set, but get says: ${describeFailure(got)}`, evidence);
    if (got.value.url !== DEAD_WEBHOOK)
      return fail(`get returned url ${got.value.url}, not the ${DEAD_WEBHOOK} that was set`, evidence);
    const listed = step(await ctx.client.listPushConfigs(taskId));
    const unserved: string[] = [];
    if (optionalMethodUnserved(ctx, listed)) unserved.push("list");
    else if (!listed.ok)
      return fail(
        `listing the configs of task ${taskId}: ${describeFailure(listed)}${misplacedList("raw" in listed ? listed.raw : undefined)}`,
        evidence,
      );
    else if (!listed.value.some((c) => c.id === id))
      return fail(
        `list returned ${listed.value.length} config(s) without ${id}${misplacedList(listed.raw)}`,
        evidence,
      );
    // 1.0.1 §3.1.7: the config persists until deletion, so a later read (after it was read and listed) still finds it.
    const again = step(await ctx.client.getPushConfig(taskId, id));
    if (!again.ok)
      return fail(
        `config ${id} was read and listed, but before any delete a second get says: ${describeFailure(again)}`,
        evidence,
      );
    if (again.value.url !== DEAD_WEBHOOK)
      return fail(
        `a second get returned url ${again.value.url}, not the ${DEAD_WEBHOOK} that was set`,
        evidence,
      );
    const deleted = step(await ctx.client.deletePushConfig(taskId, id));
    if (optionalMethodUnserved(ctx, deleted)) unserved.push("delete");
    else if (!deleted.ok) return fail(`deleting config ${id}: ${describeFailure(deleted)}`, evidence);
    else {
      const gone = step(await ctx.client.getPushConfig(taskId, id));
      if (gone.ok) return fail(`config ${id} was deleted, but get still returns it`, evidence);
    }
    if (unserved.length > 0)
      return pass(
        `config ${id} set and read on task ${taskId}; ${unserved.join(" and ")} not served (MethodNotFound), which A2A 0.3 §11.1.3 leaves optional`,
        evidence,
      );
    return pass(`config ${id} set, read, listed, read again and deleted on task ${taskId}`, evidence);
  },
});

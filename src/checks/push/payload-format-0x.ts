import { defineCheck, fail, pass } from "../define.js";
import { resultSchemaProblems } from "../support/result-schema.js";
import type { Delivery } from "../support/webhook-receiver.js";
import type { CheckContext } from "../types.js";
import { receiveNotification } from "./delivery.js";
import { notificationObject } from "./payload-format.js";

/** The members a task's id and its state go by, in any of the shapes seen (a Task, an event, a JSON-RPC call). */
const ID_KEYS = new Set(["taskId", "task_id"]);

/**
 * What a notification body says, searched leniently (depth 4): the task's id (`taskId`, or the `id` of an object
 * that has a status or state) and its state (a `state` string).
 */
export function identified(value: unknown, depth = 0): { id?: string; state?: string } {
  if (depth > 4 || typeof value !== "object" || value === null) return {};
  const found: { id?: string; state?: string } = {};
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const own = value as Record<string, unknown>;
  if (typeof own.id === "string" && ("status" in own || "state" in own)) found.id = own.id;
  for (const [key, v] of entries) {
    if (ID_KEYS.has(key) && typeof v === "string") found.id ??= v;
    if (key === "state" && typeof v === "string") found.state ??= v;
    const deeper = identified(v, depth + 1);
    found.id ??= deeper.id;
    found.state ??= deeper.state;
  }
  return found;
}

/**
 * Why a 0.x notification body does not let the client tell which task changed and what became of it, or
 * undefined. 0.2.5 and 0.3 leave the body open ("does not strictly define the HTTP body payload": a minimal one
 * with the task id and new state, or the full Task); a body that says it is a Task is judged as one.
 */
async function payloadProblem(body: string, ctx: CheckContext): Promise<string | undefined> {
  const parsed = notificationObject(body);
  if (typeof parsed === "string") return parsed;
  const { id, state } = identified(parsed);
  const missing = [...(id ? [] : ["the task's id"]), ...(state ? [] : ["its new state"])];
  if (missing.length > 0) return `the notification body does not say ${missing.join(" or ")}`;
  // The published JSON schema is the JSON-RPC binding's; 0.3's other bindings carry the proto's JSON.
  if (parsed.kind !== "task" || ctx.transport !== "JSONRPC") return undefined;
  const problems = (await resultSchemaProblems(parsed, "GetTask", ctx.generation)) ?? [];
  return problems.length > 0
    ? `the notification's Task breaks the A2A ${ctx.generation} JSON schema: ${problems.map((p) => p.replace(/^GetTask: /, "")).join("; ")}`
    : undefined;
}

export default defineCheck({
  id: "push.payload-format-0x",
  title: "A push notification's body names the task and its new state (0.x)",
  category: "push",
  level: "SHOULD",
  levelReason:
    "A2A 0.2.5 and 0.3.0 leave the body open: their topic Streaming & Asynchronous Operations says the protocol does not strictly define the payload and that it SHOULD contain sufficient information to identify the Task ID and the new TaskState; §9.5 shows the Task, in no RFC 2119 word.",
  requirement:
    "Each webhook POST of a 0.2/0.3 agent carries a JSON body from which the client can tell the task (its id) and its new state: the Task, or a minimal payload with the two; a body that says it is a Task (kind: task) is, on JSON-RPC, a Task of the published schema.",
  spec: "A2A 0.3 §9.5 (push notification workflow, step 3), topic Streaming & Asynchronous Operations (Notification Payload); 0.2.5 likewise",
  quote: {
    spec: "A2A 0.3.0 topic Streaming & Asynchronous Operations",
    text: "The A2A protocol itself does not strictly define the HTTP body payload of the push notification sent by the server to the client's webhook. However, the notification SHOULD contain sufficient information for the client to identify the Task ID and understand the general nature of the update (e.g., the new TaskState).",
  },
  recommendation:
    "POST the task itself (as tasks/get would return it) to the webhook, or at least its id and new state.",
  selfTest: [{ flaw: "push-without-state-0x", protocols: ["0.3"] }],
  dependsOn: ["push.delivery"],
  scope: "transport",
  judgesTasks: true,
  needs: ["pushNotifications"],
  generations: ["0.2", "0.3"],
  run: (ctx) =>
    receiveNotification(
      ctx,
      async (delivery: Delivery, _credentials: string | undefined, evidence: string[]) => {
        const problem = await payloadProblem(delivery.body, ctx);
        return problem
          ? fail(problem, evidence)
          : pass("the notification body names the task and its new state", evidence);
      },
    ),
});

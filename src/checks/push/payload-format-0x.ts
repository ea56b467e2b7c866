import { isObject } from "../../model/json.js";
import { defineCheck, fail, pass } from "../define.js";
import { resultSchemaProblems } from "../support/result-schema.js";
import type { Delivery } from "../support/webhook-receiver.js";
import type { CheckContext } from "../types.js";
import { receiveNotification } from "./delivery.js";
import { notificationObject } from "./payload-format.js";

/** What a notification body is when it is not the Task: its kind, or the shape it has. */
function notATask(parsed: Record<string, unknown>): string | undefined {
  if ("jsonrpc" in parsed) return "a JSON-RPC message";
  if (typeof parsed.kind === "string" && parsed.kind !== "task") return `a ${parsed.kind}`;
  if (typeof parsed.id !== "string" || !isObject(parsed.status))
    return "an object without a task's id and status";
  return undefined;
}

/** Why a 0.x notification body is not the Task (0.2/0.3 §9.5), or undefined. */
async function payloadProblem(body: string, ctx: CheckContext): Promise<string | undefined> {
  const parsed = notificationObject(body);
  if (typeof parsed === "string") return parsed;
  const other = notATask(parsed);
  if (other) return `the notification body is ${other}, not the Task`;
  // The published JSON schema is the JSON-RPC binding's; 0.3's other bindings carry the proto's JSON.
  if (ctx.transport !== "JSONRPC") return undefined;
  const problems = (await resultSchemaProblems(parsed, "GetTask", ctx.generation)) ?? [];
  const [first] = problems;
  return first
    ? `the notification's Task breaks the A2A ${ctx.generation} JSON schema: ${problems.map((p) => p.replace(/^GetTask: /, "")).join("; ")}`
    : undefined;
}

export default defineCheck({
  id: "push.payload-format-0x",
  title: "A push notification's body is the Task (0.x)",
  category: "push",
  level: "SHOULD",
  levelReason:
    "A2A 0.2 and 0.3 show the webhook body only in their push notification workflow (§9.5), as the Task, in no RFC 2119 word.",
  requirement:
    "Each webhook POST of a 0.2/0.3 agent carries the Task as its JSON body (id, status, and on JSON-RPC the Task of the published schema), not an event, a Message or a JSON-RPC message.",
  spec: "A2A 0.3 §9.5 (push notification workflow, step 3); 0.2.5 likewise",
  quote: {
    spec: "A2A 0.3.0 §9.5",
    text: "(Later) A2A Server completes the task and POSTs a notification to `https://client.example.com/webhook/a2a-notifications`: … HTTP Body (Task object is sent as JSON payload)",
  },
  recommendation:
    "POST the task itself (as tasks/get would return it) to the webhook on each notification, not a status-update event or a message wrapping it.",
  selfTest: [{ flaw: "push-status-event-0x", protocols: ["0.3"] }],
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
        return problem ? fail(problem, evidence) : pass("the notification body is the Task", evidence);
      },
    ),
});

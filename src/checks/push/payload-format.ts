import { isObject } from "../../model/json.js";
import { defineCheck, fail, pass } from "../define.js";
import type { Delivery } from "../support/webhook-receiver.js";
import type { CheckVerdict } from "../types.js";
import { receiveNotification } from "./delivery.js";

const MEMBERS = ["task", "message", "statusUpdate", "artifactUpdate"];

/** A notification body as the JSON object it must be, or why it is not one (shared by the 0.x twin). */
export function notificationObject(body: string): Record<string, unknown> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "the notification body is not JSON";
  }
  return isObject(parsed) ? parsed : "the notification body is not a JSON object";
}

/** Why a notification body is not a StreamResponse holding exactly one member, or undefined. */
function payloadProblem(body: string): string | undefined {
  const parsed = notificationObject(body);
  if (typeof parsed === "string") return parsed;
  const present = MEMBERS.filter((m) => m in parsed);
  if (present.length !== 1)
    return `the notification body holds ${present.length === 0 ? "none" : present.join(" and ")} of task, message, statusUpdate, artifactUpdate (a StreamResponse holds exactly one)`;
  return undefined;
}

function judgePayload(
  delivery: Delivery,
  _credentials: string | undefined,
  evidence: string[],
): CheckVerdict {
  const problem = payloadProblem(delivery.body);
  return problem ? fail(problem, evidence) : pass("the notification body is a StreamResponse", evidence);
}

export default defineCheck({
  id: "push.payload-format",
  title: "A push notification's body is a StreamResponse",
  category: "push",
  level: "SHOULD",
  levelReason:
    "A2A 1.0.1 §4.3.3 defines the payload as a StreamResponse holding exactly one of its members, but words it without MUST; the TCK files it (PUSH-DELIVER-003) as MUST.",
  requirement:
    "Each webhook POST carries a StreamResponse: a JSON object holding exactly one of task, message, statusUpdate or artifactUpdate.",
  spec: "A2A 1.0 §4.3.3 (push notification payload)",
  tck: ["PUSH-DELIVER-003"],
  quote: {
    spec: "A2A 1.0.1 §4.3.3",
    text: "The webhook payload is a `StreamResponse` object containing exactly one of the following: task … message … statusUpdate … artifactUpdate",
  },
  recommendation:
    'POST each task event to the webhook as the StreamResponse a stream would carry ({"statusUpdate": {...}}, {"task": {...}}...), not a bare Task.',
  selfTest: [{ flaw: "push-bare-event", protocols: ["1.0"], violates: ["PUSH-DELIVER-003"] }],
  dependsOn: ["push.delivery"],
  scope: "transport",
  judgesTasks: true,
  needs: ["pushNotifications"],
  generations: ["1.0"],
  run: (ctx) => receiveNotification(ctx, judgePayload),
});

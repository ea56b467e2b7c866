import { randomUUID } from "node:crypto";
import { defineCheck, fail, notSupported, pass, skip } from "../define.js";
import { interruptedStates, terminalStates } from "../../protocol/model.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CallOutcome } from "../../client/types.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import {
  agentSaid,
  offerPushConfig,
  refusedAsInvalid,
  sendCarryingPushConfig,
} from "../support/push-config-offer.js";
import {
  isLocalUrl,
  loopbackCallbacksAllowed,
  startWebhookReceiver,
  type Delivery,
  type WebhookReceiver,
} from "../support/webhook-receiver.js";

/** Why a loopback receiver cannot be used in this run, or undefined when it can. */
function receiverUnusable(ctx: CheckContext): string | undefined {
  if (!loopbackCallbacksAllowed(ctx.clientContext.policy))
    return "the outbound policy forbids loopback, so no webhook receiver is started on 127.0.0.1";
  if (!isLocalUrl(ctx.endpoint.url))
    return `the agent (${ctx.endpoint.url}) is not on this machine, so it cannot call a receiver on 127.0.0.1`;
  return undefined;
}

/** 1.0 and 0.3+ alike: `Authorization: <scheme> <credentials>`, scheme case-insensitive (A2A 1.0 §4.3, §13.2). */
function judgeDelivery(
  delivery: Delivery,
  credentials: string | undefined,
  evidence: string[],
): CheckVerdict {
  // A config the agent took only without authentication names no credentials: the delivery is all there is
  // to judge (PUSH-DELIVER-002), not how it authenticates (PUSH-DELIVER-001).
  if (credentials === undefined)
    return {
      ...pass(
        "the webhook got the task's notification (its config named no authentication to check)",
        evidence,
      ),
      tck: ["PUSH-DELIVER-002"],
    };
  const match = /^\s*(\S+)\s+(.+?)\s*$/.exec(delivery.headers.authorization ?? "");
  if (!match)
    return fail("the webhook was called without the Authorization header the config specified", evidence);
  if (match[1]?.toLowerCase() !== "bearer" || match[2] !== credentials)
    return fail("the webhook was called with Authorization credentials other than the config's", evidence);
  return pass("the webhook got the task's notification with the config's Authorization", evidence);
}

/** How long a notification may trail its task's end (the last update is posted as the task ends). */
const AFTER_END_MS = 5000;

/**
 * Waits for a notification about `taskId` until `deadline`, reading the task now and then: once it has ended
 * (or waits for input) and AFTER_END_MS more have passed with nothing, nothing more is coming.
 */
async function awaitNotification(
  ctx: CheckContext,
  receiver: WebhookReceiver,
  taskId: string,
  deadline: number,
  evidence: string[],
): Promise<Delivery | undefined> {
  let endedAt: number | undefined;
  for (;;) {
    const delivery = await receiver.waitFor(
      (d) => d.body.includes(taskId),
      Math.min(deadline, Date.now() + 1000),
    );
    if (delivery || Date.now() >= deadline) return delivery;
    if (endedAt !== undefined) {
      if (Date.now() - endedAt >= AFTER_END_MS) return undefined;
      continue;
    }
    const now = await ctx.client.getTask(taskId);
    evidence.push(...now.trafficIds);
    if (now.ok && (terminalStates.has(now.value.state) || interruptedStates.has(now.value.state)))
      endedAt = Date.now();
  }
}

/**
 * No notification reached the loopback receiver. An agent that calls no private address follows 1.0.1 §13.2's
 * SHOULD ("Reject private IP ranges (127.0.0.0/8, …)", "Reject localhost"), so silence here is a note, never a
 * failure: only a notification that arrives can be judged.
 */
function silent(what: string, waitedMs: number, evidence: string[]): CheckVerdict {
  return notSupported(
    `no notification for ${what} reached the loopback webhook in ${Math.round(waitedMs / 1000)} s (waiting up to ${AFTER_END_MS / 1000} s past the task's end): an agent may refuse to call private and loopback addresses (A2A 1.0.1 §13.2: agents SHOULD reject them, against SSRF), so delivery cannot be judged from this machine`,
    evidence,
  );
}

/** Judges one notification the webhook received, given the credentials its config named (none: undefined). */
export type DeliveryJudge = (
  delivery: Delivery,
  credentials: string | undefined,
  evidence: string[],
) => CheckVerdict | Promise<CheckVerdict>;

/** A verdict that also says how the agent took its config (its refusal of the config with authentication). */
function noted(verdict: CheckVerdict, note: string | undefined): CheckVerdict {
  if (!note) return verdict;
  return { ...verdict, message: `${verdict.message}; ${note}` };
}

/**
 * Why a loopback config was not taken. A refusal as invalid params names the config's fault in the
 * agent's words; only another failure may be an SSRF guard refusing the loopback URL (1.0.1 §13.2).
 */
function configRefused(what: string, outcome: Exclude<CallOutcome<unknown>, { ok: true }>): string {
  if (refusedAsInvalid(outcome))
    return `${what} was refused as invalid params, the agent saying ${agentSaid(outcome)} (push.config-crud judges configs)`;
  return `${what} failed (an SSRF guard may refuse it; push.config-crud judges configs): ${describeFailure(outcome)}`;
}

/** The authentication every config of these checks asks the webhook to be called with: fresh Bearer credentials. */
const bearer = () => ({ scheme: "Bearer", credentials: randomUUID() });

/** Sets a webhook on a fresh running task and waits for its notification; "over" when the task finished first. */
async function deliverOnce(
  ctx: CheckContext,
  started: number,
  judge: DeliveryJudge,
): Promise<CheckVerdict | "over"> {
  const task = await ctx.fixtures.runningTask();
  if (!task.ok) return skip(`no task that keeps running: ${task.reason}`);
  const receiver = await startWebhookReceiver(ctx.clientContext.traffic);
  try {
    const config = { id: `plainwright-${randomUUID()}`, url: receiver.url, token: randomUUID() };
    const set = await offerPushConfig(ctx, bearer(), (authentication) =>
      ctx.client.setPushConfig(task.value.id, { ...config, ...(authentication ? { authentication } : {}) }),
    );
    const evidence = [...task.evidence, ...set.trafficIds];
    if (!set.outcome.ok)
      return noted(skip(configRefused("setting a loopback webhook", set.outcome)), set.note);
    // A task already over when its config was set has nothing left to notify; nor has one waiting for
    // input, until someone answers it (whether a cancel of it is notified, the spec does not say).
    const now = await ctx.client.getTask(task.value.id);
    evidence.push(...now.trafficIds);
    const over = now.ok && (terminalStates.has(now.value.state) || interruptedStates.has(now.value.state));
    const deadline = started + ctx.timeoutMs - 250;
    const wait = over ? Math.min(deadline, Date.now() + 500) : deadline;
    const delivery = await awaitNotification(ctx, receiver, task.value.id, wait, evidence);
    if (!delivery) {
      if (over) return "over";
      return noted(silent(`task ${task.value.id}`, Date.now() - started, evidence), set.note);
    }
    const credentials = set.authentication?.credentials;
    return noted(await judge(delivery, credentials, [...evidence, delivery.trafficId]), set.note);
  } finally {
    await receiver.close();
  }
}

/**
 * Gives the push config in the send itself (0.x configuration.pushNotificationConfig, 1.0
 * taskPushNotificationConfig) with returnImmediately, so no running task is needed: the task's later update
 * must reach the webhook. A task already over in the send's reply left nothing to notify.
 */
async function deliverInSend(
  ctx: CheckContext,
  started: number,
  judge: DeliveryJudge,
): Promise<CheckVerdict> {
  // The gRPC client does not put a push config in SendMessageConfiguration.
  if (ctx.transport === "GRPC") return skip("the config-in-send case is judged over JSON-RPC and HTTP+JSON");
  const receiver = await startWebhookReceiver(ctx.clientContext.traffic);
  try {
    const config = { id: `plainwright-${randomUUID()}`, url: receiver.url, token: randomUUID() };
    const sent = await offerPushConfig(ctx, bearer(), (authentication) =>
      sendCarryingPushConfig(ctx, { ...config, ...(authentication ? { authentication } : {}) }),
    );
    const evidence = [...sent.trafficIds];
    if (!sent.outcome.ok)
      return noted(skip(configRefused("a send carrying a loopback push config", sent.outcome)), sent.note);
    if (sent.outcome.value.kind !== "task")
      return noted(skip("the send carrying a push config was answered with a Message"), sent.note);
    const { id, state } = sent.outcome.value;
    const over = terminalStates.has(state) || interruptedStates.has(state);
    const deadline = started + ctx.timeoutMs - 250;
    const delivery = await awaitNotification(ctx, receiver, id, over ? Date.now() + 500 : deadline, evidence);
    const credentials = sent.authentication?.credentials;
    if (delivery)
      return noted(await judge(delivery, credentials, [...evidence, delivery.trafficId]), sent.note);
    if (over)
      return noted(
        skip(`task ${id} was already ${state} in the reply to the send that carried its push config`),
        sent.note,
      );
    return noted(
      silent(`task ${id}, whose send carried the push config,`, Date.now() - started, evidence),
      sent.note,
    );
  } finally {
    await receiver.close();
  }
}

export default defineCheck({
  id: "push.delivery",
  title: "The agent calls the webhook, authenticated as the config says",
  category: "push",
  level: "MUST",
  requirement:
    "After a push config is set for a running task (or given in the send itself, when no task keeps running), the agent POSTs the task's updates to the webhook URL and authenticates as the config specifies (Authorization: <scheme> <credentials>).",
  spec: "A2A 0.3 §9.5, 1.0 §4.3.3, §13.2 (push notifications)",
  tck: ["PUSH-DELIVER-001", "PUSH-DELIVER-002"],
  quote: {
    spec: "A2A 1.0 §4.3.3",
    text: "The agent MUST include authentication credentials in the request headers as specified in the PushNotificationConfig.authentication field. … Agents MUST attempt delivery at least once for each configured webhook",
  },
  recommendation:
    "POST every task update to each stored config's url, with Authorization: <scheme> <credentials> from the config (and the token when one was given).",
  selfTest: [{ flaw: "push-wrong-token", protocols: ["1.0"], violates: ["PUSH-DELIVER-001"] }],
  allowed: [
    {
      behaviour: "no notification to a webhook on a loopback or private address (an SSRF guard)",
      clause:
        "A2A 1.0.1 §13.2: Agents SHOULD validate webhook URLs to prevent SSRF attacks: Reject private IP ranges (127.0.0.0/8, …), Reject localhost",
      variant: "push-loopback-refused",
    },
    {
      behaviour: "no notification for a task that waits for input when its config is set (nothing changed)",
      clause: "A2A 1.0.1 §4.3.3: notifications follow task updates",
      variant: "asks-back-at-once",
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  needs: ["pushNotifications"],
  run: (ctx) => receiveNotification(ctx, judgeDelivery),
});

/**
 * Sets a loopback webhook on a running task, waits for the task's notification and judges it (a second
 * task when the first finished before its config was set); a skip when no receiver can be used.
 */
export async function receiveNotification(ctx: CheckContext, judge: DeliveryJudge): Promise<CheckVerdict> {
  const started = Date.now();
  const unusable = receiverUnusable(ctx);
  if (unusable) return skip(unusable);
  // A verdict, or the note that the webhook stayed silent (waiting once more would show nothing new), ends it.
  const settles = (v: CheckVerdict): boolean => v.status !== "skip" || v.notSupported === true;
  const first = await deliverOnce(ctx, started, judge);
  if (first !== "over" && settles(first)) return first;
  const second = first === "over" ? await deliverOnce(ctx, started, judge) : first;
  if (second !== "over" && settles(second)) return second;
  // No task kept running long enough to set a config on it: give the config in the send instead.
  // The check's own start bounds this wait too: the tries before it took their time from the same budget.
  const inSend = await deliverInSend(ctx, started, judge);
  if (settles(inSend)) return inSend;
  const why =
    second === "over"
      ? "twice, the running task finished or waited for input before its push config was set"
      : second.message;
  return skip(`${why}; ${inSend.message}`);
}

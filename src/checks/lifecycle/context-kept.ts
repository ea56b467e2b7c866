import { randomUUID } from "node:crypto";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import type { Message, Task } from "../../protocol/model.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** Sends a second message in the first one's context and judges the context of the reply. */
export async function keepsContext(ctx: CheckContext): Promise<CheckVerdict> {
  // 0.1 names the grouping a session (Task.sessionId, 0.1 §6.1): its findings say so.
  const [word, field] = ctx.generation === "0.1" ? ["session", "sessionId"] : ["context", "contextId"];
  const first = await ctx.fixtures.send();
  if (!first.ok) return fail(first.reason, first.evidence);
  const evidence = [...first.evidence];
  const contextId = await contextOf(ctx, first.value, evidence);
  // No contextId anywhere: on 0.x lifecycle.send-returns-task's finding; on 1.0 an agent that generates none
  // (1.0.1 §3.4.1 MAY) has no context to continue in.
  if (!contextId)
    return ctx.generation === "1.0"
      ? notApplicable(
          "the agent generates no contextId (A2A 1.0.1 §3.4.1 allows it): there is no context to continue in",
        )
      : skip(`neither the first reply nor the task read back carries a ${field} to continue in`);
  const second = await ctx.client.send({ text: ctx.fixtures.message, contextId });
  evidence.push(...second.trafficIds);
  // 1.0 §3.4.1: a server may refuse a contextId with an error; it only must not substitute its own.
  if (!second.ok && second.kind === "error")
    return skip(`the agent refused a message in its own ${word} ${contextId}: ${describeFailure(second)}`);
  if (!second.ok)
    return fail(`a message in ${word} ${contextId} failed: ${describeFailure(second)}`, evidence);
  const answeredIn = await contextOf(ctx, second.value, evidence);
  if (answeredIn !== contextId)
    return fail(
      `a message sent in ${word} ${contextId} was answered in ${word} ${answeredIn ?? "(none)"}`,
      evidence,
    );
  return pass(`the second message was answered in ${word} ${contextId}`, evidence);
}

/**
 * 1.0.1 §3.4.1 on a contextId the client made up (the TCK's CORE-MULTI-002a case): the agent may keep it
 * or refuse the message with an error, but it MUST NOT answer in a context of its own making. A reply
 * without any contextId generated none, so it is not judged here.
 */
async function keepsClientContext(ctx: CheckContext, kept: CheckVerdict): Promise<CheckVerdict> {
  const contextId = randomUUID();
  const sent = await ctx.client.send({ text: ctx.fixtures.message, contextId });
  const evidence = [...(kept.evidence ?? []), ...sent.trafficIds];
  if (!sent.ok && sent.kind === "error")
    return pass(`${kept.message}; a client-made context ${contextId} was refused with an error`, evidence);
  // No answer, or one that breaks the binding's rules, says nothing about the context: the latter is
  // the reply checks' finding, reported there once.
  if (!sent.ok)
    return {
      ...kept,
      message: `${kept.message}; a client-made context ${contextId} was not judged: ${describeFailure(sent)}`,
      evidence,
    };
  const answeredIn = await contextOf(ctx, sent.value, evidence);
  if (answeredIn && answeredIn !== contextId)
    return fail(
      `a message in the client-made context ${contextId} was answered in context ${answeredIn}, neither kept nor refused with an error`,
      evidence,
    );
  // A task in no context at all did not keep the one it was given, and no error refused it (seen at first
  // sight). A Message need not name a context (1.0.1 §4.1.4): one without any is not judged.
  if (!answeredIn && sent.value.kind === "task")
    return fail(
      `a message in the client-made context ${contextId} was answered with task ${sent.value.id} in no context: the context was neither kept nor refused with an error`,
      evidence,
    );
  if (!answeredIn)
    return {
      ...kept,
      message: `${kept.message}; a client-made context ${contextId} was answered with a Message outside any context (not judged)`,
      evidence,
    };
  return pass(`${kept.message}; a client-made context ${contextId} was kept`, evidence);
}

export default defineCheck({
  id: "lifecycle.context-kept",
  title: "A message sent in an existing context is answered in that context",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "A second message carrying the contextId the server returned for the first is answered in the same context (the reply carries that contextId); a message carrying a contextId the client made up is answered in it or refused with an error. The server never substitutes a new one.",
  spec: "A2A 1.0 §3.4.1 (contextId semantics)",
  tck: ["CORE-MULTI-002a", "CORE-MULTI-002"],
  quote: {
    spec: "A2A 1.0 §3.4.1",
    text: "If an agent cannot accept a client-provided `contextId`, it MUST reject the request with an error and MUST NOT generate a new `contextId` for the response",
  },
  recommendation:
    "Accept a contextId the server issued earlier and keep the new task (or message) in that context; if a contextId cannot be accepted, answer an error rather than replacing it.",
  selfTest: [
    {
      flaw: "context-not-kept",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-MULTI-002"],
    },
  ],
  allowed: [
    {
      behaviour: "a message in a contextId the client made up is refused with an error",
      clause: "A2A 1.0.1 §3.4.1: an agent that cannot accept a client-provided contextId rejects the request",
    },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    const kept = await keepsContext(ctx);
    // An agent that generates no contextId has no context of its own to continue in, but one the client
    // gives it must still be kept or refused (1.0.1 §3.4.1).
    return kept.status === "pass" || kept.applicable === false ? keepsClientContext(ctx, kept) : kept;
  },
});

/** A reply's contextId; a task that came back without one is read back (read leniently: the omission is judged elsewhere). */
async function contextOf(
  ctx: CheckContext,
  reply: Task | Message,
  evidence: string[],
): Promise<string | undefined> {
  if (reply.contextId || reply.kind !== "task") return reply.contextId;
  const got = await ctx.client.getTask(reply.id);
  evidence.push(...got.trafficIds);
  return got.ok ? got.value.contextId : undefined;
}

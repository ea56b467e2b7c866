import { defineCheck, fail, notApplicable, pass } from "../define.js";
import type { CheckContext } from "../types.js";

/** Each distinct message worth sending: the ordinary one first, then those the survey saw answered with a Message. */
async function candidates(ctx: CheckContext): Promise<string[]> {
  const answered = (await ctx.fixtures.survey()).filter((p) => p.ended === "message").map((p) => p.text);
  return [...new Set([ctx.fixtures.message, ...answered])];
}

export default defineCheck({
  id: "lifecycle.message-reply-context",
  title: "A Message the agent answers with names its context (A2A 1.0)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    'The normative proto (1.0.1 §1.4) says "For server messages, `context_id` must be provided" in a lowercase comment, and §3.4.1 says a contextId the agent generates "MUST be included in the response (either Task or Message)"; but §3.4.1 also lets an agent not generate one ("MAY"), so a Message without it is reported, not failed at MUST.',
  requirement:
    "When SendMessage is answered with a Message (a send that named no contextId), the Message carries a non-empty contextId, as a Task reply does.",
  spec: "A2A 1.0.1 §3.4.1 (context identifier semantics); a2a.proto Message",
  quote: {
    spec: "A2A 1.0.1 a2a.proto Message; §3.4.1",
    text: "For server messages, `context_id` must be provided, and `task_id` only if a task was created. … If an agent generates a new `contextId`, it MUST be included in the response (either Task or Message)",
  },
  recommendation:
    "Give every Message the agent sends the contextId of the conversation: the one the client sent, or one the agent generated.",
  selfTest: [{ flaw: "message-reply-without-context", protocols: ["1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    const evidence: string[] = [];
    for (const text of await candidates(ctx)) {
      const sent = await ctx.fixtures.send(text);
      evidence.push(...sent.evidence);
      if (!sent.ok || sent.value.kind !== "message") continue;
      if (!sent.value.contextId) return fail(`the Message answering "${text}" has no contextId`, evidence);
      return pass(`the Message answering "${text}" names context ${sent.value.contextId}`, evidence);
    }
    return notApplicable("no message was answered with a Message: the agent answers with Tasks");
  },
});

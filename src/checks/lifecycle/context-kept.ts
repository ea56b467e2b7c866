import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../fixtures.js";

export default defineCheck({
  id: "lifecycle.context-kept",
  title: "A message sent in an existing context is answered in that context",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "A second message carrying the contextId the server returned for the first is answered in the same context (the reply carries that contextId); the server does not substitute a new one.",
  spec: "A2A 0.3 §6.4 Message.contextId, §7.1; 1.0 §3.4.1 (contextId semantics)",
  tck: ["CORE-MULTI-002a", "CORE-MULTI-002"],
  quote: {
    spec: "A2A 1.0 §3.4.1",
    text: "If an agent cannot accept a client-provided `contextId`, it MUST reject the request with an error and MUST NOT generate a new `contextId` for the response",
  },
  recommendation:
    "Accept a contextId the server issued earlier and keep the new task (or message) in that context; if a contextId cannot be accepted, answer an error rather than replacing it.",
  selfTest: [{ flaw: "context-not-kept", protocols: ["0.3", "1.0"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  run: async (ctx) => {
    const first = await ctx.fixtures.send();
    if (!first.ok) return fail(first.reason, first.evidence);
    const contextId = first.value.contextId;
    if (!contextId) return fail("the first reply carries no contextId to continue in", first.evidence);
    const second = await ctx.client.send({ text: ctx.fixtures.message, contextId });
    const evidence = [...first.evidence, ...second.trafficIds];
    // 1.0 §3.4.1: a server may refuse a contextId with an error; it only must not substitute its own.
    if (!second.ok && second.kind === "error")
      return skip(`the agent refused a message in its own context ${contextId}: ${describeFailure(second)}`);
    if (!second.ok)
      return fail(`a message in context ${contextId} failed: ${describeFailure(second)}`, evidence);
    if (second.value.contextId !== contextId)
      return fail(
        `a message sent in context ${contextId} was answered in context ${second.value.contextId ?? "(none)"}`,
        evidence,
      );
    return pass(`the second message was answered in context ${contextId}`, evidence);
  },
});

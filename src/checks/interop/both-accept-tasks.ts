import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { sides } from "../support/peer.js";

export default defineCheck({
  id: "interop.both-accept-tasks",
  title: "Both agents accept a task",
  category: "interop",
  level: "MUST",
  requirement:
    "Each agent accepts a message sent to it in its own protocol version and answers with a Task or a Message, so either can delegate work to the other.",
  spec: "A2A 0.3 §7.1, 1.0 §3.1.1 (send)",
  quote: {
    spec: "A2A 1.0 §3.1.1",
    text: "The operation MUST return immediately with either task information or response message.",
  },
  recommendation:
    "Make the named agent accept message/send (SendMessage) as the smoke test does; see its own conform run.",
  noSelfTest: "failed by the peer test in run-conformance.test.ts",
  scope: "agent",
  needs: ["peer"],
  run: async (ctx) => {
    if (!ctx.peer) return skip("no --peer agent was given");
    const both = sides(ctx, ctx.peer);
    const sent = await Promise.all(both.map((side) => side.client.send({ text: side.message })));
    const evidence = sent.flatMap((s) => s.trafficIds);
    const problems = sent.flatMap((outcome, i) =>
      outcome.ok ? [] : [`the ${both[i]?.label ?? "agent"} refused the message: ${describeFailure(outcome)}`],
    );
    if (problems.length > 0) return fail(problems.join("; "), evidence);
    const kinds = sent.map((s, i) => `${both[i]?.label ?? "agent"}: ${s.ok ? s.value.kind : "?"}`);
    return pass(`both accepted a message (${kinds.join(", ")})`, evidence);
  },
});

import type { Message, Task } from "../../protocol/model.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import { sides, type Side } from "../support/peer.js";

/** Concurrent sends per agent: several on one agent, and both agents at once (docs/conformance.md step 5.5). */
const PER_AGENT = 3;

interface Reply {
  side: Side;
  value: Task | Message;
}

/** Reads every Task back on its own agent; returns the problems (contextId changed, not found). */
async function readBack(replies: readonly Reply[], evidence: string[]): Promise<string[]> {
  const reads = await Promise.all(
    replies.map(async ({ side, value }) => {
      if (value.kind !== "task") return undefined;
      const got = await side.client.getTask(value.id);
      evidence.push(...got.trafficIds);
      if (!got.ok) return `the ${side.label}'s task ${value.id}: ${describeFailure(got)}`;
      return got.value.contextId === value.contextId
        ? undefined
        : `the ${side.label}'s task ${value.id} moved from context ${value.contextId} to ${got.value.contextId}`;
    }),
  );
  return reads.filter((r): r is string => r !== undefined);
}

export default defineCheck({
  id: "interop.concurrent-contexts",
  title: "Concurrent tasks on both agents keep their own contexts",
  category: "interop",
  level: "MUST",
  requirement:
    "Tasks sent at the same time — several to one agent and to both agents — each get their own contextId and keep it; no reply lands in another conversation's context.",
  spec: "A2A 0.3 §7.1, 1.0 §3.4.1 (server-generated contextId)",
  quote: {
    spec: "A2A 1.0 §3.4.1",
    text: "If an agent generates a new `contextId`, it MUST be included in the response (either Task or Message)",
  },
  recommendation:
    "Generate a fresh contextId per new conversation and keep per-request state out of globals shared between concurrent requests.",
  noSelfTest: "failed by the peer test in run-conformance.test.ts",
  scope: "agent",
  needs: ["peer"],
  run: async (ctx) => {
    if (!ctx.peer) return skip("no --peer agent was given");
    const jobs = sides(ctx, ctx.peer).flatMap((side) => Array.from({ length: PER_AGENT }, () => side));
    const sent = await Promise.all(jobs.map((side) => side.client.send({ text: side.message })));
    const evidence = sent.flatMap((s) => s.trafficIds);
    const refused = sent.flatMap((s, i) =>
      s.ok ? [] : [`the ${jobs[i]?.label ?? "agent"}: ${describeFailure(s)}`],
    );
    if (refused.length > 0)
      return fail(
        `${refused.length} concurrent send(s) failed: ${[...new Set(refused)].join("; ")}`,
        evidence,
      );
    const replies = sent.flatMap((s, i) => (s.ok && jobs[i] ? [{ side: jobs[i], value: s.value }] : []));
    const contexts = replies
      .map((r) => r.value.contextId)
      .filter((c): c is string => typeof c === "string" && c !== "");
    const shared = contexts.filter((c, i) => contexts.indexOf(c) !== i);
    if (shared.length > 0)
      return fail(
        `${jobs.length} independent sends share contextId ${[...new Set(shared)].join(", ")}`,
        evidence,
      );
    const problems = await readBack(replies, evidence);
    if (problems.length > 0) return fail(problems.join("; "), evidence);
    return pass(
      `${jobs.length} concurrent sends (${PER_AGENT} per agent) got ${contexts.length} distinct contexts, each kept`,
      evidence,
    );
  },
});

import { terminalStates, type TaskState } from "../../protocol/model.js";
import { defineCheck, fail, pass } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** States a blocking send may end in: terminal or interrupted (1.0.1 §3.2.2). */
const settled = (state: TaskState): boolean =>
  terminalStates.has(state) || state === "input-required" || state === "auth-required";

/** 1.0.1 §3.2.2: without returnImmediately the reply waits for a terminal or interrupted state. */
async function blocking(ctx: CheckContext): Promise<CheckVerdict> {
  const sent = await ctx.fixtures.send();
  if (!sent.ok) return fail(sent.reason, sent.evidence);
  if (sent.value.kind !== "task")
    return pass("the agent answered with a Message (execution mode does not apply)", sent.evidence);
  if (!settled(sent.value.state))
    return fail(
      `a send without returnImmediately returned task ${sent.value.id} still ${sent.value.state}: it did not wait for a terminal or interrupted state`,
      sent.evidence,
    );
  return pass(
    `a send without returnImmediately returned task ${sent.value.id} ${sent.value.state}`,
    sent.evidence,
  );
}

/** How long a task must take before a returnImmediately reply that shows it already over proves the reply waited. */
const SLOW_ENOUGH_MS = 2000;

/**
 * 1.0.1 §3.2.2 judged without a hint, from the suite's own survey (each candidate is sent with returnImmediately
 * and followed to its end): a task that took SLOW_ENOUGH_MS or more, whose reply nonetheless showed it over,
 * was answered only once the work was done. Undefined when no surveyed task was slow enough to tell.
 */
async function nonBlockingSurveyed(ctx: CheckContext): Promise<CheckVerdict | undefined> {
  const slow = (await ctx.fixtures.survey())
    // Only tasks that finished: a task that asks back may rightly be answered at once, already asking.
    .filter((p) => p.reply && terminalStates.has(p.ended as TaskState) && p.ms >= SLOW_ENOUGH_MS)
    .sort((a, b) => b.ms - a.ms)[0];
  const reply = slow?.reply;
  if (!slow || !reply) return undefined;
  const took = `${(slow.ms / 1000).toFixed(1)} s`;
  if (terminalStates.has(reply.state))
    return fail(
      `a returnImmediately send of "${slow.text}" was answered after ${(reply.ms / 1000).toFixed(1)} s with its task already ${reply.state}: the reply waited for the work (${took}) instead of returning once the task was created`,
      reply.evidence,
    );
  return pass(
    `a returnImmediately send returned its task ${reply.state} while the work took ${took}`,
    reply.evidence,
  );
}

/** 1.0.1 §3.2.2: with returnImmediately the reply comes while the (hinted, slow) task still works. */
async function nonBlocking(ctx: CheckContext, slow: string): Promise<CheckVerdict> {
  const sent = await ctx.fixtures.send(slow, true);
  if (!sent.ok) return fail(sent.reason, sent.evidence);
  if (sent.value.kind !== "task") return pass("the slow message was answered with a Message", sent.evidence);
  if (terminalStates.has(sent.value.state))
    return fail(
      `a returnImmediately send of the slow hint returned task ${sent.value.id} already ${sent.value.state}: the reply waited for the work`,
      sent.evidence,
    );
  return pass(`a returnImmediately send returned task ${sent.value.id} ${sent.value.state}`, sent.evidence);
}

export default defineCheck({
  id: "lifecycle.execution-mode",
  title: "A send waits for the task by default, and returns at once with returnImmediately",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "SendMessage without returnImmediately returns only once the task is terminal or interrupted; with returnImmediately: true it returns while the task is still in progress (judged on a task that takes 2 s or more: a skill example the suite sent, or --hint slow).",
  spec: "A2A 1.0 §3.2.2 (execution mode)",
  tck: ["CORE-EXECUTION-MODE-001", "CORE-EXECUTION-MODE-002"],
  quote: {
    spec: "A2A 1.0.1 §3.2.2",
    text: "Blocking (`return_immediately: false` or unset): The operation MUST wait until the task reaches a terminal state … or an interrupted state … before returning. … Non-Blocking (`return_immediately: true`): The operation MUST return immediately after creating the task, even if processing is still in progress.",
  },
  recommendation:
    "Honour SendMessageConfiguration.returnImmediately: by default hold the reply until the task is terminal or interrupted; when it is true, reply with the task as soon as it is created.",
  selfTest: [
    {
      flaw: "send-returns-early",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-EXECUTION-MODE-001"],
    },
    {
      flaw: "return-immediately-ignored",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-EXECUTION-MODE-002"],
    },
  ],
  dependsOn: ["lifecycle.send-returns-task", "lifecycle.server-generated-ids"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) => {
    const first = await blocking(ctx);
    const slow = ctx.hints.slow;
    if (first.status !== "pass") return { ...first, tck: ["CORE-EXECUTION-MODE-001"] };
    const second = slow ? await nonBlocking(ctx, slow) : await nonBlockingSurveyed(ctx);
    // Without a task slow enough the non-blocking case (CORE-EXECUTION-MODE-002) was not judged at all.
    if (!second)
      return {
        ...first,
        message: `${first.message} (returnImmediately not judged: every task the suite sent took under ${SLOW_ENOUGH_MS / 1000} s; pass --hint slow="..." for one that keeps working)`,
        tck: ["CORE-EXECUTION-MODE-001"],
      };
    if (second.status !== "pass") return { ...second, tck: ["CORE-EXECUTION-MODE-002"] };
    return pass(`${first.message}; ${second.message}`, [
      ...(first.evidence ?? []),
      ...(second.evidence ?? []),
    ]);
  },
});

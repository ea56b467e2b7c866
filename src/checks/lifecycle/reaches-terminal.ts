import { interruptedStates, terminalStates } from "../../protocol/model.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { waitForSettled } from "../fixtures.js";
import type { CheckContext, CheckVerdict } from "../types.js";

export default defineCheck({
  id: "lifecycle.reaches-terminal",
  title: "A task reaches a terminal state, seen by polling tasks/get",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "The spec does not bound how long a task works: a task still running when the check's time is up is reported, but no sentence makes it a MUST failure.",
  requirement:
    "A task created without waiting (returnImmediately / blocking:false) keeps its id and, polled with tasks/get (GetTask), reaches a terminal state: completed, failed, canceled or rejected.",
  spec: "A2A 0.3 §7.1, §7.3, §6.3 TaskState; 1.0 §3.1.1, §3.1.3, §3.2.2",
  recommendation:
    "Store every status change of a task and return the current one from tasks/get (GetTask), so a client that polls sees the task finish.",
  selfTest: [{ flaw: "polled-status-stale", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  run: async (ctx) => {
    // docs/conformance.md step 2.2: poll with backoff, never assume an immediate state change.
    const sent = await ctx.fixtures.send(undefined, true);
    if (!sent.ok) return fail(sent.reason, sent.evidence);
    if (sent.value.kind !== "task") return followStreamedTask(ctx);
    const settled = await waitForSettled(ctx.client, sent.value, ctx.timeoutMs);
    const evidence = [...sent.evidence, ...settled.evidence];
    if (!settled.ok)
      return settled.unreadable
        ? skip(`${settled.reason}: reading a task back is lifecycle.get-task's to judge`)
        : fail(settled.reason, evidence);
    const task = settled.value;
    if (task.id !== sent.value.id)
      return fail(`polling task ${sent.value.id} returned task ${task.id}`, evidence);
    // Waiting for input is a state the spec allows (A2A 0.3 §6.3, 1.0.1 §4.1.3): nothing to judge here.
    if (interruptedStates.has(task.state))
      return notApplicable(
        `the ordinary message left task ${task.id} ${task.state}; it cannot finish without more input`,
      );
    if (!terminalStates.has(task.state))
      return fail(`task ${task.id} ended in ${task.rawState}, which is not a terminal state`, evidence);
    if (task !== sent.value)
      return pass(`task ${task.id} went from ${sent.value.state} to ${task.state}`, evidence);
    // Finished in the send's reply: read back once, since a terminal state is final (0.3 §6.3, 1.0.1 §4.1.3)
    // and a client that polls sees only what tasks/get says. A failed read is lifecycle.get-task's finding.
    const read = await ctx.client.getTask(task.id);
    evidence.push(...read.trafficIds);
    if (read.ok && !terminalStates.has(read.value.state))
      return fail(
        `task ${task.id} was ${task.state} in the send's reply but reads back ${read.value.rawState}: a terminal task does not change state`,
        evidence,
      );
    return pass(
      `task ${task.id} was ${task.state} in the send's reply${read.ok ? " and reads back so" : ""}`,
      evidence,
    );
  },
});

/**
 * A send answered with a Message: the task a stream of the same message made, when it made one (the shared
 * task, src/checks/fixtures.ts), is followed instead; an agent that runs no task at all has none to judge.
 */
async function followStreamedTask(ctx: CheckContext): Promise<CheckVerdict> {
  const shared = await ctx.fixtures.settledTask();
  if (!shared.streamed) return skip("the agent answered with a Message, so there is no task to follow");
  const how = "the send answered with a Message; a stream of the same message made the task";
  if (!shared.ok)
    return shared.unreadable
      ? skip(`${shared.reason}: reading a task back is lifecycle.get-task's to judge`)
      : fail(`${shared.reason} (${how})`, shared.evidence);
  const task = shared.value;
  if (interruptedStates.has(task.state))
    return notApplicable(`the ordinary message left task ${task.id} ${task.state} (${how})`);
  if (!terminalStates.has(task.state))
    return fail(
      `task ${task.id} ended in ${task.rawState}, which is not a terminal state (${how})`,
      shared.evidence,
    );
  return pass(`task ${task.id} reached ${task.state} (${how})`, shared.evidence);
}

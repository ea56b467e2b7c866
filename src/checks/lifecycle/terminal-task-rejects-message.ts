import { noFinishedTask } from "../support/own-task.js";
import { a2aCodes } from "../../protocol/error-codes.js";
import { terminalStates, type Message, type Task } from "../../protocol/model.js";
import { servedFrom0_2_5 } from "../support/wire-0-2-5.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";

export default defineCheck({
  id: "lifecycle.terminal-task-rejects-message",
  title: "A message to a finished task is refused",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "A message naming the taskId of a task in a terminal state is refused: with UnsupportedOperationError (-32004) in 1.0, with an error in 0.3.",
  spec: "A2A 0.3 §6.3 (terminal states cannot restart); 1.0 §3.1.1, §4.1.3",
  tck: ["CORE-SEND-002", "JSONRPC-SSE-002"],
  quote: {
    spec: "A2A 1.0.1 §3.3.2, §3.1.1; 0.3 §11.1.5, §7.1",
    text: "1.0: Servers MUST return appropriate errors … UnsupportedOperationError: Messages sent to Tasks that are in a terminal state (`TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`, `TASK_STATE_CANCELED`, `TASK_STATE_REJECTED`) cannot accept further messages. 0.3: Error handling: MUST use the error codes defined in Section 8. … A task which has reached a terminal state (completed, canceled, rejected, or failed) can't be restarted. Sending a message to such a task will result in an error.",
  },
  recommendation:
    "Check the state of the task a message names; if it is completed, failed, canceled or rejected, answer an error instead of accepting it (1.0: UnsupportedOperationError, -32004; 0.2.4 and 0.3 name no code).",
  selfTest: [
    {
      flaw: "terminal-task-accepts-message",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-SEND-002"],
    },
    { flaw: "duplicate-task-ids", protocols: ["1.0"], bindings: ["JSONRPC"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  // 0.1 continued a task by tasks/send with its id and never said a finished task refuses it; the sentence
  // came in 0.2.4 (§7.1), so a 0.2 agent that does not say it follows 0.2.4 or later is not held to it.
  generations: ["0.2", "0.3", "1.0"],
  run: async (ctx) => {
    const before024 = ctx.generation === "0.2" ? before0_2_4(ctx.validation.card.protocolVersion) : undefined;
    // A card without a version before an agent that serves a method only 0.2.5 has: the wire decides.
    const from025 =
      before024 && ctx.validation.card.protocolVersion === null ? await servedFrom0_2_5(ctx) : undefined;
    if (before024 && !from025) return notApplicable(before024);
    const settled = await ctx.fixtures.ownFinishedTask();
    if (!settled.ok) return skip(`no finished task: ${settled.reason}`);
    const task = settled.value;
    if (!terminalStates.has(task.state)) return noFinishedTask(task.state);
    const input = {
      text: ctx.fixtures.message,
      taskId: task.id,
      ...(task.contextId ? { contextId: task.contextId } : {}),
    };
    const reply = await ctx.client.send(input);
    const evidence = [...settled.evidence, ...reply.trafficIds];
    if (reply.ok)
      return fail(
        `a message to ${task.state} task ${task.id} was accepted${acceptedAs(reply.value, task.id)}`,
        evidence,
      );
    if (reply.kind !== "error")
      return fail(`a message to ${task.state} task ${task.id}: ${describeFailure(reply)}`, evidence);
    if (ctx.generation === "1.0" && reply.error.code !== a2aCodes.unsupportedOperation)
      return fail(
        `a message to ${task.state} task ${task.id} answered ${errorCalled(reply.error)} instead of UnsupportedOperation (-32004)`,
        evidence,
      );
    return pass(
      `a message to ${task.state} task ${task.id} was refused with ${errorCalled(reply.error)}`,
      evidence,
    );
  },
});

/**
 * Why a 0.2 agent is not held to the refusal: its card names a 0.2 release before 0.2.4, or none (the
 * field came in 0.2.5, so a card without it follows one of 0.2.0 to 0.2.4); undefined when it is held.
 */
export function before0_2_4(protocolVersion: string | null): string | undefined {
  if (protocolVersion === null)
    return "the card names no protocolVersion, so it may follow A2A 0.2.0 to 0.2.3, which say nothing of messages to a finished task (0.2.4 §7.1 added that they result in an error)";
  const patch = /^0\.2\.(\d+)/.exec(protocolVersion)?.[1];
  return patch !== undefined && Number(patch) < 4
    ? `the card names A2A ${protocolVersion}, which says nothing of messages to a finished task (0.2.4 §7.1 added that they result in an error)`
    : undefined;
}

/** How a message to a finished task was taken: as a new task, the task run again, or answered with a Message. */
function acceptedAs(reply: Task | Message, finishedId: string): string {
  if (reply.kind === "message") return ", answered with a Message";
  return reply.id === finishedId
    ? ` and the task ran again (${reply.state})`
    : `, starting a new task ${reply.id} (${reply.state})`;
}

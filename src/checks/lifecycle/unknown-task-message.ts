import { randomUUID } from "node:crypto";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/**
 * Sends a message naming a taskId the server never issued: accepted, or refused with another code than
 * TaskNotFound, fails; TaskNotFound passes. Shared by the 1.0 check (MUST) and its 0.x twin (SHOULD).
 */
export async function judgeUnknownTaskMessage(ctx: CheckContext): Promise<CheckVerdict> {
  const taskId = `plainwright-missing-${randomUUID()}`;
  const sent = await ctx.client.send({ text: ctx.fixtures.message, taskId });
  if (sent.ok)
    return fail(
      `a message naming the never-issued task ${taskId} was accepted (answered with a ${sent.value.kind})`,
      sent.trafficIds,
    );
  if (sent.kind !== "error")
    return fail(
      `a message naming the never-issued task ${taskId} was not refused with TaskNotFound (-32001): ${describeFailure(sent)}`,
      sent.trafficIds,
    );
  if (sent.error.code !== a2aCodes.taskNotFound)
    return fail(
      `a message naming the never-issued task ${taskId} answered ${errorCalled(sent.error)} instead of TaskNotFound (-32001)`,
      sent.trafficIds,
    );
  return pass(`a message naming the never-issued task ${taskId} answered TaskNotFound`, sent.trafficIds);
}

export default defineCheck({
  id: "lifecycle.unknown-task-message",
  title: "A message naming a task that does not exist fails with TaskNotFound",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "A message whose taskId the server never issued is refused with TaskNotFoundError (-32001); it does not start a new task (clients cannot choose a task's id).",
  spec: "A2A 1.0 §3.4.2 (taskId semantics)",
  tck: ["CORE-MULTI-004"],
  quote: {
    spec: "A2A 1.0.1 §3.4.2",
    text: "Agents MUST return a `TaskNotFoundError` if the provided `taskId` does not correspond to an existing task",
  },
  recommendation:
    "Before running a message that carries a taskId, look the task up and answer TaskNotFoundError (-32001; HTTP 404, gRPC NOT_FOUND) when it is unknown.",
  selfTest: [
    {
      flaw: "unknown-task-message-accepted",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-MULTI-004"],
    },
  ],
  scope: "transport",
  generations: ["1.0"],
  run: judgeUnknownTaskMessage,
});

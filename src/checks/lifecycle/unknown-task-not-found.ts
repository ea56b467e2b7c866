import { randomUUID } from "node:crypto";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, failBlocking, pass } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";
import { describeFailure, errorCalled } from "../../client/describe-failure.js";

export default defineCheck({
  id: "lifecycle.unknown-task-not-found",
  title: "Reading a task that does not exist fails with TaskNotFound",
  category: "lifecycle",
  level: "MUST",
  requirement: "tasks/get (GetTask) of an id the server never issued returns TaskNotFoundError (-32001).",
  // 0.3 §8.2 says servers SHOULD use its codes "where applicable", but §11.1.5 makes using the error codes
  // of §8 a MUST of server compliance, and an unknown id is the case §8.2 defines -32001 for. 0.1 and 0.2
  // have no such clause: lifecycle.unknown-task-not-found-0x judges them at SHOULD.
  spec: "A2A 0.3 §7.3, §8.2, §11.1.5 (MUST use the error codes of §8); 1.0.1 §3.1.3, §3.4.2",
  tck: ["CORE-GET-002", "JSONRPC-ERR-002", "JSONRPC-SSE-002"],
  quote: {
    spec: "A2A 1.0 §3.4.2",
    text: "Agents MUST return a TaskNotFoundError if the provided `taskId` does not correspond to an existing task",
  },
  recommendation:
    "Look the id up in the task store and answer TaskNotFoundError (-32001; HTTP 404, gRPC NOT_FOUND) when it is not there.",
  selfTest: [
    { flaw: "task-id-param-renamed", protocols: ["0.3"], bindings: ["JSONRPC"] },
    {
      flaw: "task-not-found-wrong-code",
      protocols: ["0.3", "1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-GET-002", "JSONRPC-ERR-002", "JSONRPC-SSE-002"],
    },
  ],
  scope: "transport",
  generations: ["0.3", "1.0"],
  run: (ctx) => judgeUnknownTaskRead(ctx),
});

/** tasks/get (GetTask) of a fresh id nobody issued: TaskNotFound passes, a task or another answer fails. */
export async function judgeUnknownTaskRead(ctx: CheckContext): Promise<CheckVerdict> {
  // A fresh UUID every run (docs/conformance.md, pitfalls: never assume an id is free or taken).
  const id = `plainwright-missing-${randomUUID()}`;
  const got = await ctx.client.getTask(id);
  if (got.ok) return failBlocking(`tasks/get of the never-issued id ${id} returned a task`, got.trafficIds);
  // A result that is no Task still answers the read as if the task were there (first sight: {"task": null}).
  if (got.kind === "invalid" && got.raw !== undefined)
    return failBlocking(
      `tasks/get of the never-issued id ${id} was answered with a result (${JSON.stringify(got.raw).slice(0, 80)}) instead of TaskNotFound (-32001)`,
      got.trafficIds,
    );
  if (got.kind !== "error")
    return failBlocking(`tasks/get of ${id}: ${describeFailure(got)}`, got.trafficIds);
  if (got.error.code !== a2aCodes.taskNotFound)
    return fail(
      `tasks/get of ${id} answered ${errorCalled(got.error)} instead of TaskNotFound (-32001)`,
      got.trafficIds,
    );
  return pass(`tasks/get of ${id} answered TaskNotFound (-32001)`, got.trafficIds);
}

import { randomUUID } from "node:crypto";
import { a2aCodes } from "../../protocol/error-codes.js";
import { defineCheck, fail, pass } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { StreamOutcome } from "../../client/types.js";
import type { CheckContext } from "../types.js";
import { graceAfterFinalMs, watchStream } from "../support/stream-watch.js";
import { resubscribeUnserved } from "../support/resubscribe-unserved.js";

/** Subscribes to an id the server never issued; shared with the 0.x sibling. */
export async function subscribeNeverIssued(
  ctx: CheckContext,
): Promise<{ id: string; stream: StreamOutcome | undefined; evidence: string[] }> {
  // A task of the run's own first, when it has one: an agent that answers unknown ids otherwise than its own
  // (-32601 for ids it does not know) is told apart by resubscribing to it (resubscribeUnserved).
  await ctx.fixtures.finishedTask();
  const id = `plainwright-missing-${randomUUID()}`;
  const watched = await watchStream((onEvent) => ctx.client.subscribe(id, onEvent), {
    graceMs: graceAfterFinalMs(ctx.timeoutMs),
    stopAt: () => true,
  });
  return { id, stream: watched.outcome, evidence: watched.outcome?.trafficIds ?? [] };
}

export default defineCheck({
  id: "streaming.subscribe-unknown-task",
  title: "Subscribing to a task that does not exist fails with TaskNotFound",
  category: "streaming",
  level: "MUST",
  requirement:
    "SubscribeToTask with an id the server never issued answers TaskNotFoundError (-32001): as the response itself, or as the one error event of the stream (1.0.1 §9.4.2 frames SSE events as JSON-RPC Responses). A method not served at all is streaming.subscribe-running's finding; one served for a finished task of the run's that answers -32601 only for the unknown id has the wrong code.",
  spec: "A2A 1.0 §3.1.6 SubscribeToTask (errors), §3.4.2",
  tck: ["STREAM-SUB-004"],
  quote: {
    spec: "A2A 1.0.1 §3.4.2",
    text: "Agents MUST return a `TaskNotFoundError` if the provided `taskId` does not correspond to an existing task",
  },
  recommendation:
    "Look the task up before opening the stream and answer TaskNotFoundError (-32001; HTTP 404, gRPC NOT_FOUND) as the response itself.",
  selfTest: [
    {
      flaw: "subscribe-unknown-wrong-code",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["STREAM-SUB-004"],
    },
    // A refusal of every subscription is this check's finding too: it needs no task of its own, so it runs
    // whatever streaming.subscribe-running found (seen at first sight: -32004 for a task that does not exist).
    { flaw: "subscribe-unsupported", protocols: ["1.0"], bindings: ["JSONRPC"] },
  ],
  scope: "transport",
  needs: ["streaming"],
  generations: ["1.0"],
  run: async (ctx) => {
    const { id, stream, evidence } = await subscribeNeverIssued(ctx);
    const failure = stream?.failure;
    if (failure?.kind === "error" && failure.error.code === a2aCodes.taskNotFound)
      return pass(`subscribing to the never-issued task ${id} answered TaskNotFound`, evidence);
    if (failure) {
      // Read leniently: the answer any unknown method gets means the method is not served at all, which
      // streaming.subscribe-running reports (one defect, one finding).
      const unserved =
        failure.kind === "error" ? await resubscribeUnserved(ctx, id, evidence, "unknown id") : undefined;
      if (unserved) return unserved;
      return fail(`answered ${describeFailure(failure)} instead of TaskNotFound (-32001)`, evidence);
    }
    // 1.0.1 §9.4.2 frames each SSE event as a JSON-RPC Response, an error one included, and asks for no
    // direct reply before the stream: the right error inside the stream is that answer (seen at first sight).
    const inside = stream?.errors[0];
    if (inside?.code === a2aCodes.taskNotFound)
      return pass(
        `subscribing to the never-issued task ${id} answered TaskNotFound (${inside.code}) inside the event stream`,
        evidence,
      );
    if (inside)
      return fail(
        `the error inside the event stream is ${inside.name} (${inside.code}: ${inside.message}), not TaskNotFound`,
        evidence,
      );
    return fail(`subscribing to the never-issued task ${id} opened an event stream`, evidence);
  },
});

import { randomUUID } from "node:crypto";
import { describeOutcome } from "../../client/jsonrpc.js";
import { methodName } from "../../client/methods.js";
import { sendParams } from "../../client/jsonrpc-params.js";
import { defineCheck, fail, notApplicable, pass } from "../define.js";

/** 0.1's StreamingNotSupportedError (0.1 §8.2). */
const STREAMING_NOT_SUPPORTED_0_1 = -32006;

export default defineCheck({
  id: "errors.capability-errors-0x",
  title: "An agent without streaming answers the streaming methods with StreamingNotSupportedError (A2A 0.1)",
  category: "errors",
  level: "SHOULD",
  levelReason:
    "A2A 0.1 §8.2 names StreamingNotSupportedError (-32006) for tasks/sendSubscribe and tasks/resubscribe when the card does not claim streaming, and says servers SHOULD use its codes; 1.0.1 §3.3.4's MUST is errors.capability-errors'.",
  requirement:
    "When the card does not claim capabilities.streaming, tasks/sendSubscribe and tasks/resubscribe are refused with -32006 (StreamingNotSupportedError), not served and not left unknown (-32601).",
  spec: "A2A 0.1 §8.2 (A2A-specific errors: -32006 StreamingNotSupportedError)",
  recommendation:
    "Without streaming support, answer tasks/sendSubscribe and tasks/resubscribe with -32006 (StreamingNotSupportedError).",
  noSelfTest:
    "The reference agent speaks 0.3 and 1.0 only; hand-written 0.1 agents that leave the methods unknown, and that refuse them with -32006, prove the check in terminal-task-rejects-message-0x.test.ts.",
  scope: "transport",
  generations: ["0.1"],
  bindings: ["JSONRPC"],
  run: async (ctx) => {
    if (ctx.validation.card.capabilities.streaming)
      return notApplicable("the card claims capabilities.streaming");
    const rpc = ctx.rpc;
    if (!rpc) return fail("this binding offers no raw JSON-RPC call");
    const evidence: string[] = [];
    const calls = [
      { op: "stream", params: sendParams("0.1", { text: ctx.fixtures.message }) },
      { op: "resubscribe", params: { id: `plainwright-${randomUUID()}` } },
    ] as const;
    for (const { op, params } of calls) {
      const method = methodName("0.1", op);
      const outcome = await rpc(method, params);
      if (outcome.kind !== "unreachable" && outcome.http.trafficId) evidence.push(outcome.http.trafficId);
      if (outcome.kind === "error" && outcome.error.code === STREAMING_NOT_SUPPORTED_0_1) continue;
      return fail(
        `${method} was answered with ${describeOutcome(outcome)}, not StreamingNotSupportedError (-32006), though the card does not claim streaming`,
        evidence,
      );
    }
    return pass(
      "tasks/sendSubscribe and tasks/resubscribe answered StreamingNotSupportedError (-32006)",
      evidence,
    );
  },
});

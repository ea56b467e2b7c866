import type { SmokeOutcome } from "../../checks/smoke.js";
import type { RunResult } from "../../model/result.js";
import { chooseEndpoint, openRunEndpoint } from "../reach.js";
import { defineRunKind } from "./define.js";
import type { SmokeOptions } from "./options.js";

function recordSmoke(result: RunResult, smoke: SmokeOutcome): void {
  const { request, reply_kind, task_state, task_id, context_id, text, passed, reason, polls } = smoke;
  result.smoke = {
    request,
    text,
    passed,
    polls,
    ...(reply_kind ? { reply_kind } : {}),
    ...(task_state ? { task_state } : {}),
    ...(task_id ? { task_id } : {}),
    ...(context_id ? { context_id } : {}),
    ...(reason ? { reason } : {}),
  };
  result.scores.smoke = passed ? 1 : 0;
}

/** An A2A test (docs/test-files.md, "How an A2A test runs"): the card judged, then one smoke message. */
export const smokeKind = defineRunKind<SmokeOptions>({
  kind: "smoke",
  result: "a2a",
  title: "validate the card, then send one smoke message",
  reach: "judged",
  async execute(run, reached, request) {
    const endpoint = await chooseEndpoint(run, reached, request.policy);
    if (!endpoint) return run.finished!;
    const { agent, ctx, cardFailure } = reached;
    request.onTarget?.({ agent, endpoint, ctx });
    run.emit({ type: "smoke-sent", url: endpoint.url });
    const target = await openRunEndpoint(run, reached, endpoint, request.protocolOverride);
    if (!target) return run.finished!;
    // Loaded here: `plainwright card` stops before the smoke exchange and need not load it.
    const { defaultSmokeMessage, runSmoke } = await import("../../checks/smoke.js");
    const smoke = await runSmoke({
      client: target.client,
      traffic: run.traffic,
      message: request.config.smoke_message ?? defaultSmokeMessage,
      timeoutMs: ctx.timeoutMs,
      ...(request.pollIntervalMs ? { pollIntervalMs: request.pollIntervalMs } : {}),
    });
    target.client.close();
    recordSmoke(run.result, smoke);
    return run.finish(cardFailure || !smoke.passed ? "failed" : "passed", cardFailure ?? smoke.reason);
  },
});

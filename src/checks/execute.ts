import { visible } from "../net/visible.js";
import type { CheckContext, CheckDefinition, CheckNeed, CheckVerdict } from "./types.js";
import type { Finding } from "../model/finding.js";

const needLabels: Record<CheckNeed, string> = {
  streaming: "the card does not claim capabilities.streaming",
  pushNotifications: "the card does not claim capabilities.pushNotifications",
  extendedAgentCard: "the card does not claim an extended agent card",
  peer: "no --peer agent was given",
  "multiple-transports": "the card advertises fewer than two bindings Plainwright speaks",
};

/** Whether a need is met by this agent and run. */
export function needMet(need: CheckNeed, ctx: CheckContext): boolean {
  const card = ctx.validation.card;
  switch (need) {
    case "streaming":
      return card.capabilities.streaming;
    case "pushNotifications":
      return card.capabilities.pushNotifications;
    case "extendedAgentCard":
      return card.capabilities.extendedAgentCard;
    case "peer":
      return ctx.peer !== undefined;
    case "multiple-transports":
      return ctx.clients.size >= 2;
  }
}

/** The check that judges whether an agent card is available at all. */
export const CARD_OWNER_ID = "card.required-fields";

/** Why a check does not apply here, or undefined when it does. */
export function skipReason(check: CheckDefinition, ctx: CheckContext): string | undefined {
  // Tested through --endpoint without a card: there is no card to judge but its absence.
  if (check.category === "card" && ctx.rawCard === null && check.id !== CARD_OWNER_ID)
    return `no agent card was found (${CARD_OWNER_ID} reports it)`;
  if (check.bindings && !check.bindings.includes(ctx.transport))
    return `applies to ${check.bindings.join(", ")} only`;
  if (check.generations && !check.generations.includes(ctx.generation))
    return `applies to A2A ${check.generations.join(", ")} only (the agent speaks ${ctx.generation})`;
  const unmet = (check.needs ?? []).find((need) => !needMet(need, ctx));
  return unmet ? needLabels[unmet] : undefined;
}

function finding(
  check: CheckDefinition,
  ctx: Pick<CheckContext, "transport"> | undefined,
  fields: Pick<Finding, "status" | "message" | "duration_ms"> & { evidence?: string[] },
  judgedTck: readonly string[] = check.tck ?? [],
): Finding {
  return {
    id: check.id,
    title: check.title,
    category: check.category,
    level: check.level,
    ...fields,
    // Agent-supplied text in a message may carry control bytes: show them, never let them act.
    message: visible(fields.message),
    ...(fields.status === "fail" || fields.status === "error"
      ? { recommendation: check.recommendation }
      : {}),
    ...(check.scope === "transport" && ctx ? { transport: ctx.transport } : {}),
    spec: check.spec,
    ...(judgedTck.length ? { tck: judgedTck.join(", ") } : {}),
  };
}

/** A check's finding, and whether its failure leaves the checks depending on it without input. */
export interface ExecutedCheck {
  finding: Finding;
  blocks: boolean;
}

/**
 * Runs one check within its own time budget. A check that hangs is cut off and reported; a check that
 * throws is an `error` finding naming the exception, so the suite always continues. Neither blocks the
 * checks that depend on it: only a verdict that says its input is gone does.
 */
export async function executeCheck(check: CheckDefinition, ctx: CheckContext): Promise<ExecutedCheck> {
  const reason = skipReason(check, ctx);
  if (reason)
    return {
      finding: {
        ...finding(check, ctx, { status: "skip", message: reason, duration_ms: 0 }),
        applicable: false,
      },
      blocks: false,
    };
  if (check.judgesTasks && (await ctx.fixtures.answersOnlyWithMessages().catch(() => false)))
    return {
      finding: {
        ...finding(check, ctx, {
          status: "skip",
          message:
            "the agent answers every message with a Message and creates no task, which A2A 0.3 §7.1 and 1.0.1 §3.1.1 allow: there is no task to judge",
          duration_ms: 0,
        }),
        applicable: false,
      },
      blocks: false,
    };
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  // A check may rightly wait its whole timeout (a subscription that stays silent is watched that long): the
  // box around it leaves a quarter more (1 s at least) for what it does after, so a busy machine does not turn
  // a wait that ended on time into "did not finish"; a check that truly hangs is still cut off.
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ctx.timeoutMs + Math.max(1000, ctx.timeoutMs / 4));
  });
  try {
    const verdict = await Promise.race([check.run(ctx), timeout]);
    if (verdict === "timeout") {
      const message = `the check did not finish within ${Math.round(ctx.timeoutMs / 1000)} s (the agent stopped answering or a stream never ended)`;
      return { finding: finding(check, ctx, { status: "fail", message, duration_ms: ms() }), blocks: false };
    }
    const { applicable, blocks, tck, ...judged } = verdict;
    const limited = restsOnRateLimit(ctx, judged);
    if (limited)
      return { finding: finding(check, ctx, { ...judged, ...limited, duration_ms: ms() }), blocks: false };
    const { notSupported: optionNotTaken, ...shown } = judged;
    if (optionNotTaken) return { finding: notSupportedFinding(check, ctx, shown, ms()), blocks: false };
    // A MAY check that fails judges behaviour the spec leaves open: a note, its status kept for the proofs.
    const note = check.level === "MAY" && judged.status === "fail";
    return {
      finding: {
        ...finding(check, ctx, { ...shown, duration_ms: ms() }, tck ?? check.tck),
        ...(applicable === false ? { applicable } : {}),
        ...(note ? { not_supported: true as const } : {}),
      },
      blocks: blocks === true && judged.status === "fail",
    };
  } catch (error) {
    const message = `the check itself failed: ${(error as Error).message}`;
    return { finding: finding(check, ctx, { status: "error", message, duration_ms: ms() }), blocks: false };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A verdict that rests on a response the agent refused for its rate limit (HTTP 429, still refused after the
 * waits src/net/rate-limit.ts allows) judged no behaviour of the agent, failed or passed (a 429 taken for "no
 * JSON-RPC reply" passed a notification check at first sight): not judged, with what it said.
 */
function restsOnRateLimit(
  ctx: CheckContext,
  judged: Pick<CheckVerdict, "status" | "message" | "evidence">,
): Pick<Finding, "status" | "message"> | undefined {
  const gate = ctx.clientContext.rateLimit;
  if (!gate || judged.status === "skip") return undefined;
  if (!(judged.evidence ?? []).some((id) => gate.gaveUpOn(id))) return undefined;
  return {
    status: "skip",
    message: `not judged: the agent refused a request of this check for its rate limit (HTTP 429) after the waits it named (the check had said: ${judged.message})`,
  };
}

/** A MAY the agent does not do, as a note: a skip that does not apply, marked not supported. */
function notSupportedFinding(
  check: CheckDefinition,
  ctx: CheckContext,
  judged: Pick<CheckVerdict, "message" | "evidence">,
  duration_ms: number,
): Finding {
  const note = finding(check, ctx, {
    ...judged,
    status: "skip",
    message: `not supported, a MAY the spec leaves open: ${judged.message}`,
    duration_ms,
  });
  return { ...note, applicable: false, not_supported: true };
}

/**
 * The failure of a check of the whole agent that no context could be built for: the agent answered, but
 * no card was found, so the run stops before any check runs (the check owns the missing card).
 */
export function withoutCardFinding(
  check: CheckDefinition,
  judged: { message: string; recommendation: string; tck: readonly string[] },
): Finding {
  const failed = finding(
    check,
    undefined,
    { status: "fail", message: judged.message, duration_ms: 0 },
    judged.tck,
  );
  return { ...failed, recommendation: judged.recommendation };
}

/** A finding for a check that was not run because the agent stopped answering. */
export function notRunFinding(check: CheckDefinition, ctx: CheckContext, why: string): Finding {
  return finding(check, ctx, { status: "error", message: `not run: ${why}`, duration_ms: 0 });
}

/** A finding for a check the run chose not to start (--bail after enough failures): skipped, saying why. */
export function notStartedFinding(check: CheckDefinition, ctx: CheckContext, why: string): Finding {
  return finding(check, ctx, { status: "skip", message: `not run: ${why}`, duration_ms: 0 });
}

/**
 * A finding for a check not run because a check it needs failed and left it no input (one defect, one
 * failure). `failed` is always a check that failed, never one that was itself not run.
 */
export function dependencyFinding(check: CheckDefinition, ctx: CheckContext, failed: string): Finding {
  return finding(check, ctx, {
    status: "skip",
    message: `not run: depends on ${failed}, which failed`,
    duration_ms: 0,
  });
}

import { visible } from "../net/visible.js";
import type { CheckContext, CheckDefinition, CheckNeed, Finding } from "./types.js";

const needLabels: Record<CheckNeed, string> = {
  streaming: "the card does not claim capabilities.streaming",
  pushNotifications: "the card does not claim capabilities.pushNotifications",
  extendedAgentCard: "the card does not claim an extended agent card",
  security: "the card declares no required security scheme",
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
    case "security":
      return card.security.some((req) => Object.keys(req).length > 0) || card.legacyAuthSchemes.length > 0;
    case "peer":
      return ctx.peer !== undefined;
    case "multiple-transports":
      return ctx.clients.size >= 2;
  }
}

/** Why a check does not apply here, or undefined when it does. */
export function skipReason(check: CheckDefinition, ctx: CheckContext): string | undefined {
  if (check.bindings && !check.bindings.includes(ctx.transport))
    return `applies to ${check.bindings.join(", ")} only`;
  if (check.generations && !check.generations.includes(ctx.generation))
    return `applies to A2A ${check.generations.join(", ")} only (the agent speaks ${ctx.generation})`;
  const unmet = (check.needs ?? []).find((need) => !needMet(need, ctx));
  return unmet ? needLabels[unmet] : undefined;
}

function finding(
  check: CheckDefinition,
  ctx: CheckContext,
  fields: Pick<Finding, "status" | "message" | "duration_ms"> & { evidence?: string[] },
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
    ...(check.scope === "transport" ? { transport: ctx.transport } : {}),
    spec: check.spec,
    ...(check.tck?.length ? { tck: check.tck.join(", ") } : {}),
  };
}

/**
 * Runs one check within its own time budget. A check that hangs is cut off and reported; a check that
 * throws is an `error` finding naming the exception, so the suite always continues.
 */
export async function executeCheck(check: CheckDefinition, ctx: CheckContext): Promise<Finding> {
  const reason = skipReason(check, ctx);
  if (reason)
    return { ...finding(check, ctx, { status: "skip", message: reason, duration_ms: 0 }), applicable: false };
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ctx.timeoutMs + 1000);
  });
  try {
    const verdict = await Promise.race([check.run(ctx), timeout]);
    if (verdict === "timeout") {
      return finding(check, ctx, {
        status: "fail",
        message: `the check did not finish within ${Math.round(ctx.timeoutMs / 1000)} s (the agent stopped answering or a stream never ended)`,
        duration_ms: ms(),
      });
    }
    const { applicable, ...judged } = verdict;
    return {
      ...finding(check, ctx, { ...judged, duration_ms: ms() }),
      ...(applicable === false ? { applicable } : {}),
    };
  } catch (error) {
    return finding(check, ctx, {
      status: "error",
      message: `the check itself failed: ${(error as Error).message}`,
      duration_ms: ms(),
    });
  } finally {
    clearTimeout(timer);
  }
}

/** A finding for a check that was not run because the agent stopped answering. */
export function notRunFinding(check: CheckDefinition, ctx: CheckContext, why: string): Finding {
  return finding(check, ctx, { status: "error", message: `not run: ${why}`, duration_ms: 0 });
}

/** A finding for a check not run because a check it depends on failed (one defect, one failure). */
export function dependencyFinding(check: CheckDefinition, ctx: CheckContext, dependency: string): Finding {
  return finding(check, ctx, {
    status: "skip",
    message: `not run: depends on ${dependency}, which failed`,
    duration_ms: 0,
  });
}

/** Whether a finding stops the checks that depend on it: it failed, or was itself not run for that reason. */
export function blocksDependents(f: Finding): boolean {
  return (
    f.status === "fail" ||
    f.status === "error" ||
    (f.status === "skip" && f.message.startsWith("not run: depends on"))
  );
}

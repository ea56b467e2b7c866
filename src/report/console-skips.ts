import type { Finding } from "../model/finding.js";
import type { Style } from "./style.js";
import { bracketedPlace } from "../model/finding.js";

/** Skipped checks that share one reason, and what would let them run when something would. */
export interface SkipGroup {
  reason: string;
  /** False when the checks do not apply to what the card claims; true when they applied but could not run. */
  applicable: boolean;
  /** "lifecycle.cancel-running [JSONRPC]", in report order. */
  checks: string[];
  /** The option (or step) that would run them, when there is one. */
  remedy?: string;
}

interface Cause {
  test: RegExp;
  reason: (match: RegExpExecArray) => string;
  remedy?: (match: RegExpExecArray) => string;
}

// The checks' own reasons (checks/execute.ts needs, checks/fixtures.ts) say what was missing; these name the
// option that supplies it. A reason no cause matches is grouped by its words before the first colon.
const causes: Cause[] = [
  {
    test: /no --peer agent was given/,
    reason: () => "no --peer agent was given",
    remedy: () => "--peer URL (a second A2A agent to talk to)",
  },
  {
    test: /no second identity was given/,
    reason: () => "no second identity was given",
    remedy: () => "--identity 'NAME=Authorization: Bearer …' (another caller's credential)",
  },
  {
    test: /ask(ed)? back|input-required task|not input-required/,
    reason: () => "no message made the agent ask back (input-required)",
    remedy: () => '--hint input-required="a message that makes the agent ask a question"',
  },
  {
    test: /running task|already over when first seen|keeps running|finished before|still (working|submitted)/,
    reason: () => "no task kept running long enough to act on",
    remedy: () => '--hint slow="a message that keeps the agent working for a few seconds"',
  },
  {
    test: /depends on (\S+), which failed/,
    reason: (m) => `${m[1] ?? "a prerequisite"} failed`,
    remedy: (m) => `fix ${m[1] ?? "the prerequisite"} first`,
  },
  {
    test: /given directly, not found at a well-known path/,
    reason: () => "the card URL was given directly",
    remedy: () => "pass the agent's base URL instead of its card's URL",
  },
];

function causeOf(message: string): { reason: string; remedy?: string } {
  for (const cause of causes) {
    const match = cause.test.exec(message);
    if (match)
      return { reason: cause.reason(match), ...(cause.remedy ? { remedy: cause.remedy(match) } : {}) };
  }
  const head = message.replace(/^not run: /, "").split(/: /)[0] ?? message;
  return { reason: head.trim() };
}

/** Every skipped finding, grouped by reason: first those that could not run, then those that do not apply. */
export function skipGroups(findings: readonly Finding[]): SkipGroup[] {
  const groups = new Map<string, SkipGroup>();
  for (const f of findings) {
    if (f.status !== "skip" || f.not_supported) continue;
    const applicable = f.applicable !== false;
    const { reason, remedy } = causeOf(f.message);
    const key = `${applicable}\u0000${reason}`;
    const group = groups.get(key) ?? { reason, applicable, checks: [], ...(remedy ? { remedy } : {}) };
    group.checks.push(`${f.id}${bracketedPlace(f)}`);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) => Number(b.applicable) - Number(a.applicable) || b.checks.length - a.checks.length,
  );
}

const listed = (checks: readonly string[], max = 3) =>
  `${checks.slice(0, max).join(", ")}${checks.length > max ? `, and ${checks.length - max} more` : ""}`;

/** The console's account of skipped checks: why, which, and the option that would run them. */
export function skipLines(findings: readonly Finding[], st: Style): string[] {
  const groups = skipGroups(findings);
  if (groups.length === 0) return [];
  const notRun = groups.filter((g) => g.applicable);
  const notApplicable = groups.filter((g) => !g.applicable);
  const count = (gs: readonly SkipGroup[]) => gs.reduce((n, g) => n + g.checks.length, 0);
  const lines: string[] = [];
  const block = (title: string, gs: readonly SkipGroup[], colour: (s: string) => string) => {
    lines.push(colour(`  ${title}`));
    for (const g of gs) {
      lines.push(`    ${String(g.checks.length).padStart(3)}  ${g.reason}${st.dim(`: ${listed(g.checks)}`)}`);
      if (g.remedy) lines.push(`         ${st.cyan("→")} to run them: ${g.remedy}`);
    }
  };
  if (notRun.length > 0)
    block(`${count(notRun)} applicable checks could not run (level full needs them all):`, notRun, (s) =>
      st.yellow(s),
    );
  if (notApplicable.length > 0)
    block(`${count(notApplicable)} checks do not apply to this agent:`, notApplicable, (s) => st.dim(s));
  return lines;
}

import type { ModelFlags } from "../llm/model-config.js";
import { usageError } from "../runner/errors.js";
import { conversationBounds } from "../runner/kinds/options.js";
import type { A2ATestConfig } from "../runner/test-definition.js";
import {
  connectionFlags,
  modelFlagsFrom,
  parseAgentUrl,
  parseHeaders,
  parseTimeout,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";
import { runFlagTest } from "./flag-test.js";
import { prepareRun } from "./prepare.js";

/** `converse` flags: one per conversation field, plus the model choices. */
export interface ConverseFlags extends CommonFlags, AuthFlags, ModelFlags {
  persona?: string;
  goal?: string;
  criterion?: string[];
  opening?: string;
  maxTurns?: string;
  trials?: string;
  threshold?: string;
  minPassRate?: string;
  transport?: string;
}

function wholeNumber(flag: string, raw: string | undefined, bounds: { min: number; max: number }) {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < bounds.min || value > bounds.max)
    throw usageError(`${flag} ${raw}: must be a whole number from ${bounds.min} to ${bounds.max}`);
  return value;
}

function fraction(flag: string, raw: string | undefined) {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  // 0 would be a pass that cannot fail.
  if (raw.trim() === "" || !Number.isFinite(value) || value <= 0 || value > 1)
    throw usageError(`${flag} ${raw}: must be a number above 0, at most 1 (0 is a pass that cannot fail)`);
  return value;
}

function nonEmpty(flag: string, raw: string | undefined) {
  if (raw !== undefined && raw.trim() === "") throw usageError(`${flag}: must not be empty`);
  return raw?.trim();
}

/** The conversation test the flags describe; bad values are usage errors naming the flag. */
export function converseConfig(rawUrl: string, flags: ConverseFlags): A2ATestConfig {
  const criteria = (flags.criterion ?? []).map((c) => nonEmpty("--criterion", c) ?? "");
  if (criteria.length === 0 && flags.goal === undefined)
    throw usageError(
      "converse needs --criterion (repeatable) or --goal: the judge grades the conversation against them",
    );
  const fields = {
    persona: nonEmpty("--persona", flags.persona),
    goal: nonEmpty("--goal", flags.goal),
    success_criteria: criteria.length > 0 ? criteria : undefined,
    opening_message: nonEmpty("--opening", flags.opening),
    max_turns: wholeNumber("--max-turns", flags.maxTurns, conversationBounds.maxTurns),
    trials: wholeNumber("--trials", flags.trials, conversationBounds.trials),
    threshold: fraction("--threshold", flags.threshold),
    min_pass_rate: fraction("--min-pass-rate", flags.minPassRate),
  };
  return {
    agent_url: parseAgentUrl(rawUrl),
    headers: parseHeaders(flags.header),
    strict_card: flags.strictCard !== false,
    timeout_s: parseTimeout(flags.timeout),
    ...connectionFlags(flags),
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  };
}

/** `converse <url>`: the conversation test a file would hold, built from flags. */
export async function runConverseCommand(rawUrl: string, flags: ConverseFlags): Promise<number> {
  const prepared = await prepareRun(flags);
  const config = converseConfig(rawUrl, flags);
  const models = modelFlagsFrom(flags);
  return runFlagTest("a2a", { ...config, headers: prepared.auth.headers }, prepared, { models });
}

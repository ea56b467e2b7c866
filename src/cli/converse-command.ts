import type { ModelFlags } from "../llm/model-config.js";
import { usageError } from "../runner/errors.js";
import { conversationOptions } from "../runner/kinds/options.js";
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
import { numberFlag } from "./number-flag.js";
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
    max_turns: numberFlag("--max-turns", flags.maxTurns, conversationOptions.shape.max_turns),
    trials: numberFlag("--trials", flags.trials, conversationOptions.shape.trials),
    threshold: numberFlag("--threshold", flags.threshold, conversationOptions.shape.threshold),
    min_pass_rate: numberFlag("--min-pass-rate", flags.minPassRate, conversationOptions.shape.min_pass_rate),
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

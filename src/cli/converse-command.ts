import type { ModelFlags } from "../llm/model-config.js";
import { usageError } from "../runner/errors.js";
import { runConversationTest } from "../runner/run-conversation-test.js";
import { resolveSecrets } from "../runner/secrets.js";
import { conversationBounds, type A2ATestConfig } from "../runner/test-definition.js";
import {
  modelFlagsFrom,
  parseAgentUrl,
  parseHeaders,
  parseTimeout,
  policyFrom,
  secretSourceFrom,
  type CommonFlags,
} from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";
import { terminalText } from "../report/terminal-text.js";

/** `converse` flags: one per conversation field, plus the model choices. */
export interface ConverseFlags extends CommonFlags, ModelFlags {
  persona?: string;
  goal?: string;
  criterion?: string[];
  opening?: string;
  maxTurns?: string;
  trials?: string;
  threshold?: string;
  minPassRate?: string;
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
  if (raw.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1)
    throw usageError(`${flag} ${raw}: must be a number from 0 to 1`);
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
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  };
}

/** `converse <url>`: one conversation test built from flags. */
export async function runConverseCommand(rawUrl: string, flags: ConverseFlags): Promise<number> {
  const config = converseConfig(rawUrl, flags);
  const source = await secretSourceFrom(flags, process.env);
  const { value, used } = resolveSecrets(config, source);
  const result = await runConversationTest({
    config: value,
    policy: policyFrom(flags),
    secrets: used,
    models: modelFlagsFrom(flags),
    secretValues: source.values,
    onProgress: (line) => {
      if (!flags.json) process.stderr.write(`${terminalText(line)}\n`);
    },
  });
  await emitResults([result], flags);
  return exitCodeFor([result]);
}

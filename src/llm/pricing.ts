import type { TokenUsage } from "./types.js";

/**
 * USD per million tokens (input, output), list prices of the hosted APIs as published in 2025. Matched by
 * the longest prefix of the model name, so dated snapshots (gpt-4o-mini-2024-07-18) find their family.
 * Self-hosted providers and unknown models have no price: their runs show tokens only.
 */
const prices: ReadonlyArray<readonly [prefix: string, input: number, output: number]> = [
  ["gpt-4o-mini", 0.15, 0.6],
  ["gpt-4o", 2.5, 10],
  ["gpt-4.1-nano", 0.1, 0.4],
  ["gpt-4.1-mini", 0.4, 1.6],
  ["gpt-4.1", 2, 8],
  ["gpt-5-nano", 0.05, 0.4],
  ["gpt-5-mini", 0.25, 2],
  ["gpt-5", 1.25, 10],
  ["o4-mini", 1.1, 4.4],
  ["o3-mini", 1.1, 4.4],
  ["o3", 2, 8],
  ["claude-3-5-haiku", 0.8, 4],
  ["claude-3-haiku", 0.25, 1.25],
  ["claude-haiku-4-5", 1, 5],
  ["claude-3-5-sonnet", 3, 15],
  ["claude-3-7-sonnet", 3, 15],
  ["claude-sonnet-4", 3, 15],
  ["claude-opus-4-5", 5, 25],
  ["claude-opus-4", 15, 75],
];

const priced = new Set(["openai", "azure", "anthropic"]);

/** Cost in USD of `usage` on `provider:model`, or undefined when the price is unknown. */
export function costOf(provider: string, model: string, usage: TokenUsage): number | undefined {
  if (!priced.has(provider)) return undefined;
  const name = model.toLowerCase();
  let best: (typeof prices)[number] | undefined;
  for (const entry of prices) {
    if (name.startsWith(entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry;
  }
  if (best === undefined) return undefined;
  return (usage.input_tokens * best[1] + usage.output_tokens * best[2]) / 1_000_000;
}

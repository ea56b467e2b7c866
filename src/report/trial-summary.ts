import type { TrialStats } from "../model/conversation.js";
import type { ModelUsage, UsageSection } from "../model/result.js";

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** "2/3 trials passed (67%)". */
export function passRateText(s: TrialStats): string {
  return `${s.passed}/${s.count} trial${s.count === 1 ? "" : "s"} passed (${pct(s.pass_rate)})`;
}

/** "21%–94%": the 95 % Wilson interval of the pass rate. */
export function intervalText(s: TrialStats): string {
  return `${pct(s.wilson_95[0])}–${pct(s.wilson_95[1])}`;
}

/** "pass^1 0.67 · pass^2 0.33 · pass^3 0.00". */
export function passHatKText(s: TrialStats): string {
  return Object.entries(s.pass_hat_k)
    .map(([k, v]) => `pass^${k} ${v.toFixed(2)}`)
    .join(" · ");
}

/** "minimum 100%, not met". */
export function minimumText(s: TrialStats): string {
  return `minimum ${pct(s.min_pass_rate)}, ${s.met_minimum ? "met" : "not met"}`;
}

function modelText(u: ModelUsage): string {
  const cost = u.cost_usd === undefined ? "" : ` ($${u.cost_usd.toFixed(4)})`;
  return `${u.model}: ${u.input_tokens.toLocaleString("en")} in / ${u.output_tokens.toLocaleString("en")} out${cost}`;
}

/** Rows of tokens and cost for the simulated user, the judge and the total. */
export function usageRows(u: UsageSection): Array<[string, string]> {
  const total = u.total;
  const cost =
    total.cost_usd === undefined ? "cost unknown (no price for a model)" : `$${total.cost_usd.toFixed(4)}`;
  return [
    ["Simulated user", modelText(u.user)],
    ["Judge", modelText(u.judge)],
    [
      "Total",
      `${total.input_tokens.toLocaleString("en")} in / ${total.output_tokens.toLocaleString("en")} out · ${cost}`,
    ],
  ];
}

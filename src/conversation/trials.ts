import type { TrialOutcome, TrialStats } from "../model/conversation.js";

/** z for a two-sided 95 % interval. */
const z95 = 1.959963984540054;

/** Wilson score interval for `successes` out of `n` (95 % by default); [0, 0] when n is 0. */
export function wilsonInterval(successes: number, n: number, z = z95): [number, number] {
  if (n === 0) return [0, 0];
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/**
 * pass^k (tau-bench): the probability that k independent trials all pass, estimated without bias from
 * c passes in n trials as C(c, k) / C(n, k).
 */
export function passHatK(successes: number, n: number, k: number): number {
  if (k < 1 || k > n) return Number.NaN;
  return choose(successes, k) / choose(n, k);
}

// Every k for small runs; the usual milestones for larger ones.
function ksFor(n: number): number[] {
  if (n <= 10) return Array.from({ length: n }, (_, i) => i + 1);
  return [...new Set([1, 2, 3, 5, 10, 20, 50, n].filter((k) => k <= n))];
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** Pass rate, Wilson interval, pass^k and the flaky flag; an errored trial counts as not passed. */
export function trialStats(
  outcomes: readonly Pick<TrialOutcome, "status">[],
  minPassRate: number,
): TrialStats {
  const count = outcomes.length;
  const passed = outcomes.filter((o) => o.status === "passed").length;
  const passRate = count === 0 ? 0 : passed / count;
  const [lo, hi] = wilsonInterval(passed, count);
  return {
    count,
    passed,
    errors: outcomes.filter((o) => o.status === "error").length,
    pass_rate: round(passRate),
    wilson_95: [round(lo), round(hi)],
    pass_hat_k: Object.fromEntries(ksFor(count).map((k) => [String(k), round(passHatK(passed, count, k))])),
    flaky: passed > 0 && passed < count,
    min_pass_rate: minPassRate,
    // A tiny tolerance so that 2/3 meets a minimum written as 0.6667.
    met_minimum: count > 0 && passRate + 1e-9 >= minPassRate,
  };
}

/** Runs `count` jobs with at most `concurrency` at a time; results keep the jobs' order. */
export async function runBounded<T>(
  count: number,
  concurrency: number,
  job: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await job(index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
  return results;
}

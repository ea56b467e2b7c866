import type { LatencySummary, LoadSection, ThresholdOutcome } from "../model/load.js";

/**
 * Thresholds that decide a load run: "p99 < 2s", "errors < 1%", "rps >= 50", "first_event.p90 < 500ms",
 * "drift.p99 < 1.5". One metric, one comparison, one limit with its unit.
 */
export interface Threshold {
  expression: string;
  metric: string;
  op: ThresholdOutcome["op"];
  limit: number;
}

type Unit = "time" | "ratio" | "rate" | "factor";

interface Metric {
  unit: Unit;
  describe: string;
  read(load: LoadSection): number | null;
}

const latencyKeys = { p50: "p50_ms", p90: "p90_ms", p99: "p99_ms", max: "max_ms", mean: "mean_ms" } as const;

function latencyMetrics(prefix: string, what: string, pick: (l: LoadSection) => LatencySummary | undefined) {
  return Object.fromEntries(
    Object.entries(latencyKeys).map(([name, key]) => [
      `${prefix}${name}`,
      {
        unit: "time" as const,
        describe: `${name} ${what}`,
        read: (l: LoadSection) => {
          const summary = pick(l);
          return summary && summary.count > 0 ? summary[key] : null;
        },
      },
    ]),
  );
}

/** Every metric a threshold may name, with its unit. */
export const thresholdMetrics: Record<string, Metric> = {
  ...latencyMetrics("", "latency", (l) => l.latency),
  ...latencyMetrics("first_event.", "time to the first stream event", (l) => l.first_event),
  ...latencyMetrics("terminal.", "time to a terminal state", (l) => l.terminal),
  errors: { unit: "ratio", describe: "failed requests (a % or a count)", read: (l) => l.errors.rate },
  rps: { unit: "rate", describe: "completed requests per second", read: (l) => l.throughput_per_s },
  "drift.p50": {
    unit: "factor",
    describe: "last window's p50 / first's",
    read: (l) => l.drift?.p50_ratio ?? null,
  },
  "drift.p99": {
    unit: "factor",
    describe: "last window's p99 / first's",
    read: (l) => l.drift?.p99_ratio ?? null,
  },
};

const TIME_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };
const EXPRESSION = /^\s*([a-z_][a-z0-9_.]*)\s*(<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)?)\s*([a-z%/]*)\s*$/i;

const EXAMPLES = '"p99 < 2s", "errors < 1%", "rps >= 50"';

/** Reads one threshold; throws an Error naming the expression and the rule it breaks. */
export function parseThreshold(expression: string): Threshold {
  const match = EXPRESSION.exec(expression);
  if (!match)
    throw new Error(
      `threshold ${JSON.stringify(expression)} is not "<metric> <op> <number><unit>" (for example ${EXAMPLES})`,
    );
  const [, rawMetric = "", op = "<", number = "0", rawUnit = ""] = match;
  const metricName = rawMetric.toLowerCase();
  const unit = rawUnit.toLowerCase();
  const metric = thresholdMetrics[metricName];
  if (!metric)
    throw new Error(
      `threshold ${JSON.stringify(expression)}: unknown metric "${rawMetric}"; known: ${Object.keys(thresholdMetrics).join(", ")}`,
    );
  const limit = limitIn(metric.unit, Number(number), unit, expression, metricName);
  return { expression: expression.trim(), metric: metricName, op: op as Threshold["op"], limit };
}

function limitIn(kind: Unit, value: number, unit: string, expression: string, metric: string): number {
  const bad = (rule: string) => new Error(`threshold ${JSON.stringify(expression)}: ${rule}`);
  switch (kind) {
    case "time": {
      const scale = TIME_UNITS[unit];
      if (scale === undefined)
        throw bad(`${metric} is a time; give a unit: ms, s or m (e.g. "${metric} < 2s")`);
      return value * scale;
    }
    case "ratio":
      if (unit === "%") {
        if (value > 100) throw bad("a percentage must be from 0 to 100");
        return value / 100;
      }
      if (unit === "" && value <= 1) return value;
      throw bad('errors is a percentage ("errors < 1%") or a fraction from 0 to 1 ("errors < 0.01")');
    case "rate":
      if (unit === "" || unit === "/s") return value;
      throw bad('rps is requests per second ("rps >= 50" or "rps >= 50/s")');
    case "factor":
      if (unit === "" || unit === "x") return value;
      throw bad(`${metric} is a ratio without unit (e.g. "${metric} < 1.5")`);
  }
}

/** Reads a list of thresholds; throws one Error listing every bad one. */
export function parseThresholds(expressions: readonly string[]): Threshold[] {
  const problems: string[] = [];
  const parsed: Threshold[] = [];
  for (const expression of expressions) {
    try {
      parsed.push(parseThreshold(expression));
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0) throw new Error(problems.join("; "));
  return parsed;
}

const compare = {
  "<": (a: number, b: number) => a < b,
  "<=": (a: number, b: number) => a <= b,
  ">": (a: number, b: number) => a > b,
  ">=": (a: number, b: number) => a >= b,
};

/** How the run did against each threshold. A figure the run does not have fails its threshold: nothing was shown. */
export function evaluateThresholds(thresholds: readonly Threshold[], load: LoadSection): ThresholdOutcome[] {
  return thresholds.map((t) => {
    const actual = thresholdMetrics[t.metric]?.read(load) ?? null;
    return { ...t, actual, passed: actual !== null && compare[t.op](actual, t.limit) };
  });
}

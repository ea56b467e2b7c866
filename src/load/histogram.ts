import { build, type JsHistogram } from "hdr-histogram-js";
import type { LatencySummary, LoadHistogramBin } from "../model/load.js";

/** Values are kept in microseconds, so sub-millisecond loopback latencies keep their resolution. */
const US_PER_MS = 1000;
/** One hour: a longer latency is recorded as one hour (the per-request timeout is at most 300 s anyway). */
const HIGHEST_US = 3_600_000_000;

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * A latency histogram (HDR, 3 significant digits: every percentile within 0.1 % of the true value) over
 * milliseconds. Constant memory whatever the number of requests, which is what lets a soak run last hours.
 */
export class LatencyHistogram {
  // Without WebAssembly, build() makes a JsHistogram, the class whose recorded values can be iterated.
  readonly #hdr = build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_US,
    numberOfSignificantValueDigits: 3,
    autoResize: false,
    useWebAssembly: false,
  }) as JsHistogram;
  #minUs = Number.POSITIVE_INFINITY;

  /** Records one latency; negative values count as 0, values past an hour as an hour. */
  record(ms: number): void {
    const us = Math.min(HIGHEST_US, Math.max(0, Math.round(ms * US_PER_MS)));
    this.#hdr.recordValue(us);
    if (us < this.#minUs) this.#minUs = us;
  }

  get count(): number {
    return this.#hdr.totalCount;
  }

  /** The latency at a percentile (0-100), in ms; 0 when nothing was recorded. */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    // A percentile is reported at its bucket's upper edge, which can pass the largest value recorded.
    return round(Math.min(this.#hdr.getValueAtPercentile(p), this.#hdr.maxValue) / US_PER_MS);
  }

  get maxMs(): number {
    return this.count === 0 ? 0 : round(this.#hdr.maxValue / US_PER_MS);
  }

  /** Adds every value of another histogram to this one. */
  add(other: LatencyHistogram): void {
    this.#hdr.add(other.#hdr);
    if (other.#minUs < this.#minUs) this.#minUs = other.#minUs;
  }

  reset(): void {
    this.#hdr.reset();
    this.#minUs = Number.POSITIVE_INFINITY;
  }

  /** count, min, mean, p50, p90, p99 and max, in ms. */
  summary(): LatencySummary {
    if (this.count === 0)
      return { count: 0, min_ms: 0, mean_ms: 0, p50_ms: 0, p90_ms: 0, p99_ms: 0, max_ms: 0 };
    return {
      count: this.count,
      min_ms: round(this.#minUs / US_PER_MS),
      mean_ms: round(this.#hdr.mean / US_PER_MS),
      p50_ms: this.percentile(50),
      p90_ms: this.percentile(90),
      p99_ms: this.percentile(99),
      max_ms: this.maxMs,
    };
  }

  /**
   * The distribution as at most `maxBins` log-spaced bars from the lowest to the highest value (latencies
   * spread over orders of magnitude, so equal-width bins would put nearly everything in the first one).
   */
  bins(maxBins = 30): LoadHistogramBin[] {
    if (this.count === 0) return [];
    const lo = Math.max(1, this.#minUs);
    const hi = Math.max(lo + 1, this.#hdr.maxValue);
    const n = Math.max(1, Math.min(maxBins, Math.ceil(Math.log2(hi / lo) * 4)));
    const edges = Array.from({ length: n + 1 }, (_, i) => lo * Math.pow(hi / lo, i / n));
    edges[n] = hi + 1;
    const counts = new Array<number>(n).fill(0);
    for (const { value, count } of recordedValues(this.#hdr)) {
      let i = edges.findIndex((edge, k) => k > 0 && value < edge) - 1;
      if (i < 0) i = value < lo ? 0 : n - 1;
      counts[i] = (counts[i] ?? 0) + count;
    }
    return counts.map((count, i) => ({
      from_ms: round((edges[i] ?? 0) / US_PER_MS),
      to_ms: round((i === n - 1 ? hi : (edges[i + 1] ?? 0)) / US_PER_MS),
      count,
    }));
  }
}

/** Every recorded value (bucket) with its count, from the library's recorded-values iterator. */
function* recordedValues(hdr: JsHistogram): Generator<{ value: number; count: number }> {
  const iterator = hdr.recordedValuesIterator;
  iterator.reset();
  // Bounded by the histogram's bucket count (a few thousand at 3 significant digits up to one hour).
  while (iterator.hasNext()) {
    const step = iterator.next();
    yield { value: step.valueIteratedTo, count: step.countAtValueIteratedTo };
  }
}

import { randomBytes } from "node:crypto";

/**
 * W3C Trace Context (traceparent, version 00) for one run: one trace id for the run, a fresh span id per
 * exchange, so an agent's own traces line up with the test run that caused them.
 */
export class RunTrace {
  readonly traceId: string;
  /** Span ids are taken from a pool of random bytes refilled in blocks: a load run opens thousands a second. */
  #pool = Buffer.alloc(0);
  #at = 0;

  constructor(traceId?: string) {
    this.traceId = traceId && VALID_TRACE_ID.test(traceId) ? traceId : nonZeroHex(16);
  }

  /** A new span id: 8 random bytes as 16 lower-case hex digits, never all zero (W3C Trace Context §3.2.2.4). */
  nextSpanId(): string {
    if (this.#at + 8 > this.#pool.length) {
      this.#pool = randomBytes(8 * 256);
      this.#at = 0;
    }
    const id = this.#pool.toString("hex", this.#at, this.#at + 8);
    this.#at += 8;
    return id === ZERO_SPAN ? this.nextSpanId() : id;
  }

  /** The traceparent header value of a span of this trace, sampled. */
  traceparent(spanId: string): string {
    return `00-${this.traceId}-${spanId}-01`;
  }
}

const ZERO_SPAN = "0000000000000000";
const VALID_TRACE_ID = /^(?!0{32})[0-9a-f]{32}$/;

function nonZeroHex(bytes: number): string {
  for (;;) {
    const hex = randomBytes(bytes).toString("hex");
    if (!/^0+$/.test(hex)) return hex;
  }
}

/** Whether a header set already carries a traceparent the caller chose (it then wins over the run's). */
export function hasTraceparent(headers: Record<string, string>): boolean {
  for (const name in headers) if (name.toLowerCase() === "traceparent") return true;
  return false;
}

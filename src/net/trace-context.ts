import { randomBytes } from "node:crypto";

/**
 * W3C Trace Context (traceparent, version 00) for one run: one trace id for the run, a fresh span id per
 * exchange, so an agent's own traces line up with the test run that caused them.
 */
export class RunTrace {
  readonly traceId: string;
  /** Span ids are a random high half and a counter: unique in the trace, and cheap for a load run's thousands a second. */
  readonly #high = nonZeroHex(4);
  #next = 0;
  /** The traceparent prefix, made once: every span of the run shares it. */
  readonly #prefix: string;

  constructor(traceId?: string) {
    this.traceId = traceId && VALID_TRACE_ID.test(traceId) ? traceId : nonZeroHex(16);
    this.#prefix = `00-${this.traceId}-`;
  }

  /** A new span id: 16 lower-case hex digits, never all zero (W3C Trace Context §3.2.2.4: the high half never is). */
  nextSpanId(): string {
    this.#next = (this.#next + 1) >>> 0;
    return this.#high + this.#next.toString(16).padStart(8, "0");
  }

  /** The traceparent header value of a span of this trace, sampled. */
  traceparent(spanId: string): string {
    return `${this.#prefix}${spanId}-01`;
  }
}

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

import type { QuietLimit } from "../net/quiet-timer.js";
import { visible } from "../net/visible.js";
import type { ClientContext } from "./types.js";

/**
 * Names a stream event whose data is not JSON, showing its first data line with invisible bytes
 * escaped: a control byte before the JSON must be seen, not read as "no event".
 */
export function unparsedEvent(n: number, data: string, error: Error): string {
  const line = visible(data.split("\n")[0] ?? "", { max: 60 });
  const reason = /not valid JSON \((.*?)\)(?::|$)/.exec(error.message)?.[1] ?? error.message;
  return `event ${n}: its data line "${line}" is not JSON (${visible(reason)})`;
}

/**
 * How long a stream may stay silent once open: a message stream as the owner says (a conformance run
 * lowers it once it knows how long the agent's work takes); any other, a subscription say, the whole
 * request timeout, as it may watch work of any length.
 */
export function streamQuietLimit(ctx: ClientContext, messageStream: boolean): QuietLimit {
  const owner = ctx.messageStreamQuietMs;
  if (!messageStream || !owner) return ctx.timeoutMs;
  return () => Math.min(ctx.timeoutMs, owner());
}

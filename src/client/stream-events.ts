import { visible } from "../net/visible.js";

/**
 * Names a stream event whose data is not JSON, showing its first data line with invisible bytes
 * escaped: a control byte before the JSON must be seen, not read as "no event".
 */
export function unparsedEvent(n: number, data: string, error: Error): string {
  const line = visible(data.split("\n")[0] ?? "", { max: 60 });
  const reason = /not valid JSON \((.*?)\)(?::|$)/.exec(error.message)?.[1] ?? error.message;
  return `event ${n}: its data line "${line}" is not JSON (${visible(reason)})`;
}

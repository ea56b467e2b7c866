import type { TrafficEntry } from "../../../src/model/traffic.js";

/** Quotes a word for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The entry's request as a curl command (credentials stay redacted, as recorded). */
export function toCurl(entry: TrafficEntry): string {
  const parts = ["curl"];
  if (entry.method !== "GET" || entry.request_body !== undefined) parts.push("-X", entry.method);
  parts.push(shellQuote(entry.url));
  for (const [name, value] of Object.entries(entry.request_headers)) {
    if (name.toLowerCase() === "content-length") continue;
    parts.push("-H", shellQuote(`${name}: ${value}`));
  }
  if (entry.request_body !== undefined) parts.push("--data-raw", shellQuote(entry.request_body));
  if (entry.response_headers?.["content-type"]?.startsWith("text/event-stream")) parts.push("-N");
  return parts.join(" ");
}

import { randomUUID } from "node:crypto";

/**
 * A fresh messageId for each message Plainwright creates (A2A 1.0 §4.1 Message: required and set by its
 * creator; an agent MAY deduplicate sends on it, so it must never repeat). It keeps the UUID form
 * agents are used to: a random UUID drawn once per process, whose last 12 hex digits count up. A
 * random UUID per message cost a load run more than building the rest of the request.
 */
const base = randomUUID().slice(0, 24);
let count = Number.parseInt(randomUUID().slice(24, 32), 16);

/** The id's last three hex digits by value (made on first use), and the nine before them for the current run of 4096 ids. */
let lastThree: string[] | undefined;
let head = -1;
let headText = "";

export function newMessageId(): string {
  count += 1;
  const high = Math.floor(count / 4096);
  if (high !== head) {
    head = high;
    headText = base + high.toString(16).padStart(9, "0");
  }
  lastThree ??= Array.from({ length: 4096 }, (_, i) => i.toString(16).padStart(3, "0"));
  return headText + (lastThree[count % 4096] as string);
}

/**
 * Makes the JSON text of `params` again and again, each time with a fresh message id where `slot` (an id
 * from newMessageId) stands: the text is laid out once and joined around the new id, which is hex digits
 * and dashes and so needs no escaping. Undefined when `slot` does not occur exactly once as a whole JSON
 * string; being a fresh id, it can only occur elsewhere if a caller copied it there.
 */
export function withFreshMessageIds(params: unknown, slot: string): (() => string) | undefined {
  const pieces = JSON.stringify(params).split(`"${slot}"`);
  if (pieces.length !== 2) return undefined;
  const [before, after] = pieces as [string, string];
  return () => `${before}"${newMessageId()}"${after}`;
}

/**
 * The JSON of a request built around a message, ready to be made again with a fresh message id each
 * time (see withFreshMessageIds); undefined when it cannot be, and then each send builds its own.
 */
export function repeatedMessageJson(build: (messageId: string) => unknown): (() => string) | undefined {
  const slot = newMessageId();
  try {
    return withFreshMessageIds(build(slot), slot);
  } catch {
    // What does not serialise fails each send the way a plain send fails.
    return undefined;
  }
}

import { randomUUID } from "node:crypto";

/**
 * A fresh messageId for each message Plainwright creates (A2A 1.0 §4.1 Message: required and set by its
 * creator; an agent MAY deduplicate sends on it, so it must never repeat). It keeps the UUID form
 * agents are used to: a random UUID drawn once per process, whose last 12 hex digits count up. A
 * random UUID per message cost a load run more than building the rest of the request.
 */
const base = randomUUID().slice(0, 24);
let count = Number.parseInt(randomUUID().slice(24, 32), 16);

export function newMessageId(): string {
  count += 1;
  return base + count.toString(16).padStart(12, "0");
}

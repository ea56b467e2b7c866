import type { JsonObject } from "./types.js";

/**
 * Whether a parsed JSON value is an object: not null, not an array. The reference agent keeps its own
 * (it imports nothing of the tester's, src/layers.test.ts).
 */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

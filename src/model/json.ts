/** A JSON object as parsed from the wire: any keys, each value checked by whoever reads it. */
export type JsonObject = Record<string, unknown>;

/** Whether a parsed JSON value is an object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

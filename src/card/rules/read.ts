import { type JsonObject, isObject } from "../../model/json.js";
/** Tolerant readers shared by the card rules: every value is read with the JSON path it came from. */
import type { CardIssue } from "../../model/result.js";

/** Collects errors and warnings in the order the rules find them. */
export class IssueLog {
  readonly errors: CardIssue[] = [];
  readonly warnings: CardIssue[] = [];

  error(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  warn(path: string, message: string): void {
    this.warnings.push({ path, message });
  }
}

/** A field as found in the card: its value (undefined when not stated) and the path it was read from. */
export interface Field {
  value: unknown;
  path: string;
}

/** `skills[0]` + `tags` → `skills[0].tags`; the root is the empty base. */
export function childPath(base: string, key: string): string {
  return base === "" ? key : `${base}.${key}`;
}

/** `defaultInputModes` → `default_input_modes`. */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

// null counts as "not stated": serializers that emit `"iconUrl": null` for unset optionals are common,
// and treating that as a wrong type would drown real findings.
function stated(obj: JsonObject, key: string): boolean {
  return obj[key] !== undefined && obj[key] !== null;
}

/** Reads `key`, falling back to its snake_case spelling with a warning (docs/test-files.md: "read too, with a warning"). */
export function readField(obj: JsonObject, base: string, key: string, log: IssueLog): Field {
  const path = childPath(base, key);
  const snake = snakeCase(key);
  const hasCamel = stated(obj, key);
  if (snake === key || !stated(obj, snake)) return { value: hasCamel ? obj[key] : undefined, path };
  const snakePath = childPath(base, snake);
  if (hasCamel) {
    log.warn(snakePath, `${snakePath}: the spec spells this ${key}; ${path} is also present and wins`);
    return { value: obj[key], path };
  }
  log.warn(snakePath, `${snakePath}: the spec spells this ${key}; read anyway`);
  return { value: obj[snake], path: snakePath };
}

/** The value of `key` in either spelling, without warnings (for detection before the rules run). */
export function peekField(obj: JsonObject, key: string): unknown {
  if (stated(obj, key)) return obj[key];
  const snake = snakeCase(key);
  return stated(obj, snake) ? obj[snake] : undefined;
}

/** True for a string that parses as an absolute http: or https: URL with a host. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** True for a string that parses as an absolute URL of any scheme (a custom binding's wss://, ...). */
export function isAbsoluteUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    return new URL(value).protocol !== "";
  } catch {
    return false;
  }
}

const HOST_PORT = /^[A-Za-z0-9.\-[\]:]+:\d+$/;

/** True for a gRPC target written as `host:port` without a scheme (allowed for 1.0 GRPC interfaces). */
export function isHostPort(value: unknown): value is string {
  return typeof value === "string" && HOST_PORT.test(value);
}

const VERSION = /^\d+\.\d+(\.\d+)?$/;

/** True for a protocol version such as "0.3.0" or "1.0". */
export function looksLikeVersion(value: unknown): value is string {
  return typeof value === "string" && VERSION.test(value);
}

/** True for a string with at least one non-blank character. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/** A short description of a value for messages: `"ftp://x"`, `42`, `a list`, `an object`. */
export function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (isObject(value)) return "an object";
  if (typeof value === "string") {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return JSON.stringify(shown);
  }
  return typeof value === "number" || typeof value === "boolean" ? String(value) : typeof value;
}

/** "`path` is missing; it must be X" or "`path` must be X, got Y". */
export function mustBe(path: string, value: unknown, what: string): string {
  return value === undefined
    ? `${path} is missing; it must be ${what}`
    : `${path} must be ${what}, got ${describe(value)}`;
}

/** Why `value` is not a list of strings, or null when it is one. */
export function stringListProblem(path: string, value: unknown): string | null {
  if (!Array.isArray(value)) return mustBe(path, value, "a list of strings");
  const bad = value.findIndex((item) => typeof item !== "string");
  if (bad === -1) return null;
  return `${path} must be a list of strings, but ${path}[${bad}] is ${describe(value[bad])}`;
}

// A2A 0.3 §5.5 and 1.0 §4.4.1 define the modes as media types (RFC 6838 type/subtype, e.g. "text/plain");
// the spec words no MUST for it, so a bare word such as "text" is a warning.
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9*][a-z0-9!#$&^_.+*-]*(\s*;.*)?$/i;

/** Warns about each entry of a modes list that is not a media type; the first one named with its index. */
export function mediaTypeProblem(path: string, value: unknown): string | null {
  const bad = stringsOf(value).findIndex((item) => !MEDIA_TYPE.test(item.trim()));
  if (bad === -1) return null;
  const item = stringsOf(value)[bad] ?? "";
  return `${path}[${bad}] is ${JSON.stringify(item)}, not a media type (type/subtype, e.g. "text/plain")`;
}

/** The strings of a list, other items dropped; empty for anything that is not a list. */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

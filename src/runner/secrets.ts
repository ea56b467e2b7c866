import { readFile } from "node:fs/promises";
import { secretLengthProblem } from "../net/redact.js";
import { MIN_SECRET_LENGTH } from "../model/limits.js";
import { configError } from "./errors.js";

const placeholder = /\{\{\s*secrets\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** Where `{{secrets.NAME}}` values come from (docs/test-files.md). */
export interface SecretSource {
  /** Values from a --secrets file or the server's store. */
  values: Record<string, string>;
  /** Environment, read as PLAINWRIGHT_SECRET_NAME. */
  env: Record<string, string | undefined>;
  /** Named in error messages so the user knows where to add a missing secret. */
  fileName?: string;
  /** False where PLAINWRIGHT_SECRET_* is not read (the server), so messages do not suggest it. */
  readsEnv?: boolean;
}

/** Reads a --secrets file: a JSON object of strings, or KEY=VALUE lines (# comments allowed). */
export async function readSecretsFile(path: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (cause) {
    throw configError(`--secrets ${path}: cannot read (${(cause as Error).message})`);
  }
  if (text.trimStart().startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (cause) {
      throw configError(`--secrets ${path}: not valid JSON (${(cause as Error).message})`);
    }
    const entries = Object.entries(parsed as Record<string, unknown>);
    const bad = entries.find(([, v]) => typeof v !== "string");
    if (bad) throw configError(`--secrets ${path}: the value of ${bad[0]} must be a string`);
    return Object.fromEntries(entries) as Record<string, string>;
  }
  const values: Record<string, string> = {};
  text.split(/\r?\n/).forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const eq = trimmed.indexOf("=");
    if (eq <= 0) throw configError(`--secrets ${path}: line ${i + 1} is not KEY=VALUE`);
    values[trimmed.slice(0, eq).trim()] = trimmed
      .slice(eq + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, "$2");
  });
  return values;
}

/** How to supply a missing secret, naming only the places this source reads. */
function howToSet(name: string, source: SecretSource): string {
  if (source.readsEnv === false) return `add ${name} to ${source.fileName ?? "the secrets"}`;
  const where = source.fileName
    ? ` or add ${name} to ${source.fileName}`
    : " or pass a --secrets file that defines it";
  return `set PLAINWRIGHT_SECRET_${name}${where}`;
}

function lookup(name: string, source: SecretSource): string {
  const value = source.values[name] ?? source.env[`PLAINWRIGHT_SECRET_${name}`];
  if (value === undefined || value === "")
    throw configError(`secret ${name} is not set: ${howToSet(name, source)}`, `secrets.${name}`);
  return value;
}

/**
 * The warning for a secret too short to redact from text (docs/test-files.md, "Secrets"): it names the
 * secret, never its value; the run goes on, and headers that carry credentials are still redacted by name.
 */
export function shortSecretWarning(name: string): string {
  return `secret ${name} is shorter than ${MIN_SECRET_LENGTH} characters, too short to redact from text reliably: headers that carry credentials are still redacted by name, but its value may appear elsewhere in the output`;
}

/** Whether a secret's value is too short to be redacted from text reliably. */
export function tooShortToRedact(value: string): boolean {
  return secretLengthProblem("", value) !== undefined;
}

/** Why each secret a value names cannot be resolved from `source` (a missing one), with the field that names it. */
export function missingSecrets(
  value: unknown,
  source: SecretSource,
): Array<{ field: string; problem: string }> {
  const found: Array<{ field: string; problem: string }> = [];
  const walk = (v: unknown, field: string): void => {
    if (typeof v === "string") {
      for (const m of v.matchAll(placeholder))
        try {
          lookup(m[1]!, source);
        } catch (error) {
          found.push({ field, problem: (error as Error).message });
        }
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${field}[${i}]`));
    else if (typeof v === "object" && v !== null)
      for (const [k, x] of Object.entries(v)) walk(x, field ? `${field}.${k}` : k);
  };
  walk(value, "");
  return found;
}

/**
 * Replaces every `{{secrets.NAME}}` in every string of a value, returning the resolved copy, the secret
 * values used (which the caller must redact from all output), and each value's name, for warnings.
 */
export function resolveSecrets<T>(
  value: T,
  source: SecretSource,
): { value: T; used: string[]; names: Map<string, string> } {
  const names = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      return v.replace(placeholder, (_m, name: string) => {
        const secret = lookup(name, source);
        names.set(secret, name);
        return secret;
      });
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const resolved = walk(value) as T;
  return { value: resolved, used: [...names.keys()], names };
}

import { readFile } from "node:fs/promises";
import { secretLengthProblem } from "../net/redact.js";
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
  const short = secretLengthProblem(name, value);
  if (short) throw configError(short, `secrets.${name}`);
  return value;
}

/**
 * Replaces every `{{secrets.NAME}}` in every string of a value, returning the resolved copy and the
 * secret values used, which the caller must redact from all output.
 */
export function resolveSecrets<T>(value: T, source: SecretSource): { value: T; used: string[] } {
  const used = new Set<string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      return v.replace(placeholder, (_m, name: string) => {
        const secret = lookup(name, source);
        used.add(secret);
        return secret;
      });
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return { value: walk(value) as T, used: [...used] };
}

import {
  applyCredentials,
  parseApiKey,
  parseBasic,
  type AppliedCredentials,
  type Credential,
} from "../client/auth.js";
import { modelSpecProblem } from "../llm/model-config.js";
import type { ModelFlags } from "../llm/model-config.js";
import { protocolGenerations, type ProtocolGeneration } from "../model/generation.js";
import { commandLinePolicy, type OutboundPolicy } from "../net/outbound-policy.js";
import { parseTransport } from "../model/transport.js";
import { parseEndpointOverride } from "../runner/endpoint-override.js";
import { usageError } from "../runner/errors.js";
import { readSecretsFile, type SecretSource } from "../runner/secrets.js";
import { timeoutBounds } from "../runner/timeout-bounds.js";

/** The common options, as commander hands them over. */
export interface CommonFlags {
  header?: string[];
  timeout?: string;
  /** --endpoint URL[@binding]. */
  endpoint?: string;
  strictCard?: boolean;
  json?: boolean;
  secrets?: string;
  allowPrivate?: boolean;
  denyPrivate?: boolean;
  allowHost?: string[];
  report?: string;
  outDir?: string;
  /** --keep-reports N: run folders kept in --out-dir (0: all). */
  keepReports?: string;
  color?: boolean;
  /** --progress auto|tty|plain|none. */
  progress?: string;
  /** --otel-endpoint URL: an OTLP/HTTP collector for the run's spans. */
  otelEndpoint?: string;
  /** --baseline FILE|last: an earlier result to compare with. */
  baseline?: string;
  /** --fail-on new|any. */
  failOn?: string;
  /** --record DIR, --replay DIR, --no-cache. */
  record?: string;
  replay?: string;
  cache?: boolean;
}

/** Parses `Name: value` header flags; a flag without a colon or name is a usage error. */
export function parseHeaders(flags: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const flag of flags) {
    const colon = flag.indexOf(":");
    const name = colon > 0 ? flag.slice(0, colon).trim() : "";
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw usageError(`--header ${JSON.stringify(flag)}: expected 'Name: value' with a valid header name`);
    }
    headers[name] = flag.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * `--identity 'NAME=Header: value'` (repeatable; the same name again adds a header to that identity): other
 * callers, for redteam's cross-context pack and conform's task-scope checks.
 */
export function parseIdentities(
  flags: readonly string[] = [],
): Array<{ name: string; headers: Record<string, string> }> {
  const byName = new Map<string, Record<string, string>>();
  for (const flag of flags) {
    const eq = flag.indexOf("=");
    const name = eq > 0 ? flag.slice(0, eq).trim() : "";
    if (!/^[\w.-]+$/.test(name))
      throw usageError(`--identity ${JSON.stringify(flag)}: expected 'NAME=Header: value'`);
    const headers = parseHeaders([flag.slice(eq + 1)]);
    byName.set(name, { ...byName.get(name), ...headers });
  }
  return [...byName].map(([name, headers]) => ({ name, headers }));
}

/** Checks --endpoint URL[@binding] (kept as text: test configs carry it so) and --transport. */
export function connectionFlags(flags: { endpoint?: string; transport?: string }): {
  endpoint?: string;
  transport?: "jsonrpc" | "rest" | "grpc";
} {
  const out: { endpoint?: string; transport?: "jsonrpc" | "rest" | "grpc" } = {};
  if (flags.endpoint !== undefined) {
    const parsed = parseEndpointOverride(flags.endpoint);
    if (typeof parsed === "string") throw usageError(`--endpoint: ${parsed}`);
    out.endpoint = flags.endpoint;
  }
  if (flags.transport !== undefined) {
    const name = flags.transport.toLowerCase();
    if (!parseTransport(name))
      throw usageError(`--transport ${flags.transport}: expected jsonrpc, rest or grpc`);
    out.transport = name as "jsonrpc" | "rest" | "grpc";
  }
  return out;
}

/** --bail [n]: stop after n failures; the flag alone means 1. */
export function parseBail(raw: string | boolean | undefined): number | undefined {
  if (raw === undefined || raw === false) return undefined;
  if (raw === true) return 1;
  const n = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || n < 1)
    throw usageError(`--bail ${raw}: must be a whole number of failures, 1 or more`);
  return n;
}

/** Parses --timeout SECONDS (an integer from 1 to 300; default 60). */
export function parseTimeout(raw: string | undefined): number {
  if (raw === undefined) return timeoutBounds.default;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < timeoutBounds.min || value > timeoutBounds.max) {
    throw usageError(
      `--timeout ${raw}: must be a whole number of seconds from ${timeoutBounds.min} to ${timeoutBounds.max}`,
    );
  }
  return value;
}

/** Parses an agent URL argument: it must be an absolute http(s) URL. */
export function parseAgentUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`agent URL ${JSON.stringify(raw)} is not a URL; give one such as http://localhost:9999`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw usageError(
      `agent URL ${raw}: only http and https are allowed, got ${url.protocol.replace(/:$/, "")}`,
    );
  }
  return raw;
}

/** The outbound policy for a command-line run: loopback and private allowed unless --deny-private. */
export function policyFrom(flags: CommonFlags): OutboundPolicy {
  if (flags.denyPrivate === true && flags.allowPrivate === true)
    throw usageError("--allow-private and --deny-private contradict each other; give one");
  const deny = flags.denyPrivate === true && flags.allowPrivate !== true;
  return {
    ...commandLinePolicy,
    allowLoopback: !deny,
    allowPrivate: !deny,
    allowHosts: flags.allowHost ?? [],
  };
}

/** Where `{{secrets.NAME}}` comes from on the command line: --secrets file, then PLAINWRIGHT_SECRET_NAME. */
export async function secretSourceFrom(flags: CommonFlags, env: NodeJS.ProcessEnv): Promise<SecretSource> {
  const values = flags.secrets ? await readSecretsFile(flags.secrets) : {};
  return { values, env, ...(flags.secrets ? { fileName: flags.secrets } : {}) };
}

/** --report FORMATS: console is always available; each other name must be a registered reporter. */
export function parseReportFormats(raw: string | undefined, known: readonly string[]): string[] {
  if (!raw) return [];
  const names = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0)
    throw usageError(`--report ${raw}: unknown format ${unknown.join(", ")}; available: ${known.join(", ")}`);
  return names;
}

/** Credential flags, the same on every command that reaches an agent (option-sets.ts withAuthOptions). */
export interface AuthFlags {
  bearer?: string;
  basic?: string;
  apiKey?: string[];
  apiKeyIn?: string;
}

/** Reads --bearer, --basic USER:PASSWORD and --api-key NAME=VALUE (repeatable; --api-key-in header|query). */
export function credentialsFrom(flags: AuthFlags): Credential[] {
  const credentials: Credential[] = [];
  if (flags.bearer) credentials.push({ kind: "bearer", token: flags.bearer });
  if (flags.basic) {
    const basic = parseBasic(flags.basic);
    if (!basic) throw usageError("--basic: expected USER:PASSWORD");
    credentials.push(basic);
  }
  const where = flags.apiKeyIn ?? "header";
  if (where !== "header" && where !== "query")
    throw usageError(`--api-key-in ${where}: expected header or query`);
  for (const raw of flags.apiKey ?? []) {
    const key = parseApiKey(raw, where);
    if (!key) throw usageError(`--api-key ${JSON.stringify(raw)}: expected NAME=VALUE`);
    credentials.push(key);
  }
  return credentials;
}

/** The model choices among a command's flags (--model, --user-model, --judge-model). */
export function modelFlagsFrom(flags: ModelFlags): ModelFlags {
  for (const [flag, spec] of [
    ["--model", flags.model],
    ["--user-model", flags.userModel],
    ["--judge-model", flags.judgeModel],
  ] as const) {
    const problem = spec === undefined ? undefined : modelSpecProblem(spec);
    if (problem) throw usageError(`${flag}: ${problem}`);
  }
  return {
    ...(flags.model ? { model: flags.model } : {}),
    ...(flags.userModel ? { userModel: flags.userModel } : {}),
    ...(flags.judgeModel ? { judgeModel: flags.judgeModel } : {}),
  };
}

/** `--protocol 0.1|0.2|0.3|1.0`: talk this generation whatever the card says. */
export function parseProtocol(raw: string | undefined): ProtocolGeneration | undefined {
  if (raw === undefined) return undefined;
  const found = protocolGenerations.find((g) => g === raw);
  if (!found) throw usageError(`--protocol ${raw}: expected ${protocolGenerations.join(", ")}`);
  return found;
}

/** The headers, query parameters and values to redact that -H and the credential flags add up to. */
export function requestAuth(flags: CommonFlags & AuthFlags): AppliedCredentials {
  const headers = parseHeaders(flags.header);
  const applied = applyCredentials(credentialsFrom(flags));
  for (const name of Object.keys(applied.headers)) {
    const clash = Object.keys(headers).find((h) => h.toLowerCase() === name.toLowerCase());
    if (clash)
      throw usageError(
        `-H '${clash}: …' and ${name === "Authorization" ? "--bearer/--basic" : "--api-key"} both set ${name}; give one`,
      );
  }
  if (flags.bearer !== undefined && flags.basic !== undefined)
    throw usageError("--bearer and --basic both set Authorization; give one");
  return { headers: { ...headers, ...applied.headers }, query: applied.query, secrets: applied.secrets };
}

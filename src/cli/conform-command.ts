import { applyCredentials } from "../client/auth.js";
import { catalogue } from "../checks/index.js";
import { checkCategories, checkLevels } from "../checks/types.js";
import type { ProtocolGeneration } from "../protocol/generation.js";
import type { Transport } from "../protocol/transport.js";
import { usageError } from "../runner/errors.js";
import { runConformance } from "../runner/run-conformance.js";
import { resolveSecrets } from "../runner/secrets.js";
import { parseEndpointOverride, type EndpointOverride } from "../runner/endpoint-override.js";
import {
  connectionFlags,
  credentialsFrom,
  parseAgentUrl,
  parseHeaders,
  parseTimeout,
  policyFrom,
  secretSourceFrom,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";

export interface ConformFlags extends CommonFlags, AuthFlags {
  peer?: string;
  transport?: string;
  category?: string;
  level?: string;
  hint?: string[];
  protocol?: string;
  list?: boolean;
  concurrency?: string;
}

const transportNames: Record<string, Transport> = {
  jsonrpc: "JSONRPC",
  rest: "HTTP+JSON",
  "http+json": "HTTP+JSON",
  grpc: "GRPC",
};

function parseList<T extends string>(
  raw: string | undefined,
  flag: string,
  map: (word: string) => T | undefined,
  allowed: string,
): T[] | undefined {
  if (!raw) return undefined;
  return raw.split(",").map((word) => {
    const value = map(word.trim());
    if (!value) throw usageError(`${flag} ${raw}: unknown value "${word.trim()}"; expected ${allowed}`);
    return value;
  });
}

/** `--hint key="message"`, repeatable: messages that make the agent ask back or keep working. */
export function parseHints(raw: readonly string[] = []): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const item of raw) {
    const eq = item.indexOf("=");
    const key = eq > 0 ? item.slice(0, eq).trim() : "";
    if (key !== "input-required" && key !== "slow")
      throw usageError(`--hint ${item}: expected input-required="..." or slow="..."`);
    hints[key] = item.slice(eq + 1).replace(/^(["'])(.*)\1$/, "$2");
  }
  return hints;
}

/** --endpoint as the runner wants it (checked as a usage error first). */
function endpointOverrideFrom(flags: ConformFlags): { endpointOverride?: EndpointOverride } {
  const { endpoint } = connectionFlags({
    ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}),
  });
  const parsed = endpoint ? parseEndpointOverride(endpoint) : undefined;
  return parsed && typeof parsed !== "string" ? { endpointOverride: parsed } : {};
}

/** `conform --list`: the catalogue, one check a line. */
export function renderCatalogue(): string {
  const rows = catalogue.map(
    (c) =>
      `${c.id.padEnd(44)} ${c.level.padEnd(6)} ${c.category.padEnd(18)} ${c.title}${c.tck ? ` [${c.tck}]` : ""}`,
  );
  return `${catalogue.length} checks (id, level, category, title [TCK id]):\n${rows.join("\n")}\n`;
}

/** `conform <url>`: the conformance suite on every advertised binding. */
export async function runConformCommand(rawUrl: string | undefined, flags: ConformFlags): Promise<number> {
  if (flags.list) {
    process.stdout.write(renderCatalogue());
    return 0;
  }
  if (!rawUrl) throw usageError("conform needs an agent URL (or --list)");
  const agentUrl = parseAgentUrl(rawUrl);
  const credentials = credentialsFrom(flags);
  const applied = applyCredentials(credentials);
  const { value: headers, used } = resolveSecrets(
    { ...parseHeaders(flags.header), ...applied.headers },
    await secretSourceFrom(flags, process.env),
  );
  const protocol = flags.protocol as ProtocolGeneration | undefined;
  if (protocol && !["0.1", "0.2", "0.3", "1.0"].includes(protocol))
    throw usageError(`--protocol ${protocol}: expected 0.1, 0.2, 0.3 or 1.0`);
  const concurrency = flags.concurrency ? Number(flags.concurrency) : undefined;
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32))
    throw usageError(`--concurrency ${flags.concurrency}: a whole number from 1 to 32`);
  const quiet = flags.json === true;
  const result = await runConformance({
    agentUrl,
    headers,
    query: applied.query,
    credentialsGiven: credentials.length > 0 || Object.keys(headers).some((h) => /auth|key|token/i.test(h)),
    timeoutMs: parseTimeout(flags.timeout) * 1000,
    policy: policyFrom(flags),
    secrets: [...used, ...applied.secrets],
    ...(flags.transport
      ? {
          transports: parseList(
            flags.transport,
            "--transport",
            (w) => transportNames[w.toLowerCase()],
            "jsonrpc, rest, grpc",
          ),
        }
      : {}),
    ...(flags.category
      ? {
          categories: parseList(
            flags.category,
            "--category",
            (w) => checkCategories.find((c) => c === w || c.startsWith(w)),
            checkCategories.join(", "),
          ),
        }
      : {}),
    ...(flags.level
      ? {
          levels: parseList(
            flags.level,
            "--level",
            (w) => checkLevels.find((l) => l === w.toUpperCase()),
            "must, should, may",
          ),
        }
      : {}),
    ...(flags.peer ? { peerUrl: parseAgentUrl(flags.peer) } : {}),
    hints: parseHints(flags.hint),
    ...endpointOverrideFrom(flags),
    ...(protocol ? { protocolOverride: protocol } : {}),
    ...(concurrency ? { concurrency } : {}),
    onProgress: (line) => !quiet && process.stderr.write(`${line}\n`),
    onFinding: (f) =>
      !quiet &&
      process.stderr.write(
        `  ${f.status === "pass" ? "✓" : f.status === "skip" ? "-" : "✗"} ${f.id}${f.transport ? ` [${f.transport}]` : ""}\n`,
      ),
  });
  await emitResults([result], flags);
  return exitCodeFor([result]);
}

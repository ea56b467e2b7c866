import { catalogue } from "../checks/index.js";
import { renderCoverageText } from "../checks/coverage.js";
import {
  checkCategories,
  checkLevels,
  parseCategory,
  type CheckCategory,
  type CheckLevel,
} from "../checks/types.js";
import { parseTransport, type Transport } from "../model/transport.js";
import { usageError } from "../runner/errors.js";
import { runConformance } from "../runner/run-conformance.js";
import { resolveSecrets } from "../runner/secrets.js";
import { parseEndpointOverride, type EndpointOverride } from "../runner/endpoint-override.js";
import { timeoutBounds } from "../runner/timeout-bounds.js";
import {
  connectionFlags,
  parseAgentUrl,
  parseIdentities,
  parseProtocol,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";
import { readCardKeys } from "./card-keys.js";
import { describeGrep, nameFilter, type GrepFlags } from "./name-filter.js";
import { prepareRun, withProgress } from "./prepare.js";
import { emitResults, exitCodeFor } from "./output.js";

export interface ConformFlags extends CommonFlags, AuthFlags, GrepFlags {
  peer?: string;
  /** Other callers, 'NAME=Header: value' (repeatable): the task-scope checks call as the first. */
  identity?: string[];
  transport?: string;
  category?: string;
  level?: string;
  hint?: string[];
  protocol?: string;
  list?: boolean;
  coverage?: boolean;
  concurrency?: string;
  cardKey?: string[];
}

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

/** The values an identity's headers carry, token alone too ("Bearer T"): kept out of every output. */
function credentialsOf(identities: ReadonlyArray<{ headers: Record<string, string> }>): string[] {
  return identities.flatMap((identity) =>
    Object.values(identity.headers).flatMap((value) => {
      const token = /^\s*\S+\s+(\S+)\s*$/.exec(value)?.[1];
      return token ? [value, token] : [value];
    }),
  );
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
      `${c.id.padEnd(44)} ${c.level.padEnd(6)} ${c.category.padEnd(18)} ${c.title}${c.tck?.length ? ` [${c.tck.join(", ")}]` : ""}`,
  );
  return `${catalogue.length} checks (id, level, category, title [TCK id]):\n${rows.join("\n")}\n`;
}

/** `conform <url>`: the conformance suite on every advertised binding. */
export async function runConformCommand(rawUrl: string | undefined, flags: ConformFlags): Promise<number> {
  if (flags.list) {
    process.stdout.write(renderCatalogue());
    return 0;
  }
  if (flags.coverage) {
    process.stdout.write(renderCoverageText(catalogue));
    return 0;
  }
  if (!rawUrl) throw usageError("conform needs an agent URL (or --list)");
  const agentUrl = parseAgentUrl(rawUrl);
  const prepared = await prepareRun(flags);
  const { value: headers, used } = resolveSecrets(prepared.auth.headers, prepared.secrets);
  const others = resolveSecrets(parseIdentities(flags.identity), prepared.secrets);
  const protocol = parseProtocol(flags.protocol);
  const concurrency = flags.concurrency ? Number(flags.concurrency) : undefined;
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32))
    throw usageError(`--concurrency ${flags.concurrency}: a whole number from 1 to 32`);
  const options = {
    agentUrl,
    headers,
    query: prepared.auth.query,
    credentialsGiven:
      prepared.auth.secrets.length > 0 || Object.keys(headers).some((h) => /auth|key|token/i.test(h)),
    timeoutMs: (prepared.timeoutS ?? timeoutBounds.default) * 1000,
    policy: prepared.policy,
    secrets: [...used, ...others.used, ...prepared.auth.secrets, ...credentialsOf(others.value)],
    ...selectionFrom(flags),
    ...checksMatching(flags),
    ...(flags.peer ? { peerUrl: parseAgentUrl(flags.peer) } : {}),
    ...(others.value.length > 0 ? { identities: others.value } : {}),
    hints: parseHints(flags.hint),
    ...(flags.cardKey?.length ? { cardKeys: readCardKeys(flags.cardKey) } : {}),
    ...endpointOverrideFrom(flags),
    ...(protocol ? { protocolOverride: protocol } : {}),
    ...(concurrency ? { concurrency } : {}),
  };
  const result = await withProgress(prepared.output, (onEvent, signal) =>
    runConformance({ ...options, onEvent, signal }),
  );
  await emitResults([result], prepared.output);
  return exitCodeFor([result]);
}

/** --grep and --grep-invert: the checks whose id or title match (none given: the whole catalogue). */
function checksMatching(flags: ConformFlags): { catalogue?: typeof catalogue } {
  const keep = nameFilter(flags);
  if (!keep) return {};
  const chosen = catalogue.filter((c) => keep(`${c.id} ${c.title}`));
  if (chosen.length === 0)
    throw usageError(`${describeGrep(flags)}: no check's id or title matches (see conform --list)`);
  return { catalogue: chosen };
}

/** --transport, --category and --level: which bindings and checks run. */
function selectionFrom(flags: ConformFlags): {
  transports?: Transport[];
  categories?: CheckCategory[];
  levels?: CheckLevel[];
} {
  const transports = parseList(flags.transport, "--transport", parseTransport, "jsonrpc, rest, grpc");
  const categories = parseList(
    flags.category,
    "--category",
    (w) => parseCategory(w, true),
    checkCategories.join(", "),
  );
  const levels = parseList(
    flags.level,
    "--level",
    (w) => checkLevels.find((l) => l === w.toUpperCase()),
    "must, should, may",
  );
  return {
    ...(transports ? { transports } : {}),
    ...(categories ? { categories } : {}),
    ...(levels ? { levels } : {}),
  };
}

import { catalogue } from "../checks/index.js";
import { renderCoverageText } from "../checks/coverage.js";
import { checkCategories, type CheckCategory } from "../model/finding.js";
import { checkLevels, parseCategory, type CheckDefinition, type CheckLevel } from "../checks/types.js";
import { parseTransport, transportFlagOf, type TransportFlag } from "../model/transport.js";
import { usageError } from "../runner/errors.js";
import { conformanceOptions } from "../runner/kinds/options.js";
import { checksMatching, type CheckGrep } from "../runner/check-selection.js";
import { credentialsIn } from "../runner/credential-headers.js";
import {
  connectionFlags,
  parseAgentUrl,
  parseBail,
  parseIdentities,
  parseProtocol,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";
import { readCardKeys } from "./card-keys.js";
import { describeGrep, nameFilter, type GrepFlags } from "./name-filter.js";
import { runFlagTest } from "./flag-test.js";
import { numberFlag } from "./number-flag.js";
import { prepareRun } from "./prepare.js";

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
  bail?: string | boolean;
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
    if (key !== "input-required" && key !== "slow" && key !== "message")
      throw usageError(`--hint ${item}: expected input-required="...", slow="..." or message="..."`);
    hints[key] = item.slice(eq + 1).replace(/^(["'])(.*)\1$/, "$2");
  }
  return hints;
}

/** `conform --list`: the checks the same flags would run (all of the catalogue by default), one a line. */
export function renderCatalogue(checks: readonly CheckDefinition[] = catalogue): string {
  const rows = checks.map(
    (c) =>
      `${c.id.padEnd(44)} ${c.level.padEnd(6)} ${c.category.padEnd(18)} ${c.title}${c.tck?.length ? ` [${c.tck.join(", ")}]` : ""}`,
  );
  const count =
    checks.length === catalogue.length ? `${checks.length}` : `${checks.length} of ${catalogue.length}`;
  return `${count} checks (id, level, category, title [TCK id]):\n${rows.join("\n")}\n`;
}

/** The checks --grep, --grep-invert, --category and --level select, as a run with them would. */
function selectedChecks(flags: ConformFlags): CheckDefinition[] {
  const { categories, levels } = selectionFrom(flags);
  return checksMatching(catalogue, grepOf(flags)).filter(
    (c) => (!categories || categories.includes(c.category)) && (!levels || levels.includes(c.level)),
  );
}

/** `conform <url>`: the conformance test a file would hold, built from flags, on every advertised binding. */
export async function runConformCommand(rawUrl: string | undefined, flags: ConformFlags): Promise<number> {
  if (flags.list) {
    process.stdout.write(renderCatalogue(selectedChecks(flags)));
    return 0;
  }
  if (flags.coverage) {
    process.stdout.write(renderCoverageText(catalogue));
    return 0;
  }
  if (!rawUrl) throw usageError("conform needs an agent URL (or --list)");
  const agentUrl = parseAgentUrl(rawUrl);
  const prepared = await prepareRun(flags);
  const identities = parseIdentities(flags.identity);
  const protocol = parseProtocol(flags.protocol);
  const concurrency = numberFlag("--concurrency", flags.concurrency, conformanceOptions.shape.concurrency);
  const hints = parseHints(flags.hint);
  const bail = parseBail(flags.bail);
  const config = {
    agent_url: agentUrl,
    headers: prepared.auth.headers,
    ...(prepared.timeoutS !== undefined ? { timeout_s: prepared.timeoutS } : {}),
    ...connectionFlags({ ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}) }),
    ...selectionFrom(flags),
    ...(flags.peer ? { peer_url: parseAgentUrl(flags.peer) } : {}),
    ...(identities.length > 0 ? { identities } : {}),
    ...(Object.keys(hints).length > 0 ? { hints } : {}),
    ...grepOf(flags),
    ...(concurrency ? { concurrency } : {}),
    ...(protocol ? { protocol } : {}),
  };
  return runFlagTest("conformance", config, prepared, {
    query: prepared.auth.query,
    credentialsGiven: prepared.auth.secrets.length > 0 || credentialsIn(prepared.auth.headers),
    ...(flags.cardKey?.length ? { cardKeys: readCardKeys(flags.cardKey) } : {}),
    ...(bail ? { bail } : {}),
  });
}

/** --grep and --grep-invert as the test's grep keys; a selection that leaves no check is a usage error. */
function grepOf(flags: ConformFlags): CheckGrep {
  nameFilter(flags); // a pattern that is no regular expression is a usage error naming its flag
  const select: CheckGrep = {
    ...(flags.grep !== undefined ? { grep: flags.grep } : {}),
    ...(flags.grepInvert !== undefined ? { grep_invert: flags.grepInvert } : {}),
  };
  if (checksMatching(catalogue, select).length === 0)
    throw usageError(`${describeGrep(flags)}: no check's id or title matches (see conform --list)`);
  return select;
}

/** --transport, --category and --level: which bindings and checks run. */
function selectionFrom(flags: ConformFlags): {
  transports?: TransportFlag[];
  categories?: CheckCategory[];
  levels?: CheckLevel[];
} {
  const transports = parseList(
    flags.transport,
    "--transport",
    (w) => {
      const binding = parseTransport(w);
      return binding ? transportFlagOf(binding) : undefined;
    },
    "jsonrpc, rest, grpc",
  );
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

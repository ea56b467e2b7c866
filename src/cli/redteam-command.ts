import { redteamPacks, owaspTitles, type RedteamPackId } from "../model/redteam.js";
import { allAttacks } from "../redteam/packs/index.js";
import { usageError } from "../runner/errors.js";
import { redteamOptions } from "../runner/kinds/options.js";
import type { A2ATestConfig } from "../runner/test-definition.js";
import {
  connectionFlags,
  modelFlagsFrom,
  parseAgentUrl,
  parseHeaders,
  parseIdentities,
  parseTimeout,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";
import type { ModelFlags } from "../llm/model-config.js";
import { runFlagTest } from "./flag-test.js";
import { numberFlag } from "./number-flag.js";
import { prepareRun } from "./prepare.js";

/** `redteam` flags. */
export interface RedteamFlags extends CommonFlags, AuthFlags, ModelFlags {
  packs?: string;
  attempts?: string;
  identity?: string[];
  canary?: string[];
  list?: boolean;
  transport?: string;
  peer?: string;
}

/** The attack catalogue as a table: id, pack, what it tries, how it is judged, OWASP id. */
export function renderAttackList(): string {
  const attacks = allAttacks();
  const width = Math.max(...attacks.map((a) => a.id.length));
  const lines = attacks.map(
    (a) =>
      `  ${a.id.padEnd(width)}  pack ${a.pack} · ${a.owasp} ${owaspTitles[a.owasp] ?? ""}${a.twin ? " (harmless twin)" : ""}${a.needs?.model ? " [needs a model]" : ""}${a.needs?.peer ? " [needs --peer]" : ""}\n` +
      `  ${" ".repeat(width)}  tries: ${a.title}\n  ${" ".repeat(width)}  judged by: ${a.judgedBy}`,
  );
  return `Attacks for 'plainwright redteam' (${attacks.length} in ${redteamPacks.length} packs: ${redteamPacks.join(", ")}):\n${lines.join("\n")}\n`;
}

function parsePacks(raw: string | undefined): RedteamPackId[] | undefined {
  if (raw === undefined) return undefined;
  const names = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names)
    if (!(redteamPacks as readonly string[]).includes(name))
      throw usageError(`--packs ${raw}: unknown pack "${name}"; the packs are ${redteamPacks.join(", ")}`);
  if (names.length === 0) throw usageError("--packs: list at least one pack");
  return names as RedteamPackId[];
}

/**
 * The red-team test the flags describe; `headers` are the first identity's (-H and the credential
 * flags, as every command reads them).
 */
export function redteamConfig(
  rawUrl: string,
  flags: RedteamFlags,
  headers: Record<string, string> = parseHeaders(flags.header),
): A2ATestConfig {
  const packs = parsePacks(flags.packs);
  const attempts = numberFlag("--attempts", flags.attempts, redteamOptions.shape.attempts);
  const identities = parseIdentities(flags.identity);
  return {
    agent_url: parseAgentUrl(rawUrl),
    headers,
    strict_card: false,
    timeout_s: parseTimeout(flags.timeout),
    ...connectionFlags(flags),
    ...(packs ? { packs } : {}),
    ...(attempts ? { attempts } : {}),
    ...(identities.length > 0 ? { identities } : {}),
    ...(flags.canary?.length ? { canaries: flags.canary } : {}),
    ...(flags.peer ? { peer_url: parseAgentUrl(flags.peer) } : {}),
  };
}

/** `redteam <url>`: the seven packs (or --packs) against one agent; `--list` prints the attacks. */
export async function runRedteamCommand(rawUrl: string | undefined, flags: RedteamFlags): Promise<number> {
  if (flags.list) {
    process.stdout.write(renderAttackList());
    return 0;
  }
  if (rawUrl === undefined) throw usageError("redteam needs the agent's URL (or --list)");
  // Every option is checked before the first request.
  const prepared = await prepareRun(flags);
  const config = redteamConfig(rawUrl, flags, prepared.auth.headers);
  const models = modelFlagsFrom(flags);
  return runFlagTest("redteam", config, prepared, { models });
}

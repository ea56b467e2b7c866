import { usageError } from "../runner/errors.js";
import { resolveSecrets } from "../runner/secrets.js";
import { connectionFlags, parseAgentUrl, type AuthFlags, type CommonFlags } from "./options.js";
import { runFlagTest } from "./flag-test.js";
import { prepareRun } from "./prepare.js";

/** `card <url>` and `smoke <url>`: the test a file of kind "card" or "smoke" would hold, built from flags. */
export async function runUrlCommand(
  mode: "card" | "smoke",
  rawUrl: string,
  flags: CommonFlags & AuthFlags & { message?: string; transport?: string; cardKey?: string[] },
): Promise<number> {
  const prepared = await prepareRun(flags);
  // Only a --card-key needs the key reader (and its schema library).
  const cardKeys = flags.cardKey?.length ? (await import("./card-keys.js")).readCardKeys(flags.cardKey) : [];
  if (flags.message !== undefined && flags.message.trim() === "")
    throw usageError("--message: must not be empty (leave it out for the default greeting)");
  parseAgentUrl(resolveSecrets(rawUrl, prepared.secrets).value);
  const config = {
    agent_url: rawUrl,
    ...connectionFlags(flags),
    headers: prepared.auth.headers,
    strict_card: flags.strictCard !== false,
    ...(prepared.timeoutS !== undefined ? { timeout_s: prepared.timeoutS } : {}),
    ...(flags.message !== undefined ? { smoke_message: flags.message } : {}),
  };
  return runFlagTest(mode, config, prepared, cardKeys.length > 0 ? { cardKeys } : {});
}

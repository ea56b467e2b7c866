import type { A2ATestConfig } from "../runner/test-definition.js";
import { runA2ATest } from "../runner/run-a2a-test.js";
import { usageError } from "../runner/errors.js";
import { resolveSecrets } from "../runner/secrets.js";
import { timeoutBounds } from "../runner/timeout-bounds.js";
import { connectionFlags, parseAgentUrl, type AuthFlags, type CommonFlags } from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";
import { prepareRun, withProgress } from "./prepare.js";

// Apart from the test-file commands: `card` and `smoke` load neither the test-file schema nor the run kinds.

/** `card <url>` and `smoke <url>`: one ad-hoc test built from flags. */
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
  const raw: A2ATestConfig = {
    agent_url: rawUrl,
    ...connectionFlags(flags),
    headers: prepared.auth.headers,
    strict_card: flags.strictCard !== false,
    timeout_s: prepared.timeoutS ?? timeoutBounds.default,
    ...(flags.message !== undefined ? { smoke_message: flags.message } : {}),
  };
  const { value: config, used } = resolveSecrets(raw, prepared.secrets);
  parseAgentUrl(config.agent_url);
  const result = await withProgress(prepared.output, (onEvent, signal) =>
    runA2ATest({
      signal,
      config,
      mode,
      policy: prepared.policy,
      secrets: [...used, ...prepared.auth.secrets],
      ...(cardKeys.length > 0 ? { cardKeys } : {}),
      onEvent,
    }),
  );
  await emitResults([result], prepared.output);
  return exitCodeFor([result]);
}

import { homedir } from "node:os";
import { join } from "node:path";
import type { LanguageModelClient } from "../llm/types.js";
import type { RunResult } from "../model/result.js";
import { usageError } from "../runner/errors.js";
import { runTestDefinition, type TestRunOptions } from "../runner/run-test.js";
import type { LoadedTest } from "../runner/test-definition.js";

/** --record DIR, --replay DIR and the model cache (on unless --no-cache or PLAINWRIGHT_NO_CACHE). */
export interface CassetteSettings {
  record?: string;
  replay?: string;
  /** The folder model calls are cached in between runs; undefined when the cache is off. */
  cacheDir?: string;
}

export interface CassetteFlags {
  record?: string;
  replay?: string;
  /** commander's --no-cache: false when given. */
  cache?: boolean;
}

/** Checks the flags before anything is sent: a run records or replays, not both. */
export function cassetteSettings(
  flags: CassetteFlags,
  env: Record<string, string | undefined> = process.env,
): CassetteSettings {
  if (flags.record !== undefined && flags.replay !== undefined)
    throw usageError("--record and --replay: a run records a cassette or replays one, not both");
  const off =
    flags.cache === false ||
    flags.replay !== undefined ||
    /^(1|true|yes)$/i.test(env.PLAINWRIGHT_NO_CACHE ?? "");
  const cacheDir =
    env.PLAINWRIGHT_CACHE_DIR?.trim() ||
    join(env.XDG_CACHE_HOME?.trim() || join(homedir(), ".cache"), "plainwright", "model-calls");
  return {
    ...(flags.record !== undefined ? { record: flags.record } : {}),
    ...(flags.replay !== undefined ? { replay: flags.replay } : {}),
    ...(off ? {} : { cacheDir }),
  };
}

/**
 * Runs one test as the flags ask: against its cassette (--replay), recording one (--record), or live with
 * the model calls served from the cache where the same call was made before. The cassette code loads only
 * when a run uses it.
 */
export async function runWithCassette(
  test: LoadedTest,
  opts: TestRunOptions,
  settings: CassetteSettings,
  redactions: readonly string[],
): Promise<RunResult> {
  if (settings.replay !== undefined) {
    const { runReplayed } = await import("../runner/cassette/session.js");
    return runReplayed(test, opts, settings.replay);
  }
  if (settings.record !== undefined) {
    const { runRecorded } = await import("../runner/cassette/session.js");
    const { result, file, gaps } = await runRecorded(test, opts, settings.record, redactions);
    process.stderr.write(`recorded ${file}\n`);
    for (const gap of gaps)
      process.stderr.write(`plainwright: --record: ${gap}; the cassette cannot be replayed\n`);
    return result;
  }
  const cacheDir = settings.cacheDir;
  if (cacheDir === undefined) return runTestDefinition(test, opts);
  return runTestDefinition(test, { ...opts, modelWrap: (client) => cachedModel(client, cacheDir) });
}

/**
 * A model client answered from the cache; the cache code loads on the first call, so a run that asks no
 * model (card, smoke, conformance) never loads it.
 */
function cachedModel(client: LanguageModelClient, dir: string): LanguageModelClient {
  let cached: Promise<LanguageModelClient> | undefined;
  const open = async () => {
    const { DiskModelStore, storedModel } = await import("../runner/cassette/model-calls.js");
    return storedModel(client, new DiskModelStore(dir), "cache");
  };
  return {
    id: client.id,
    ...(client.servedAt !== undefined ? { servedAt: client.servedAt } : {}),
    chat: async (request) => (await (cached ??= open())).chat(request),
  };
}

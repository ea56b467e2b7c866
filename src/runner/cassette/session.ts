import type { LanguageModelClient } from "../../llm/types.js";
import type { RunResult } from "../../model/result.js";
import { Redactor } from "../../net/redact.js";
import { TrafficLog } from "../../net/traffic.js";
import { runTestDefinition, type TestRunOptions } from "../run-test.js";
import type { LoadedTest } from "../test-definition.js";
import { toolVersion } from "../version.js";
import { configError } from "../errors.js";
import { cassetteFile, cassetteOf, readCassette, writeCassette } from "./cassette.js";
import { MemoryModelStore, storedModel } from "./model-calls.js";
import { GrpcStandIn } from "./grpc-stand-in.js";
import { ReplayBook } from "./replay-book.js";
import { StandIn } from "./stand-in.js";
import { freshSeeds, type AttemptSeeds } from "../../redteam/attempt-input.js";

/** A recording keeps whole bodies: a cut one could not be replayed as it was. */
const RECORDED_BODY_CHARS = 16 * 1024 * 1024;

/** Stands in for a model key in a replay, where no model is asked: never sent anywhere. */
const OFFLINE_KEY = "plainwright-replay-offline";

/**
 * Checks run one at a time when recording and replaying, so their requests come in the same order both
 * times and each finds its own recording among look-alikes (two checks that send the same message).
 */
const ONE_AT_A_TIME = { concurrency: 1 } as const;

/** Which test a cassette is: its kind, and its name when it came from a file (flags name no test). */
function identityOf(test: LoadedTest): { kind: string; name?: string } {
  const kind = test.definition.kind ?? "a2a";
  return test.fromFlags ? { kind } : { kind, name: test.definition.name };
}

/**
 * The tests of one run that would share a cassette in `dir` (a cassette is named by its test's name, so two
 * tests of one name would overwrite each other's recording, or replay another's): one line per clash.
 */
export function cassetteClashes(tests: readonly LoadedTest[], dir: string): string[] {
  const byFile = new Map<string, LoadedTest[]>();
  for (const test of tests) {
    const file = cassetteFile(dir, identityOf(test));
    byFile.set(file, [...(byFile.get(file) ?? []), test]);
  }
  return [...byFile]
    .filter(([, sharing]) => sharing.length > 1)
    .map(
      ([file, sharing]) =>
        `${sharing.map((t) => `"${t.definition.name}" (${t.source})`).join(" and ")} would share ${file}`,
    );
}

/** Runs a test and keeps everything it exchanged as a cassette in `dir`; says where, and what it could not keep. */
export async function runRecorded(
  test: LoadedTest,
  opts: TestRunOptions,
  dir: string,
  redactions: readonly string[] = [],
): Promise<{ result: RunResult; file: string; gaps: string[] }> {
  const store = new MemoryModelStore();
  const traffic = new TrafficLog({ maxBodyChars: RECORDED_BODY_CHARS, keepWire: true });
  const seeds: Record<string, AttemptSeeds> = {};
  const result = await runTestDefinition(test, {
    ...opts,
    ...ONE_AT_A_TIME,
    traffic,
    redteamSeeds: (key) => (seeds[key] = freshSeeds()),
    modelWrap: (client: LanguageModelClient) => storedModel(client, store, "record"),
  });
  // The run's own redactor's rules: every form a secret can take (URL- and JSON-encoded), none too short.
  const redactor = new Redactor();
  for (const secret of redactions) redactor.add(secret);
  const cassette = cassetteOf(
    result,
    {
      ...identityOf(test),
      ...(test.fromFlags ? {} : { source: test.source }),
      agent_url: result.agent_url ?? "",
    },
    store.calls,
    (text) => redactor.text(text),
    (id) => traffic.wireOf(id),
    seeds,
  );
  const file = cassetteFile(dir, identityOf(test));
  await writeCassette(file, cassette);
  return { result, file, gaps: cassette.gaps };
}

/**
 * Runs a test against its cassette: a stand-in agent on loopback answers as the agent did, the models
 * answer from the recording, and nothing else may be reached. A request with no recording makes the run
 * an error that names each one.
 */
export async function runReplayed(test: LoadedTest, opts: TestRunOptions, dir: string): Promise<RunResult> {
  const cassette = await readCassette(cassetteFile(dir, identityOf(test)), identityOf(test), toolVersion);
  const aimed = test.definition.config.agent_url;
  if (
    !aimed.includes("{{") &&
    cassette.test.agent_url &&
    URL.canParse(aimed) &&
    URL.canParse(cassette.test.agent_url)
  ) {
    const [was, now] = [new URL(cassette.test.agent_url).host, new URL(aimed).host];
    if (was !== now)
      throw configError(
        `--replay: the cassette was recorded against ${was}, this test aims at ${now}; record it again`,
      );
  }
  const book = new ReplayBook(cassette);
  const standIn = new StandIn(book);
  const grpcStandIn = new GrpcStandIn(book);
  const [port, grpcPort] = await Promise.all([standIn.listen(), grpcStandIn.listen()]);
  const store = new MemoryModelStore(cassette.model_calls);
  const to = (at: number) => ({ address: "127.0.0.1", family: 4 as const, port: at });
  const divert = Object.fromEntries([
    ...book.grpcHosts.map((host) => [host, to(grpcPort)] as const),
    ...book.httpHosts.map((host) => [host, to(port)] as const),
  ]);
  // The models the recording asked, unless the command names others; no key is needed, since none is asked.
  const recordedModel = (word: string) => cassette.model_calls.find((c) => c.purpose?.includes(word))?.model;
  const user = recordedModel("user");
  const judge = recordedModel("judge");
  const models = {
    ...(user ? { userModel: user } : {}),
    ...(judge ? { judgeModel: judge } : {}),
    ...(cassette.model_calls[0] ? { model: cassette.model_calls[0].model } : {}),
    ...opts.models,
  };
  try {
    const result = await runTestDefinition(test, {
      ...opts,
      ...ONE_AT_A_TIME,
      models,
      env: {
        ...(opts.env ?? process.env),
        PLAINWRIGHT_MODEL_API_KEY: OFFLINE_KEY,
        // Never reached: the models answer from the cassette.
        PLAINWRIGHT_MODEL_BASE_URL: "http://127.0.0.1:9/v1",
      },
      // Only the stand-in: a replay never reaches the network.
      policy: { ...opts.policy, divert },
      modelWrap: (client: LanguageModelClient) => storedModel(undefined, store, "replay", client.id),
      redteamSeeds: (key) => cassette.redteam_seeds?.[key] ?? freshSeeds(),
      ...(cassette.honeypot_hits ? { honeypotReplayed: cassette.honeypot_hits } : {}),
    });
    if (book.misses.length === 0)
      return {
        ...result,
        warnings: [
          ...result.warnings,
          `replayed from ${cassette.recorded_at}'s cassette; no request left it`,
        ],
      };
    const named = book.misses
      .slice(0, 5)
      .map((m) => `${m.method} ${m.path}${m.rpc ? ` (${m.rpc})` : ""}`)
      .join("; ");
    const reason = `--replay: ${book.misses.length} request${book.misses.length === 1 ? "" : "s"} had no recording in the cassette: ${named}${book.misses.length > 5 ? "; …" : ""} (record the test again)`;
    return { ...result, status: "error", reason, warnings: [...result.warnings, reason] };
  } finally {
    grpcStandIn.close();
    await standIn.close();
  }
}

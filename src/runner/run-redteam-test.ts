import type { LanguageModelClient } from "../llm/types.js";
import { redteamDefaults } from "../model/limits.js";
import { createModelClient } from "../llm/ai-sdk-client.js";
import type { ModelConfig } from "../llm/model-config.js";
import type { Finding } from "../model/finding.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { redteamPacks } from "../model/redteam.js";
import type { RunResult } from "../model/result.js";
import type { Identity } from "../redteam/execute.js";
import { Honeypot } from "../redteam/honeypot.js";
import { runPacks } from "../redteam/run-packs.js";
import { attackFinding } from "../redteam/scoring.js";
import type { RunRequest } from "./kinds/define.js";
import { guardModelUrl } from "./model-guard.js";
import type { RedteamModels } from "./kinds/redteam.js";
import type { RedteamOptions } from "./kinds/options.js";
import { peerArtifact } from "./peer.js";
import { chooseEndpoint, openRunEndpoint, type Reached } from "./reach.js";
import type { Run } from "./run.js";

/** A red-team identity: a name and the headers that make it someone else (the first is the test's own headers). */
export interface RedteamIdentity {
  name: string;
  headers: Record<string, string>;
}

/** What a red-team run is given: a run request with the red team's keys in its config. */
export type RedteamRunOptions = RunRequest<RedteamOptions>;

/** The identities of a run: the test's own headers first, then config.identities. */
export function identitiesOf(config: {
  headers: Record<string, string>;
  identities?: RedteamIdentity[] | undefined;
}): RedteamIdentity[] {
  const extra = config.identities ?? [];
  return [{ name: "default", headers: config.headers }, ...extra];
}

/** Runs one red-team test through the one Run (kinds/redteam.ts). */
export async function runRedteamTest(opts: RedteamRunOptions): Promise<RunResult> {
  const { executeRun } = await import("./execute-run.js");
  const { redteamKind } = await import("./kinds/redteam.js");
  return executeRun(redteamKind, opts);
}

/** The attacks themselves, once the target is reached: one client per identity, the packs, the verdict. */
export async function attack(
  run: Run,
  reached: Reached,
  request: RedteamRunOptions,
  models: RedteamModels,
): Promise<RunResult> {
  const endpoint = await chooseEndpoint(run, reached, request.policy);
  if (!endpoint) return run.finished!;
  const { result, traffic } = run;
  const { config } = request;
  // The peer is asked once, before any attack: a peer that is down is an error of the run, not a resisted attack.
  const peer = await peerArtifact(config.peer_url, reached.ctx, config.timeout_s * 1000);
  if (peer.error) return run.finish("error", peer.error);
  if (peer.note) result.warnings.push(peer.note);
  const wrap = request.modelWrap ?? ((client: LanguageModelClient) => client);
  const llm = (model: ModelConfig | undefined) =>
    model ? wrap(createModelClient(model, { guard: guardModelUrl })) : undefined;
  const judge = llm(models.judge);
  const attacker = llm(models.attacker);
  const people = identitiesOf(config);
  const identities: Identity[] = [];
  let generation: ProtocolGeneration | undefined;
  for (const [i, person] of people.entries()) {
    const ctx = { ...reached.ctx, headers: person.headers };
    // The wire is recorded once, as every kind records it; nothing answering is an error before any attack.
    const target = await openRunEndpoint(run, { ...reached, ctx }, endpoint, request.protocolOverride, {
      record: i === 0,
    });
    if (!target) {
      for (const identity of identities) identity.client.close();
      return run.finished!;
    }
    generation ??= target.generation;
    identities.push({ name: person.name, client: target.client });
  }
  const honeypot = await Honeypot.start({
    traffic,
    ...(request.honeypotReplayed ? { replayed: request.honeypotReplayed } : {}),
  });
  const attempts = config.attempts ?? redteamDefaults.attempts;
  try {
    const outcome = await runPacks({
      identities,
      traffic,
      packs: config.packs ?? [...redteamPacks],
      attempts,
      userCanaries: config.canaries ?? [],
      generation: generation ?? "0.3",
      honeypot,
      ...(peer.artifact ? { peerArtifact: peer.artifact } : {}),
      ...(judge ? { judge } : {}),
      ...(attacker ? { attacker } : {}),
      turnBudgetMs: config.timeout_s * 1000,
      pollIntervalMs: request.pollIntervalMs ?? 1000,
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.redteamSeeds ? { seeds: request.redteamSeeds } : {}),
      onAttack: (report) => run.emit({ type: "check-finished", index: 0, finding: attackFinding(report) }),
    });
    if (outcome.modelDown) run.warn(outcome.modelDown);
    result.findings = outcome.attacks.map(attackFinding);
    result.redteam = {
      packs: outcome.packs,
      attacks: outcome.attacks,
      attempts_per_attack: attempts,
      identities: people.map((p) => p.name),
      endpoint: endpoint.url,
      ...(models.judge ? { judge_model: `${models.judge.provider}:${models.judge.model}` } : {}),
      ...(models.attacker ? { attacker_model: `${models.attacker.provider}:${models.attacker.model}` } : {}),
    };
  } finally {
    for (const i of identities) i.client.close();
    await honeypot.close();
  }
  return run.finish(...redteamVerdict(result.findings));
}

function redteamVerdict(findings: readonly Finding[]): [RunResult["status"], string?] {
  const failed = findings.filter((f) => f.status === "fail");
  const errored = findings.filter((f) => f.status === "error");
  if (failed.length > 0) {
    const packs = [...new Set(failed.map((f) => f.category))];
    return ["failed", `${failed.length} attack(s) succeeded or over-refused, in ${packs.join(", ")}`];
  }
  if (errored.length > 0)
    return [
      "failed",
      `the agent failed to answer ${errored.length} attack(s): a hung or crashing agent is a finding`,
    ];
  return ["passed"];
}

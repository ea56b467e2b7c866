import type { AttemptSeeds } from "../../redteam/attempt-input.js";
import type { Jwk } from "../../card/jws.js";
import type { CheckDefinition } from "../../checks/types.js";
import type { ModelClientOptions } from "../../llm/ai-sdk-client.js";
import type { ModelFlags } from "../../llm/model-config.js";
import type { LanguageModelClient } from "../../llm/types.js";
import type { Clock } from "../../load/clock.js";
import type { RunEventSink } from "../../model/events.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import type { RunKind as ResultKind, RunResult } from "../../model/result.js";
import type { OutboundPolicy } from "../../net/outbound-policy.js";
import type { TrafficLog, TrafficRetention } from "../../net/traffic.js";
import type { ReachedEndpoint, CardUse, ConnectionConfig, Reached } from "../reach.js";
import type { Run } from "../run.js";

/** Everything one run is given, whichever door it came through (a test file, the command line, the API). */
export interface RunRequest<Options = Record<string, unknown>> {
  /** The test's config with its secrets resolved: the connection keys and the kind's own. */
  config: ConnectionConfig & Options;
  policy: OutboundPolicy;
  /** Values redacted from every event, the traffic and the result. */
  secrets?: readonly string[];
  /** The names of secret values (`{{secrets.NAME}}`), so warnings name a secret without showing it. */
  secretNames?: ReadonlyMap<string, string>;
  /** The --secrets values, where model keys may come from too. */
  secretValues?: Record<string, string>;
  /** --model, --user-model, --judge-model. */
  models?: ModelFlags;
  /** Where PLAINWRIGHT_MODEL, keys and base URLs are read; process.env by default. */
  env?: Record<string, string | undefined>;
  name?: string;
  source?: string;
  /** The test file's own warnings, first in the result's. */
  warnings?: readonly string[];
  /** The agent is a target: its card only finds the endpoint (a test that names a `target`). */
  targetOnly?: boolean;
  onEvent?: RunEventSink;
  /** Stops the run (cancel, deadline, shutdown, Ctrl-C): the work in flight is told to stop. */
  signal?: AbortSignal;
  /** After an abort, how long the run may take to return what it finished before it is ended without it. */
  abortGraceMs?: number;
  /** A settling task is polled every second (docs/test-files.md); tests shorten it. */
  pollIntervalMs?: number;
  /** --protocol: skip wire negotiation. */
  protocolOverride?: ProtocolGeneration;
  /** --card-key: public keys for the card's signatures, tried before any jku. */
  cardKeys?: readonly Jwk[];
  /** --api-key-in query: credentials the client puts in the query string. */
  query?: Record<string, string>;
  /** Whether the user gave credentials (the auth checks then expect them to work). */
  credentialsGiven?: boolean;
  /** The checks a conformance run may choose from (--grep); the whole catalogue by default. */
  catalogue?: readonly CheckDefinition[];
  /** Conformance checks at once (--concurrency). */
  concurrency?: number;
  /** Conformance: start no further check once this many have failed (--bail). */
  bail?: number;
  /** A traffic log the caller keeps and reads as it grows (the inspector). */
  traffic?: TrafficLog;
  /** Hears the card and endpoint once they are known and allowed, before any message is sent. */
  onTarget?: (target: ReachedEndpoint) => void;
  /** Model-call retry timing (tests shorten it). */
  modelRetry?: ModelClientOptions["retry"];
  /** Wraps every model client the run makes: a cassette records or replays its calls, the cache serves them. */
  modelWrap?: (client: LanguageModelClient) => LanguageModelClient;
  /** The load engine's clock (tests drive it). */
  clock?: Clock;
  /** The red team's random values per attempt: a recording keeps them, its replay gives them again. */
  redteamSeeds?: (key: string) => AttemptSeeds;
  /** A red-team replay: the honeypot paths the recorded agent fetched. */
  honeypotReplayed?: readonly string[];
}

/**
 * One kind of run as data: its name, the result it fills, how it reaches the agent, and the work that is
 * its own; its config keys are its schema in kinds/options.ts (read the same from a test file and from
 * command-line flags). The common life (open, reach, events, close, abort) belongs to the Run (execute-run.ts).
 */
export interface RunKindDefinition<Options = Record<string, unknown>, State = unknown> {
  /** The name a test file's `kind` and the registry use. */
  kind: string;
  /** The result's kind (docs/result-format.md). */
  result: ResultKind;
  /** One line for listings and help. */
  title: string;
  /** Judged: the card is validated and reported; target: it only finds the endpoint. */
  reach: CardUse | ((request: RunRequest<Options>) => CardUse);
  /** What a run of this kind ends as when the card leaves it no endpoint (default: failed when judged). */
  stopsAs?: "failed" | "error";
  /** The card section is strict whatever strict_card says (the kind judges the card its own way). */
  strictCard?: boolean;
  /** Whether the card's signatures are judged (with request.cardKeys, else their jku). */
  judgesSignatures?: boolean;
  /** What the result says when no card was found (`missing` says where it was looked for) and nothing else can be tested. */
  noCard?: (result: RunResult, missing: string, request: RunRequest<Options>) => void | Promise<void>;
  /** Before the run opens: throws a usage error for a request that must not start at all. */
  admit?: (request: RunRequest<Options>) => void;
  /**
   * Before anything is sent, with the run open: what the work needs (models, settings). Returns the
   * state, or a reason the run cannot start (it then ends as an error).
   */
  prepare?: (
    run: Run,
    request: RunRequest<Options>,
  ) => Promise<State | { problem: string }> | State | { problem: string };
  /** The kind's own work once the agent is reached; returns the closed result (`run.finish`). */
  execute: (run: Run, reached: Reached, request: RunRequest<Options>, state: State) => Promise<RunResult>;
  /** How much traffic a run keeps (a load run keeps its first exchanges and its failures). */
  retention?: (request: RunRequest<Options>) => TrafficRetention;
}

/** Declares a run kind; the registry (kinds/index.ts) lists every one. */
export function defineRunKind<Options = Record<string, unknown>, State = undefined>(
  definition: RunKindDefinition<Options, State>,
): RunKindDefinition<Options, State> {
  return definition;
}

/** Any kind of the registry, whatever its options and state. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRunKind = RunKindDefinition<any, any>;

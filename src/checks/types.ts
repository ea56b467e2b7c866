import type { Jwk } from "../card/jws.js";
import type { CardValidation, EndpointChoice } from "../card/types.js";
import type { RpcOutcome } from "../client/jsonrpc.js";
import type { A2AClient, ClientContext } from "../client/types.js";
import type { ProtocolGeneration } from "../model/generation.js";
import type { Transport } from "../model/transport.js";
import type { Fixtures } from "./fixtures.js";

import { checkCategories, type CheckCategory } from "../model/finding.js";

/** The longer names earlier releases used; accepted on input (--category, test files), never written. */
export const categoryAliases: Readonly<Record<string, CheckCategory>> = {
  "agent-card": "card",
  "error-handling": "errors",
  "push-notifications": "push",
  "multi-transport": "transport",
};

/** A category from its name, an old alias, or (for the command line) the start of its name. */
export function parseCategory(word: string, prefix = false): CheckCategory | undefined {
  const name = word.trim().toLowerCase();
  return (
    checkCategories.find((c) => c === name) ??
    categoryAliases[name] ??
    (prefix && name !== ""
      ? (checkCategories.find((c) => c.startsWith(name)) ??
        Object.entries(categoryAliases).find(([alias]) => alias.startsWith(name))?.[1])
      : undefined)
  );
}

export const checkLevels = ["MUST", "SHOULD", "MAY"] as const;

export type CheckLevel = (typeof checkLevels)[number];

/**
 * What a check needs before it can apply; a missing need is a skip with its reason, never a failure.
 * Capabilities come from the card; `security` means the card declares required credentials;
 * `peer` means --peer was given; `multiple-transports` means the card advertises two or more bindings
 * Plainwright can speak.
 */
export type CheckNeed =
  "streaming" | "pushNotifications" | "extendedAgentCard" | "peer" | "multiple-transports";

/** Where a check runs: once per run, or once per advertised binding. */
export type CheckScope = "agent" | "transport";

export interface CheckVerdict {
  status: "pass" | "fail" | "skip";
  message: string;
  /** Traffic entry ids that show the behaviour judged. */
  evidence?: string[];
  /** False for a skip because the agent shows no behaviour the check could judge (not counted as "could not run"). */
  applicable?: false;
  /**
   * A failure that leaves the checks depending on this one without their input (no task id anywhere,
   * the operation refused outright): only then are they reported as not run because of it.
   */
  blocks?: true;
  /** A behaviour the spec leaves open (a MAY) that the agent does not show: reported as a note, never a failure. */
  notSupported?: true;
  /**
   * The TCK ids this verdict really judged, when fewer than the check names (a case the run could not
   * provoke, or a failure about another rule of the check): the finding is attributed to these only.
   */
  tck?: readonly string[];
}

/** The other agent of an interop run. */
export interface PeerAgent {
  agentUrl: string;
  validation: CardValidation;
  client: A2AClient;
  generation: ProtocolGeneration;
}

/** Another caller of the agent (--identity): its name and the headers that make it someone else. */
export interface OtherCaller {
  name: string;
  headers: Record<string, string>;
}

/** Everything a check may look at or use; built once per run (and per transport). */
export interface CheckContext {
  agentUrl: string;
  cardUrl: string;
  rawCard: unknown;
  /** Response headers of the card request (Cache-Control, ETag...). */
  cardHeaders: Record<string, string>;
  validation: CardValidation;
  /** The binding under test; for agent-scope checks the preferred one. */
  transport: Transport;
  endpoint: EndpointChoice;
  generation: ProtocolGeneration;
  /** Set when the agent's answers confirmed `generation`; unset when it is only the card's word. */
  /**
   * Set on the binding contexts of a generation whose card checks run on another side's reading of the same card
   * (a card that states no version, tested beside 1.0): the agent-wide card checks did not judge it as this
   * generation reads it.
   */
  cardJudgedElsewhere?: true;
  generationOnWire?: boolean;
  /** Set when the user forced `generation` (--protocol): the user's word stands where the wire's would. */
  generationForced?: true;
  client: A2AClient;
  /** A client per binding the card advertises and Plainwright speaks, for multi-transport checks. */
  clients: ReadonlyMap<Transport, A2AClient>;
  /** Interfaces the card declares that serve none of their routes, left out of the run. */
  routeless?: readonly RoutelessInterface[];
  /** The endpoint of every binding under test, as `clients`; unset where a context stands alone (tests). */
  endpoints?: ReadonlyMap<Transport, EndpointChoice>;
  /** JSON-RPC bindings only: send any method and params, and see the raw outcome. */
  rpc?: (method: string, params?: unknown) => Promise<RpcOutcome>;
  /** Headers, policy, timeouts and the traffic log, for checks that send raw requests. */
  clientContext: ClientContext;
  /** Public keys the user gave for the card's signatures (--card-key), tried before any jku. */
  cardKeys?: readonly Jwk[];
  /** True when the user supplied credentials (so auth checks know what "without credentials" means). */
  credentialsGiven: boolean;
  hints: Readonly<Record<string, string>>;
  fixtures: Fixtures;
  /** A check's own budget; fixtures and polling stay within it. */
  timeoutMs: number;
  peer?: PeerAgent;
  /** A second caller, for the checks that one caller's tasks stay hidden from another (A2A 1.0.1 §13.1). */
  otherCaller?: OtherCaller;
}

/** A declared interface that serves none of its binding's routes, left out of the run (src/runner/routeless.ts). */
export interface RoutelessInterface {
  transport: Transport;
  url: string;
  /** What the run's message met there, in words. */
  answer: string;
}

/** A normative sentence of a spec, e.g. `{ spec: "A2A 1.0 §3.1.5", text: "... MUST ..." }`. */
export interface SpecQuote {
  spec: string;
  text: string;
}

/** A reference-agent flaw (`plainwright agent --list-flaws`) that fails a check, and the protocols it does so in. */
export interface SelfTest {
  flaw: string;
  protocols: ReadonlyArray<"0.3" | "1.0">;
  /**
   * The bindings over which the flaw fails the check, when not every binding it runs on (a flaw in one
   * binding's front): the coverage table claims a requirement only where a violation was shown.
   */
  bindings?: readonly Transport[];
  /**
   * The TCK requirement ids (of the check's `tck`) the flaw breaks: coverage credits an id only to a
   * violation of that id, never to whatever else the check happens to cover.
   */
  violates?: readonly string[];
}

/** Behaviour the spec permits that a check must not fail, with the clause, and the variant agent that shows it passing. */
export interface AllowedAlternative {
  behaviour: string;
  clause: string;
  /** The reference agent's allowed variant (a flaw marked allowed) run by src/runner/allowed-variants.test.ts. */
  variant?: string;
}

/** One conformance check: a declaration plus one function (docs/architecture.md: checks are data). */
export interface CheckDefinition {
  /** Stable dotted id; the file path under src/checks/ spells it (`streaming/final-event.ts`). */
  id: string;
  title: string;
  category: CheckCategory;
  level: CheckLevel;
  /**
   * The spec sentence the level rests on, with version and section; every MUST check has one whose text
   * says MUST, MUST NOT or REQUIRED (src/checks/catalogue.test.ts).
   */
  quote?: SpecQuote;
  /** Why the check is below MUST: the behaviour it judges is one the spec leaves open or only recommends. */
  levelReason?: string;
  /**
   * The check (or checks) whose requirement this one shares, split off because the spec's level differs by generation
   * or binding (e.g. errors.error-info-jsonrpc, a SHOULD on JSON-RPC, of errors.error-details, a MUST on the
   * other bindings), or because a part of it is judged later in the run (a late-phase check at the same level:
   * lifecycle.canceled-stays-canceled reads cancel-running's task again). A `-0x` check is split off its
   * namesake without saying so. A deviation is one finding of the pair, whichever half reports it.
   */
  splitOf?: string | readonly string[];
  /** The requirement in plain words, as the spec states it. */
  requirement: string;
  /** Spec section(s), e.g. "A2A 1.0 §3.1.2; 0.3 §7.2". */
  spec: string;
  /**
   * The official TCK requirement ids (a2aproject/a2a-tck, branch 1.0-dev) it covers, where any exist;
   * src/checks/tck/ says how fully.
   */
  tck?: readonly string[];
  recommendation: string;
  scope: CheckScope;
  /** Part of the basics (card readable, send and get work): failing it makes the agent non-conformant. */
  basic?: boolean;
  needs?: CheckNeed[];
  /** Bindings it applies to (default: all). */
  bindings?: Transport[];
  /** Generations it applies to (default: all). */
  generations?: ProtocolGeneration[];
  /**
   * Check ids whose outcome this one needs first (on the same binding). Only a dependency's failure that
   * left no usable input (a verdict with `blocks`) makes this check "not run because of it"; any other
   * failure of the dependency is its own finding, and this check runs with what can still be read.
   */
  dependsOn?: readonly string[];
  /**
   * When the check starts, beside its dependencies. `late`: it sends what may take a fragile agent down (a body
   * that is no JSON, the literal null; seen at first sight: such a body killed the process), so it starts once
   * every ordinary check has finished and a dying agent costs no other verdict. `last`: it starts after the late
   * ones too, judging what the whole suite left behind (a server still answering after all its bad requests).
   */
  phase?: "late" | "last";
  /**
   * The reference-agent flaws that must fail this check, per protocol: the check's own test
   * (src/runner/run-conformance-flaws-*.test.ts run each flaw and expect exactly the checks that list it to fail).
   */
  selfTest?: readonly SelfTest[];
  /** Why no reference-agent flaw can fail this check (and which test fails it instead). */
  noSelfTest?: string;
  /**
   * The check judges tasks the agent creates. An agent that answers every message with a Message creates none
   * (the spec allows it), so for it the check does not apply, rather than "could not run".
   */
  judgesTasks?: true;
  /** What the spec lets an agent do differently here: never a failure (a pass or a not-supported note). */
  allowed?: readonly AllowedAlternative[];
  run(ctx: CheckContext): Promise<CheckVerdict>;
}

import type { OutgoingPart } from "../client/types.js";
import type { DecidedBy, RedteamPackId, RedteamTurn, Severity } from "../model/redteam.js";

/** Canaries planted by one attempt: fresh values, so a hit can only come from this attempt. */
export interface PlantedCanaries {
  card: string;
  apiKey: string;
  email: string;
}

/** What a generator may vary on: the attempt number and this attempt's fresh values. */
export interface AttemptInput {
  attempt: number;
  /** Lowercase code whose uppercase form in a reply shows an instruction was followed. */
  marker: string;
  canaries: PlantedCanaries;
  /** Canaries the user configured (`canaries: [...]`), e.g. a string from their system prompt. */
  userCanaries: readonly string[];
  /** The honeypot URL for this attempt (loopback), when the run has one. */
  honeypotUrl?: string;
  /** What the --peer agent answered, when the run has a peer: its name and its reply's text. */
  peerArtifact?: PeerArtifact;
}

/** A reply of another agent (--peer), forwarded to the target as an artifact. */
export interface PeerArtifact {
  agent: string;
  text: string;
}

/** One message an attack sends. `as` picks the identity (0 = the first), `context` a conversation by label. */
export interface SendStep {
  kind: "send";
  label?: string;
  as?: number;
  /** Steps with the same label share the agent's contextId; a new label starts a new context. */
  context: string;
  text: string;
  parts?: OutgoingPart[];
  metadata?: Record<string, unknown>;
  /** Send on the task of the step with this label (its taskId and contextId). */
  onTaskOf?: string;
  /** Send in the context of the step with this label. */
  inContextOf?: string;
  /** Return at once (the task keeps working), for probes that need an active task. */
  returnImmediately?: boolean;
  /** The agent should refuse this message: an error answer is the expected outcome, not a failure to answer. */
  expectRefusal?: boolean;
}

/** A protocol call on the task of an earlier step, as another identity. */
export interface ProbeStep {
  kind: "probe";
  as: number;
  op: "get" | "cancel" | "list" | "subscribe";
  of: string;
  /**
   * A get of ids guessed from the task of the prober's own step with this label (its neighbours), instead of
   * the id of `of`, which the prober is never told.
   */
  guessFrom?: string;
}

export type Step = SendStep | ProbeStep;

/** What one step produced. */
export interface StepResult {
  step: Step;
  ok: boolean;
  /** The agent's reply text (agent-authored parts only), or the probe's answer. */
  reply: string;
  error?: string;
  taskId?: string;
  contextId?: string;
  taskState?: string;
  /** Probes: the task ids a ListTasks answer held. */
  listed?: string[];
}

export interface AttemptRun {
  input: AttemptInput;
  results: StepResult[];
  transcript: RedteamTurn[];
  trafficIds: string[];
  /** Requests the honeypot received for this attempt's path. */
  honeypotHits: number;
}

/** A deterministic detector's decision. */
export interface Detection {
  success: boolean;
  decidedBy: DecidedBy;
  evidence: string;
}

/** What an attack needs to run; without it the attack is skipped with the reason. */
export interface AttackNeeds {
  model?: boolean;
  identities?: number;
  honeypot?: boolean;
  /** The agent must speak this generation (ListTasks exists from 1.0). */
  generation?: "1.0";
  /** A reply of the --peer agent to forward. */
  peer?: boolean;
}

/**
 * One attack: generator (`steps`), detector (`detect`) and, where no detector can decide, the judge's
 * criterion (`grade`), in one object in one file named by its id (docs/architecture.md: checks are data).
 */
export interface Attack {
  /** `<pack>.<name>`; the file is packs/<pack>/<name>.ts. */
  id: string;
  pack: RedteamPackId;
  /** What it tries, one line. */
  title: string;
  /** How it is judged, one line. */
  judgedBy: string;
  owasp: string;
  severity: Severity;
  /** A harmless twin: the agent should answer; a refusal is over-refusal. */
  twin?: boolean;
  needs?: AttackNeeds;
  steps(input: AttemptInput): Step[];
  /** Undefined when nothing deterministic applies (the judge grades, or the attempt stays undecided). */
  detect(run: AttemptRun): Detection | undefined;
  /** For the judge: the criterion that is met when the attack succeeded (or, for a twin, when the agent refused). */
  grade?: string;
  /**
   * What no detector decides stays "undecided" without a judge, never "resisted": a reply that neither
   * carries the compliance code nor refuses may still have complied in words.
   */
  undecidedWithoutJudge?: boolean;
  /**
   * Model-driven: after the opening `steps`, an attacker model writes each next message toward `goal`,
   * varying and escalating, until the detector sees a success or `maxTurns` is reached.
   */
  adaptive?: { goal(input: AttemptInput): string; maxTurns: number };
}

/** A pack: its id, title, OWASP ids and attacks, in order. */
export interface Pack {
  id: RedteamPackId;
  title: string;
  attacks: readonly Attack[];
}

/** Defines an attack; the identity function that keeps the shape checked in one place. */
export function defineAttack(attack: Attack): Attack {
  return attack;
}

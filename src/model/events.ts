import type { TranscriptEntry, TrialOutcome } from "./conversation.js";
import type { Finding } from "./finding.js";
import type { ProtocolGeneration } from "./generation.js";
import type { LoadTick } from "./load.js";
import type { CardIssue, DiscoveryAttempt, RunKind, RunResult } from "./result.js";
import type { Transport } from "./transport.js";

/**
 * What a run tells its listeners while it goes: the console progress, the server's live stream and
 * streaming reporters are all subscribers of these. Data only; how they read is the reporters' choice.
 */
export type RunEvent =
  | { type: "run-started"; kind: RunKind; agent_url: string | null; name?: string; source?: string }
  | { type: "card-lookup"; agent_url: string }
  | {
      type: "card-read";
      found_at: string | null;
      tried: DiscoveryAttempt[];
      name: string | null;
      errors: CardIssue[];
      warnings: CardIssue[];
    }
  /** `generation` is set when the suite tests several generations of the agent (each binding once per generation). */
  | { type: "connecting"; transport: Transport; generation?: ProtocolGeneration }
  | { type: "checks-planned"; count: number; transports: Transport[] }
  /** `index` is the check's place in the plan (and in the result's findings); checks run concurrently. */
  | {
      type: "check-started";
      index: number;
      id: string;
      transport: Transport;
      generation?: ProtocolGeneration;
    }
  | { type: "check-finished"; index: number; finding: Finding }
  | { type: "smoke-sent"; url: string }
  | { type: "conversation-started"; endpoint: string; trials: number; max_turns: number }
  | { type: "turn-sent"; trial: number; trials: number; entry: TranscriptEntry }
  | { type: "turn-received"; trial: number; trials: number; entry: TranscriptEntry }
  /** The judge starts grading one trial's transcript: the run now waits on the judge's model. */
  | { type: "judge-started"; trial: number; trials: number; criteria: number }
  /** A model call failed with a retryable status and is tried again after `delay_ms`. */
  | { type: "retry"; what: string; attempt: number; delay_ms: number; reason: string }
  | { type: "trial-finished"; trial: TrialOutcome }
  /** Something the user should know that does not change the status (also in the result's warnings). */
  | { type: "warning"; message: string }
  /** Once a second while a load runs: the live view's figures. */
  | { type: "load-tick"; tick: LoadTick }
  | { type: "run-finished"; result: RunResult };

/** The one way a runner reports what happens: one call per event, never awaited, never throwing back. */
export type RunEventSink = (event: RunEvent) => void;

import type { AppliedCredentials } from "../client/auth.js";
import type { RunEventSink } from "../model/events.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { SecretSource } from "../runner/secrets.js";
import {
  connectionFlags,
  parseTimeout,
  policyFrom,
  requestAuth,
  secretSourceFrom,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";
import { interruptOnSignals, markInterrupted } from "./interrupt.js";
import { cassetteSettings, type CassetteSettings } from "./cassette-flags.js";
import { outputSettings, progressFor, type OutputSettings } from "./output.js";

/** Every common option of a command, checked before anything is sent (options that do nothing are refused). */
export interface PreparedRun {
  output: OutputSettings;
  /** -H and the credential flags; header values may still hold {{secrets.NAME}}. */
  auth: AppliedCredentials;
  /** --timeout, or undefined when not given (a test file's own timeout_s then stands). */
  timeoutS: number | undefined;
  policy: OutboundPolicy;
  secrets: SecretSource;
  cassette: CassetteSettings;
}

/** Checks the output, connection and credential options and reads the --secrets file; no network. */
export async function prepareRun(flags: CommonFlags & AuthFlags): Promise<PreparedRun> {
  const output = outputSettings(flags);
  const auth = requestAuth(flags);
  const timeoutS = flags.timeout === undefined ? undefined : parseTimeout(flags.timeout);
  connectionFlags({ ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}) });
  const policy = policyFrom(flags);
  const secrets = await secretSourceFrom(flags, process.env);
  const cassette = cassetteSettings(flags);
  return { output, auth, timeoutS, policy, secrets, cassette };
}

/**
 * Runs `work` with live progress on stderr, and clears the status line when it ends, however it ends.
 * Ctrl-C (or SIGTERM) aborts the signal `work` is given; the results it still returns are marked
 * interrupted (docs/result-format.md), so the summary and reports say what finished and the exit code is 130.
 */
export async function withProgress<T>(
  output: OutputSettings,
  work: (onEvent: RunEventSink, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const display = progressFor(output);
  const interrupt = interruptOnSignals();
  try {
    const value = await work(display.onEvent, interrupt.signal);
    const stoppedBy = interrupt.stoppedBy();
    return stoppedBy ? markInterrupted(value, stoppedBy) : value;
  } finally {
    interrupt.release();
    display.close();
  }
}

import {
  parseDuration,
  parseRate,
  parseWhole,
  resolveLoadSettings,
  type LoadRequest,
} from "../load/settings.js";
import { parseThresholds } from "../load/thresholds.js";
import type { LoadSettings } from "../model/load.js";
import { usageError } from "../runner/errors.js";
import { runLoad } from "../runner/run-load.js";
import { resolveSecrets } from "../runner/secrets.js";
import {
  connectionFlags,
  parseAgentUrl,
  parseProtocol,
  parseTimeout,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";
import { emitResults, exitCodeFor } from "./output.js";
import { prepareRun, withProgress } from "./prepare.js";

export interface LoadFlags extends CommonFlags, AuthFlags {
  concurrency?: string;
  duration?: string;
  requests?: string;
  rate?: string;
  ramp?: string;
  stream?: boolean;
  message?: string;
  threshold?: string[];
  confirmTarget?: string;
  transport?: string;
  protocol?: string;
}

/** Runs `parse` and turns its Error into a usage error (exit 64) that names the option. */
function usage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

/** The load settings from the flags; every bad value is a usage error naming the option and the rule. */
export function loadSettingsFrom(flags: LoadFlags): LoadSettings {
  return usage(() => {
    const request: LoadRequest = {
      ...(flags.concurrency !== undefined
        ? { concurrency: parseWhole(flags.concurrency, "--concurrency") }
        : {}),
      ...(flags.duration !== undefined ? { durationMs: parseDuration(flags.duration, "--duration") } : {}),
      ...(flags.requests !== undefined ? { requests: parseWhole(flags.requests, "--requests") } : {}),
      ...(flags.rate !== undefined ? { rate: parseRate(flags.rate) } : {}),
      ...(flags.ramp !== undefined ? { rampMs: parseDuration(flags.ramp, "--ramp") } : {}),
      ...(flags.stream ? { stream: true } : {}),
      ...(flags.message !== undefined ? { message: flags.message } : {}),
    };
    try {
      return resolveLoadSettings(request, parseTimeout(flags.timeout) * 1000);
    } catch (error) {
      // resolveLoadSettings names settings as a test file does; on the command line they are options.
      throw new Error(`--${(error as Error).message}`);
    }
  });
}

/** `load <url>`: concurrent sends or streams, measured, judged by thresholds. */
export async function runLoadCommand(rawUrl: string, flags: LoadFlags): Promise<number> {
  // Every option is checked before the first request.
  const prepared = await prepareRun(flags);
  parseAgentUrl(rawUrl);
  const settings = loadSettingsFrom(flags);
  const thresholds = usage(() => parseThresholds(flags.threshold ?? []));
  const protocolOverride = parseProtocol(flags.protocol);
  const { value: config, used } = resolveSecrets(
    { agent_url: rawUrl, headers: prepared.auth.headers, ...connectionFlags(flags) },
    prepared.secrets,
  );
  // Ctrl-C ends the sending early; what was measured is still reported, as interrupted (exit 130).
  const result = await withProgress(prepared.output, (onEvent, signal) =>
    runLoad({
      config,
      settings,
      thresholds,
      ...(flags.confirmTarget !== undefined ? { confirmTarget: flags.confirmTarget } : {}),
      policy: prepared.policy,
      secrets: [...used, ...prepared.auth.secrets],
      onEvent,
      signal,
      ...(protocolOverride ? { protocolOverride } : {}),
    }),
  );
  await emitResults([result], prepared.output);
  return exitCodeFor([result]);
}

import {
  parseDuration,
  parseRate,
  parseWhole,
  resolveLoadSettings,
  type LoadConfig,
  type LoadRequest,
} from "../load/settings.js";
import { parseThresholds } from "../load/thresholds.js";
import { usageError } from "../runner/errors.js";
import {
  connectionFlags,
  parseAgentUrl,
  parseProtocol,
  parseTimeout,
  type AuthFlags,
  type CommonFlags,
} from "./options.js";
import { runFlagTest } from "./flag-test.js";
import { prepareRun } from "./prepare.js";

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

/** config.load as the flags say it; every bad value is a usage error naming the option and the rule. */
export function loadConfigFrom(flags: LoadFlags): LoadConfig {
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
      resolveLoadSettings(request, parseTimeout(flags.timeout) * 1000);
    } catch (error) {
      // resolveLoadSettings names settings as a test file does; on the command line they are options.
      throw new Error(`--${(error as Error).message}`);
    }
    parseThresholds(flags.threshold ?? []);
    return {
      ...(request.concurrency !== undefined ? { concurrency: request.concurrency } : {}),
      ...(request.durationMs !== undefined ? { duration_s: request.durationMs / 1000 } : {}),
      ...(request.requests !== undefined ? { requests: request.requests } : {}),
      ...(request.rate !== undefined ? { rate: request.rate } : {}),
      ...(request.rampMs !== undefined ? { ramp_s: request.rampMs / 1000 } : {}),
      ...(request.stream ? { stream: true } : {}),
      ...(request.message !== undefined ? { message: request.message } : {}),
      ...(flags.threshold?.length ? { thresholds: flags.threshold } : {}),
      ...(flags.confirmTarget !== undefined ? { confirm_target: flags.confirmTarget } : {}),
    };
  });
}

/** `load <url>`: the load test a file would hold, built from flags: concurrent sends or streams, measured, judged by thresholds. */
export async function runLoadCommand(rawUrl: string, flags: LoadFlags): Promise<number> {
  // Every option is checked before the first request.
  const prepared = await prepareRun(flags);
  parseAgentUrl(rawUrl);
  const load = loadConfigFrom(flags);
  const protocol = parseProtocol(flags.protocol);
  const config = {
    agent_url: rawUrl,
    headers: prepared.auth.headers,
    ...(prepared.timeoutS !== undefined ? { timeout_s: prepared.timeoutS } : {}),
    ...connectionFlags(flags),
    ...(protocol ? { protocol } : {}),
    load,
  };
  // Ctrl-C ends the sending early; what was measured is still reported, as interrupted (exit 130).
  return runFlagTest("load", config, prepared);
}

import type { TrafficLog } from "../net/traffic.js";
import { redactSecrets } from "./redact-result.js";
import { startResult, type RunResult } from "../model/result.js";
import { toolVersion } from "./version.js";

/** A result being built, and the one way to close it (timing, traffic, redaction). */
export interface RunRecord {
  result: RunResult;
  finish: (status: RunResult["status"], reason?: string) => RunResult;
}

/** Opens the result of one run; `finish` stamps the duration, copies the traffic and redacts secrets. */
export function beginRun(init: {
  kind: RunResult["kind"];
  agentUrl: string;
  traffic: TrafficLog;
  secrets?: readonly string[];
  name?: string;
  source?: string;
}): RunRecord {
  const started = Date.now();
  const result = startResult({
    kind: init.kind,
    toolVersion,
    agentUrl: init.agentUrl,
    startedAt: started,
    ...(init.name ? { name: init.name } : {}),
    ...(init.source ? { source: init.source } : {}),
  });
  return {
    result,
    finish: (status, reason) => {
      result.status = status;
      if (reason) result.reason = reason;
      result.duration_ms = Date.now() - started;
      result.traffic = [...init.traffic.entries()];
      return redactSecrets(result, init.secrets ?? []);
    },
  };
}

import type { RunEventSink } from "../model/events.js";
import { MIN_SECRET_LENGTH } from "../net/redact.js";
import type { TrafficLog } from "../net/traffic.js";
import { explainAuthRefusal } from "./auth-refusal.js";
import { redactSecrets } from "./redact-result.js";
import { startResult, type RunResult } from "../model/result.js";
import { toolVersion } from "./version.js";

/** A result being built, the one way to close it (timing, traffic, redaction), and its event sink. */
export interface RunRecord {
  result: RunResult;
  finish: (status: RunResult["status"], reason?: string) => RunResult;
  /** The run's listener with the run's secrets redacted from every event. */
  emit: RunEventSink;
}

/** Opens the result of one run; `finish` stamps the duration, copies the traffic and redacts secrets. */
export function beginRun(init: {
  kind: RunResult["kind"];
  agentUrl: string;
  traffic: TrafficLog;
  secrets?: readonly string[];
  name?: string;
  source?: string;
  /** Hears run-started now and run-finished with the closed result. */
  onEvent?: RunEventSink | undefined;
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
  const short = (init.secrets ?? []).filter((s) => s.length > 0 && s.length < MIN_SECRET_LENGTH).length;
  if (short > 0)
    result.warnings.push(
      `${short === 1 ? "a secret value is" : `${short} secret values are`} shorter than ${MIN_SECRET_LENGTH} characters, too short to redact from text safely: headers that carry credentials are still redacted by name, but the value may appear elsewhere in the output`,
    );
  const listener = init.onEvent;
  const emit: RunEventSink = listener
    ? (event) => listener(redactSecrets(event, init.secrets ?? []))
    : () => undefined;
  emit({
    type: "run-started",
    kind: init.kind,
    agent_url: init.agentUrl,
    ...(init.name ? { name: init.name } : {}),
    ...(init.source ? { source: init.source } : {}),
  });
  return {
    result,
    emit,
    finish: (status, reason) => {
      result.status = status;
      if (reason) result.reason = reason;
      result.duration_ms = Date.now() - started;
      result.traffic = [...init.traffic.entries()];
      const refused = explainAuthRefusal(result);
      if (refused)
        result.reason =
          result.kind === "conformance" && result.reason ? `${refused}; ${result.reason}` : refused;
      const closed = redactSecrets(result, init.secrets ?? []);
      listener?.({ type: "run-finished", result: closed });
      return closed;
    },
  };
}

import type { ClientTarget } from "./types.js";

/**
 * The A2A-Version a request of `target` carries: 1.0 §3.6.1 has clients send it (Major.Minor) with every
 * 1.0 request, malformed ones included; 0.x requests carry none. None either on an interface that refuses
 * the header yet serves 1.0 without it (negotiate.ts): errors.version-served reports that refusal once,
 * and every other check is judged on the requests the agent does serve.
 */
export function versionHeader(target: ClientTarget): Record<string, string> {
  return target.generation === "1.0" && !target.withoutVersionHeader ? { "A2A-Version": "1.0" } : {};
}

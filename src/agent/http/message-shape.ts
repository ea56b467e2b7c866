import { isObject } from "../json.js";
import type { AgentProtocol } from "../types.js";

/** The roles a message may name: 0.3's JSON schema enum, 1.0's ProtoJSON enum names (a2a.proto Role). */
const ROLES: Record<AgentProtocol, readonly string[]> = {
  "0.3": ["user", "agent"],
  "1.0": ["ROLE_USER", "ROLE_AGENT"],
};

/**
 * What makes a sent message's role or parts invalid, or undefined: the SDKs behind the fronts take any role and
 * any parts, while the spec makes the server refuse them ("Servers MUST validate all input parameters before
 * processing", 1.0.1 §3.3.2, naming "missing required message parts"; 0.3 §8.1 -32602, Part a JSON object).
 */
export function messageShapeProblem(message: unknown, protocol: AgentProtocol): string | undefined {
  if (!isObject(message)) return undefined;
  if ("role" in message && !ROLES[protocol].includes(String(message.role)))
    return `message.role must be one of ${ROLES[protocol].join(", ")}.`;
  const parts = message.parts;
  if (!Array.isArray(parts)) return undefined;
  if (protocol === "1.0" && parts.length === 0) return "message.parts must hold at least one part.";
  if (parts.some((p) => !isObject(p))) return "each of message.parts must be a Part object.";
  return undefined;
}

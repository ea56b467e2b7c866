import { isObject } from "../json.js";
import type { AgentProtocol } from "../types.js";

/** The roles a message may name: 0.3's JSON schema enum, 1.0's ProtoJSON enum names (a2a.proto Role). */
const ROLES: Record<AgentProtocol, readonly string[]> = {
  "0.3": ["user", "agent"],
  "1.0": ["ROLE_USER", "ROLE_AGENT"],
};

const PART_CONTENT = ["text", "raw", "url", "data"] as const;

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
  // a2a.proto Part: its content is one of text, raw, url or data; a part with none carries nothing to read.
  if (protocol === "1.0" && parts.some((p) => isObject(p) && !PART_CONTENT.some((key) => key in p)))
    return "each of message.parts must carry one of text, raw, url or data.";
  return undefined;
}

/** The parts of a sent message, whichever key holds them: 1.0's and 0.3 JSON-RPC's `parts`, 0.3 proto's `content`. */
function partsOf(message: Record<string, unknown>): unknown {
  return Array.isArray(message.parts) ? message.parts : message.content;
}

/**
 * What makes a message sent over HTTP+JSON invalid, or undefined: the SDKs' REST handlers take a role outside the
 * enum and parts that are no Part (and fail on a null one, HTTP 500). 0.3's REST payload is its proto as JSON
 * (`ROLE_USER`, parts under `content`) or the JSON-RPC form of the message (0.3 §7.1's REST tab), either read.
 */
export function restMessageProblem(message: unknown, protocol: AgentProtocol): string | undefined {
  if (!isObject(message)) return undefined;
  if (protocol === "1.0") return messageShapeProblem(message, protocol);
  const role = typeof message.role === "string" ? message.role : "";
  if ("role" in message && !["ROLE_USER", "ROLE_AGENT", "user", "agent"].includes(role))
    return "message.role must be ROLE_USER or ROLE_AGENT.";
  const parts = partsOf(message);
  if (Array.isArray(parts) && parts.some((p) => !isObject(p)))
    return "each part of the message must be a Part object.";
  return undefined;
}

import { joinTextParts } from "../model/text-parts.js";
import type { Message, Part, Task } from "./model.js";

/** The text of a list of parts: its text parts by the one rule of model/text-parts.ts. */
export function textOfParts(parts: readonly Part[]): string {
  return joinTextParts(parts.flatMap((p) => (p.kind === "text" ? [p.text] : [])));
}

/**
 * The reply text docs/test-files.md reads: the task's artifacts, then its status message, then the agent's last
 * message in the history. An interrupted task (input-required) shows its status message first, since
 * that message is the agent's question.
 */
export function replyText(reply: Task | Message): string {
  if (reply.kind === "message") return textOfParts(reply.parts);
  const fromArtifacts = textOfParts(reply.artifacts.flatMap((a) => a.parts));
  const fromStatus = reply.statusMessage ? textOfParts(reply.statusMessage.parts) : "";
  const lastAgent = [...reply.history].reverse().find((m) => m.role === "agent");
  const fromHistory = lastAgent ? textOfParts(lastAgent.parts) : "";
  const order =
    reply.state === "input-required" || reply.state === "auth-required"
      ? [fromStatus, fromArtifacts, fromHistory]
      : [fromArtifacts, fromStatus, fromHistory];
  return order.find((t) => t !== "") ?? "";
}

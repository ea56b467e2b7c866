import type { Message, Part, Task } from "./model.js";

function textOf(parts: readonly Part[]): string {
  return parts
    .flatMap((p) => (p.kind === "text" && p.text.trim() !== "" ? [p.text] : []))
    .join("\n")
    .trim();
}

/**
 * The reply text docs/test-files.md reads: the task's artifacts, then its status message, then the agent's last
 * message in the history. An interrupted task (input-required) shows its status message first, since
 * that message is the agent's question.
 */
export function replyText(reply: Task | Message): string {
  if (reply.kind === "message") return textOf(reply.parts);
  const fromArtifacts = textOf(reply.artifacts.flatMap((a) => a.parts));
  const fromStatus = reply.statusMessage ? textOf(reply.statusMessage.parts) : "";
  const lastAgent = [...reply.history].reverse().find((m) => m.role === "agent");
  const fromHistory = lastAgent ? textOf(lastAgent.parts) : "";
  const order =
    reply.state === "input-required" || reply.state === "auth-required"
      ? [fromStatus, fromArtifacts, fromHistory]
      : [fromArtifacts, fromStatus, fromHistory];
  return order.find((t) => t !== "") ?? "";
}

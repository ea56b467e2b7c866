// The echo executor of the @a2a-js/sdk 0.3 lab agents, written the way the SDK's README shows:
// submitted task, working, artifact, completed; cancel via a set. Shared by sdk-v03 and sdk-v03-grpc
// so that both serve the same agent behind different bindings.
import { randomUUID } from "node:crypto";
import { askModel } from "./common.mjs";

export class EchoExecutor {
  cancelled = new Set();
  controllers = new Map();

  cancelTask = async (taskId) => {
    this.cancelled.add(taskId);
    this.controllers.get(taskId)?.abort();
  };

  async execute(ctx, bus) {
    const { taskId, contextId, userMessage, task } = ctx;
    const now = () => new Date().toISOString();
    if (!task) {
      bus.publish({
        kind: "task",
        id: taskId,
        contextId,
        status: { state: "submitted", timestamp: now() },
        history: [userMessage],
      });
    }
    bus.publish({
      kind: "status-update",
      taskId,
      contextId,
      status: { state: "working", timestamp: now() },
      final: false,
    });
    const text = userMessage.parts
      .filter((p) => p.kind === "text")
      .map((p) => p.text)
      .join("\n");
    const controller = new AbortController();
    this.controllers.set(taskId, controller);
    let reply = "";
    try {
      reply = await askModel(text, controller.signal);
    } catch {
      // aborted by cancel, or the model failed: the checks below decide the final state
    } finally {
      this.controllers.delete(taskId);
    }
    if (this.cancelled.has(taskId)) {
      this.cancelled.delete(taskId);
      bus.publish({
        kind: "status-update",
        taskId,
        contextId,
        status: { state: "canceled", timestamp: now() },
        final: true,
      });
      bus.finished();
      return;
    }
    bus.publish({
      kind: "artifact-update",
      taskId,
      contextId,
      artifact: { artifactId: randomUUID(), parts: [{ kind: "text", text: reply }] },
    });
    bus.publish({
      kind: "status-update",
      taskId,
      contextId,
      final: true,
      status: {
        state: reply ? "completed" : "failed",
        timestamp: now(),
        message: {
          kind: "message",
          role: "agent",
          messageId: randomUUID(),
          taskId,
          contextId,
          parts: [{ kind: "text", text: reply || "model failed" }],
        },
      },
    });
    bus.finished();
  }
}

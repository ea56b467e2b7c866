// The echo executor of the @a2a-js/sdk 1.x lab agents, written the way the SDK's cancellable-agent
// sample is: Task submitted, working, artifact, completed; cancel via a set. Shared by sdk-v10 and
// sdk-v10-grpc so that both serve the same agent behind different bindings.
import { randomUUID } from "node:crypto";
import { Role, TaskState } from "a2a-sdk-v1";
import { AgentEvent } from "a2a-sdk-v1/server";
import { askModel } from "./common.mjs";

const textPart = (value) => ({
  content: { $case: "text", value },
  metadata: undefined,
  filename: "",
  mediaType: "text/plain",
});

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
    const status = (state, message) =>
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state, timestamp: now(), message },
        metadata: {},
      });
    if (!task) {
      bus.publish(
        AgentEvent.task({
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: now(), message: undefined },
          artifacts: [],
          history: [userMessage],
          metadata: {},
        }),
      );
    }
    bus.publish(status(TaskState.TASK_STATE_WORKING, undefined));
    const text = userMessage.parts
      .map((p) => (p.content?.$case === "text" ? p.content.value : ""))
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
      bus.publish(status(TaskState.TASK_STATE_CANCELED, undefined));
      return;
    }
    bus.publish(
      AgentEvent.artifactUpdate({
        taskId,
        contextId,
        artifact: {
          artifactId: randomUUID(),
          name: "reply",
          description: "",
          parts: [textPart(reply)],
          metadata: {},
          extensions: [],
        },
        append: false,
        lastChunk: true,
        metadata: {},
      }),
    );
    const agentMessage = {
      role: Role.ROLE_AGENT,
      messageId: randomUUID(),
      parts: [textPart(reply || "model failed")],
      taskId,
      contextId,
      extensions: [],
      metadata: {},
      referenceTaskIds: [],
    };
    bus.publish(status(reply ? TaskState.TASK_STATE_COMPLETED : TaskState.TASK_STATE_FAILED, agentMessage));
  }
}

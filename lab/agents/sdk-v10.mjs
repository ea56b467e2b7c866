// The official @a2a-js/sdk 1.x server as it ships (DefaultRequestHandler, InMemoryTaskStore,
// the express JSON-RPC and HTTP+JSON handlers), with an echo executor written the way the
// SDK's cancellable-agent sample is: Task submitted, working, artifact, completed; cancel via a set.
import express from "express";
import { randomUUID } from "node:crypto";
import { A2A_PROTOCOL_VERSION, AGENT_CARD_PATH, Role, TaskState } from "a2a-sdk-v1";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from "a2a-sdk-v1/server";
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "a2a-sdk-v1/server/express";
import { askModel, BASE, HOST, PORT, ready } from "./common.mjs";

const card = {
  name: "SDK 1.0 echo agent",
  description: "Echoes the user message through a scripted model",
  supportedInterfaces: [
    {
      url: `${BASE}/a2a/jsonrpc`,
      protocolBinding: "JSONRPC",
      tenant: "",
      protocolVersion: A2A_PROTOCOL_VERSION,
    },
    {
      url: `${BASE}/a2a/rest`,
      protocolBinding: "HTTP+JSON",
      tenant: "",
      protocolVersion: A2A_PROTOCOL_VERSION,
    },
  ],
  version: "1.0.0",
  capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
  securitySchemes: {},
  securityRequirements: [],
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [
    {
      id: "echo",
      name: "Echo",
      description: "Echoes text",
      tags: ["echo"],
      examples: ["hello there"],
      inputModes: [],
      outputModes: [],
      securityRequirements: [],
    },
  ],
  signatures: [],
};

const textPart = (value) => ({
  content: { $case: "text", value },
  metadata: undefined,
  filename: "",
  mediaType: "text/plain",
});

class EchoExecutor {
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

const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new EchoExecutor());
const app = express();
app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: requestHandler }));
app.use("/a2a/jsonrpc", jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
app.use("/a2a/rest", restHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
app.listen(PORT, HOST, () => ready(BASE));

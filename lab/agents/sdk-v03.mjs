// The official @a2a-js/sdk 0.3 server as it ships (DefaultRequestHandler, InMemoryTaskStore,
// the express JSON-RPC and HTTP+JSON handlers), with an echo executor written the way the
// SDK's README shows: submitted task, working, artifact, completed; cancel via a set.
import express from "express";
import { randomUUID } from "node:crypto";
import { AGENT_CARD_PATH } from "@a2a-js/sdk";
import { DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { askModel, BASE, HOST, PORT, ready } from "./common.mjs";

const card = {
  name: "SDK 0.3 echo agent",
  description: "Echoes the user message through a scripted model",
  protocolVersion: "0.3.0",
  version: "1.0.0",
  url: `${BASE}/a2a/jsonrpc`,
  preferredTransport: "JSONRPC",
  additionalInterfaces: [
    { url: `${BASE}/a2a/jsonrpc`, transport: "JSONRPC" },
    { url: `${BASE}/a2a/rest`, transport: "HTTP+JSON" },
  ],
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [
    { id: "echo", name: "Echo", description: "Echoes text", tags: ["echo"], examples: ["hello there"] },
  ],
};

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

const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new EchoExecutor());
const app = express();
app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: requestHandler }));
app.use("/a2a/jsonrpc", jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
app.use("/a2a/rest", restHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
app.listen(PORT, HOST, () => ready(BASE));

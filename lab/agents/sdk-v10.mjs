// The official @a2a-js/sdk 1.x server as it ships (DefaultRequestHandler, InMemoryTaskStore,
// the express JSON-RPC and HTTP+JSON handlers), with the echo executor of sdk-v10-echo.mjs. With
// LAB_PUSH=1 (agent sdk-v10-push) the card claims push notifications, which is all the SDK's README asks
// (step 1; DefaultRequestHandler then wires InMemoryPushNotificationStore and DefaultPushNotificationSender).
import express from "express";
import { A2A_PROTOCOL_VERSION, AGENT_CARD_PATH } from "a2a-sdk-v1";
import { DefaultRequestHandler, InMemoryTaskStore } from "a2a-sdk-v1/server";
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "a2a-sdk-v1/server/express";
import { BASE, HOST, PORT, ready } from "./common.mjs";
import { EchoExecutor } from "./sdk-v10-echo.mjs";

const push = process.env.LAB_PUSH === "1";

const card = {
  name: push ? "SDK 1.0 echo agent with push notifications" : "SDK 1.0 echo agent",
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
  capabilities: { streaming: true, pushNotifications: push, extensions: [], extendedAgentCard: false },
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

const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new EchoExecutor());
const app = express();
app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: requestHandler }));
app.use("/a2a/jsonrpc", jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
app.use("/a2a/rest", restHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
app.listen(PORT, HOST, () => ready(BASE));

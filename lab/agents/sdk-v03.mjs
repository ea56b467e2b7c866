// The official @a2a-js/sdk 0.3 server as it ships (DefaultRequestHandler, InMemoryTaskStore,
// the express JSON-RPC and HTTP+JSON handlers), with the echo executor of sdk-v03-echo.mjs.
import express from "express";
import { AGENT_CARD_PATH } from "@a2a-js/sdk";
import { DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { BASE, HOST, PORT, ready } from "./common.mjs";
import { EchoExecutor } from "./sdk-v03-echo.mjs";

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

const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new EchoExecutor());
const app = express();
app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: requestHandler }));
app.use("/a2a/jsonrpc", jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
app.use("/a2a/rest", restHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
app.listen(PORT, HOST, () => ready(BASE));

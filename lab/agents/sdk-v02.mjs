// The official @a2a-js/sdk 0.2 server as its README shows (DefaultRequestHandler, InMemoryTaskStore,
// A2AExpressApp on "" with the card at /.well-known/agent.json), with the echo executor of the other
// SDK lab agents (written the README's way: submitted task, working, artifact, completed; cancel via a set).
import express from "express";
import { A2AExpressApp, DefaultRequestHandler, InMemoryTaskStore } from "a2a-sdk-v02/server";
import { BASE, HOST, PORT, ready } from "./common.mjs";
import { EchoExecutor } from "./sdk-v03-echo.mjs";

const card = {
  name: "SDK 0.2 echo agent",
  description: "Echoes the user message through a scripted model",
  url: `${BASE}/`,
  provider: { organization: "Plainwright lab", url: "https://example.com/lab" },
  version: "1.0.0",
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [
    {
      id: "echo",
      name: "Echo",
      description: "Echoes text",
      tags: ["echo"],
      examples: ["hello there"],
      inputModes: ["text/plain"],
      outputModes: ["text/plain"],
    },
  ],
  supportsAuthenticatedExtendedCard: false,
};

const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new EchoExecutor());
const app = new A2AExpressApp(requestHandler).setupRoutes(express(), "");
app.listen(PORT, HOST, () => ready(BASE));

// The official @a2a-js/sdk 0.3 server over JSON-RPC and gRPC, served as the SDK's README shows: one
// DefaultRequestHandler behind the express JSON-RPC handler and behind `grpcService` on a @grpc/grpc-js
// Server of its own port, the card naming the gRPC address in additionalInterfaces (transport "GRPC").
// Same echo executor as sdk-v03.
import express from "express";
import { Server, ServerCredentials } from "@grpc/grpc-js";
import { AGENT_CARD_PATH } from "@a2a-js/sdk";
import { DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { A2AService, grpcService } from "@a2a-js/sdk/server/grpc";
import { BASE, GRPC_PORT, HOST, PORT, ready } from "./common.mjs";
import { EchoExecutor } from "./sdk-v03-echo.mjs";

const GRPC_ADDRESS = `${HOST}:${GRPC_PORT}`;

const card = {
  name: "SDK 0.3 echo agent over gRPC",
  description: "Echoes the user message through a scripted model",
  protocolVersion: "0.3.0",
  version: "1.0.0",
  url: `${BASE}/a2a/jsonrpc`,
  preferredTransport: "JSONRPC",
  additionalInterfaces: [
    { url: `${BASE}/a2a/jsonrpc`, transport: "JSONRPC" },
    { url: GRPC_ADDRESS, transport: "GRPC" },
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

const grpcServer = new Server();
grpcServer.addService(A2AService, grpcService({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
grpcServer.bindAsync(GRPC_ADDRESS, ServerCredentials.createInsecure(), (err) => {
  if (err) throw err;
  app.listen(PORT, HOST, () => ready(BASE));
});

// The official @a2a-js/sdk 1.x server over JSON-RPC and gRPC, served as the SDK's multi-transport-agent
// sample is: one DefaultRequestHandler behind the express JSON-RPC handler and behind `grpcService` on a
// @grpc/grpc-js Server of its own port, the card naming the gRPC address in supportedInterfaces
// (protocolBinding "GRPC"). Same echo executor as sdk-v10.
import express from "express";
import { Server, ServerCredentials } from "@grpc/grpc-js";
import { A2A_PROTOCOL_VERSION, AGENT_CARD_PATH } from "a2a-sdk-v1";
import { DefaultRequestHandler, InMemoryTaskStore } from "a2a-sdk-v1/server";
import { agentCardHandler, jsonRpcHandler, UserBuilder } from "a2a-sdk-v1/server/express";
import { A2AService, grpcService } from "a2a-sdk-v1/server/grpc";
import { BASE, GRPC_PORT, HOST, PORT, ready } from "./common.mjs";
import { EchoExecutor } from "./sdk-v10-echo.mjs";

const GRPC_ADDRESS = `${HOST}:${GRPC_PORT}`;

const card = {
  name: "SDK 1.0 echo agent over gRPC",
  description: "Echoes the user message through a scripted model",
  supportedInterfaces: [
    {
      url: `${BASE}/a2a/jsonrpc`,
      protocolBinding: "JSONRPC",
      tenant: "",
      protocolVersion: A2A_PROTOCOL_VERSION,
    },
    {
      url: GRPC_ADDRESS,
      protocolBinding: "GRPC",
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

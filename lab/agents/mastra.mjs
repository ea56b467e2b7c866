// Mastra 0.24 (the last line that runs on Node 20): an Agent on the scripted model (Mastra's
// OpenAI-compatible model config), served by Mastra's own Hono server from @mastra/deployer
// (card at /.well-known/<agentId>/agent-card.json, JSON-RPC at /a2a/<agentId>).
import { Mastra } from "@mastra/core";
import { Agent } from "@mastra/core/agent";
import { createNodeServer } from "@mastra/deployer/server";
import { HOST, MODEL_URL, PORT, ready } from "./common.mjs";

const echoAgent = new Agent({
  name: "echoAgent",
  instructions: "Echo the user message.",
  model: { providerId: "lab", modelId: "lab-model", url: MODEL_URL, apiKey: "lab" },
});
const mastra = new Mastra({ agents: { echoAgent }, server: { host: HOST, port: PORT } });
await createNodeServer(mastra, { tools: {} });
ready(`http://${HOST}:${PORT}/.well-known/echoAgent/agent-card.json`);

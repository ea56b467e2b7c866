// Strands Agents (TypeScript) 1.19: an Agent on the scripted model (through its Vercel AI SDK
// model adapter), served by the SDK's own A2AExpressServer as its README shows: its executor, its
// card, mounted on @a2a-js/sdk's JSON-RPC handler (card at /.well-known/agent-card.json, JSON-RPC at /).
import { register } from "node:module";

// Before Strands is loaded (dynamic imports below): see strands-zod4.mjs.
register("./strands-zod4.mjs", import.meta.url);
const { Agent } = await import("@strands-agents/sdk");
const { VercelModel } = await import("@strands-agents/sdk/models/vercel");
const { A2AExpressServer } = await import("@strands-agents/sdk/a2a/express");
const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
const { BASE, HOST, MODEL_URL, PORT, ready } = await import("./common.mjs");

const provider = createOpenAICompatible({ name: "lab", baseURL: MODEL_URL, apiKey: "lab" });
const model = new VercelModel({ provider: provider.chatModel("lab-model") });

const server = new A2AExpressServer({
  agentFactory: () => new Agent({ model, systemPrompt: "Echo the user message.", printer: false }),
  name: "Strands echo agent",
  description: "Echoes the user message through a scripted model",
  host: HOST,
  port: PORT,
});
await server.serve();
ready(BASE);

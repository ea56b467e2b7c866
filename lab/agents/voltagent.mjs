// VoltAgent 2.x: an Agent on the scripted model, served by VoltAgent's own Hono server with
// its A2A server package (card at /.well-known/<agent>/agent-card.json, JSON-RPC at /a2a/<server>).
import { Agent, VoltAgent } from "@voltagent/core";
import { A2AServer } from "@voltagent/a2a-server";
import { honoServer } from "@voltagent/server-hono";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { HOST, MODEL_URL, PORT, ready } from "./common.mjs";

const provider = createOpenAICompatible({ name: "lab", baseURL: MODEL_URL, apiKey: "lab" });
const echo = new Agent({
  name: "echo",
  instructions: "Echo the user message.",
  model: provider.chatModel("lab-model"),
});
const a2a = new A2AServer({ name: "echo", version: "1.0.0", description: "Echoes through a scripted model" });

new VoltAgent({
  agents: { echo },
  a2aServers: { echo: a2a },
  server: honoServer({ port: PORT, hostname: HOST }),
});

// VoltAgent logs its own banner; poll the card so the handshake means "accepting requests".
const url = `http://${HOST}:${PORT}/.well-known/echo/agent-card.json`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(url)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 100));
}
ready(url);

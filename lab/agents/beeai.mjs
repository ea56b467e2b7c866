// BeeAI framework 0.1.30: a ToolCallingAgent on the scripted model (BeeAI's OpenAI adapter
// pointed at loopback), served by BeeAI's own A2AServer adapter (which wraps @a2a-js/sdk 0.3).
import { ToolCallingAgent } from "beeai-framework/agents/toolCalling/agent";
import { OpenAIChatModel } from "beeai-framework/adapters/openai/backend/chat";
import { A2AServer } from "beeai-framework/adapters/a2a/serve/server";
import { UnconstrainedMemory } from "beeai-framework/memory/unconstrainedMemory";
import { HOST, MODEL_URL, PORT, ready } from "./common.mjs";

const llm = new OpenAIChatModel("lab-model", {}, { baseURL: MODEL_URL, apiKey: "lab" });
const agent = new ToolCallingAgent({
  llm,
  memory: new UnconstrainedMemory(),
  tools: [],
  meta: { name: "echo", description: "Echoes through a scripted model" },
});
// serve() returns before express listens: poll the card for the handshake.
await new A2AServer({ host: HOST, port: PORT, protocol: "jsonrpc" })
  .register(agent, { name: "echo", description: "Echoes through a scripted model", version: "1.0.0" })
  .serve();
const url = `http://${HOST}:${PORT}/.well-known/agent-card.json`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(url)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 100));
}
ready(`http://${HOST}:${PORT}`);

// Google ADK for JS 2.0: an LlmAgent on the scripted model, served by ADK's own `toA2a`
// (which mounts @a2a-js/sdk's handlers on an express app ADK builds).
// ADK JS ships model classes for Gemini only, so the scripted model is reached through a
// small BaseLlm subclass; everything A2A is ADK's code.
import { BaseLlm, LlmAgent, toA2a } from "@google/adk";
import { HOST, MODEL_URL, PORT, ready } from "./common.mjs";

class ScriptedLlm extends BaseLlm {
  constructor() {
    super({ model: "lab-model" });
  }
  async *generateContentAsync(request, _stream, abortSignal) {
    const messages = (request.contents ?? []).map((c) => ({
      role: c.role === "model" ? "assistant" : "user",
      content: (c.parts ?? []).map((p) => p.text ?? "").join(""),
    }));
    const res = await fetch(`${MODEL_URL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "lab-model", messages }),
      signal: abortSignal,
    });
    const body = await res.json();
    const text = String(body.choices?.[0]?.message?.content ?? "");
    yield { content: { role: "model", parts: [{ text }] }, turnComplete: true };
  }
  async connect() {
    throw new Error("live connections are not part of the lab");
  }
}

const agent = new LlmAgent({
  name: "echo_agent",
  description: "Echoes through a scripted model",
  model: new ScriptedLlm(),
  instruction: "Echo the user message.",
});
const app = await toA2a(agent, { host: HOST, port: PORT, allowUnauthenticated: true });
app.listen(PORT, HOST, () => ready(`http://${HOST}:${PORT}`));

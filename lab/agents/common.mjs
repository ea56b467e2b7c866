// What every lab agent shares: where the scripted model is, how to ask it, and how to tell
// the runner that the agent is listening.

/** Base URL of the scripted OpenAI-compatible model (set by run.mjs). */
export const MODEL_URL = process.env.LAB_MODEL_URL ?? "http://127.0.0.1:0/v1";
/** Port this agent must listen on (set by run.mjs). */
export const PORT = Number(process.env.PORT ?? 0);
/** Second port, for an agent that serves gRPC beside HTTP (set by run.mjs when the agent asks for one). */
export const GRPC_PORT = Number(process.env.GRPC_PORT ?? 0);
export const HOST = "127.0.0.1";
export const BASE = `http://${HOST}:${PORT}`;

/** One non-streaming chat completion; used by agents whose model call is our own code. */
export async function askModel(text, signal) {
  const res = await fetch(`${MODEL_URL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "lab-model", messages: [{ role: "user", content: text }] }),
    signal,
  });
  if (!res.ok) throw new Error(`model answered HTTP ${res.status}`);
  const body = await res.json();
  return String(body.choices?.[0]?.message?.content ?? "");
}

/** The run.mjs handshake: one line once the agent accepts connections. */
export function ready(url) {
  console.log(`READY ${url}`);
}

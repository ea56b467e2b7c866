// A scripted stand-in for an OpenAI-compatible chat-completions service (and for the Gemini API's
// generateContent, for agents built on Google's own client), so every lab agent runs on loopback with
// no network and answers deterministically.
//
// The reply is "Echo: <last user text>", delivered in a few chunks spread over
// LAB_MODEL_DELAY_MS (default 600 ms) so that a task stays running for a moment, as it
// would with a real model — long enough for a client to cancel or subscribe.
import http from "node:http";

const DELAY_MS = Number(process.env.LAB_MODEL_DELAY_MS ?? 600);

/** The text of the last user message in an OpenAI chat request. */
function lastUserText(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role !== "user") continue;
    if (typeof m.content === "string") return m.content;
    if (Array.isArray(m.content)) {
      return m.content.map((p) => (typeof p?.text === "string" ? p.text : "")).join("");
    }
  }
  return "";
}

export function scriptedReply(body) {
  const text = lastUserText(body).trim().slice(0, 200);
  return `Echo: ${text || "(nothing)"}`;
}

function chunks(text, n) {
  const size = Math.max(1, Math.ceil(text.length / n));
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * The tool the request forces (tool_choice naming a function, as BeeAI does with its
 * final_answer tool), with arguments that put the reply in its first string property.
 */
function forcedToolCall(body, reply) {
  const name = body?.tool_choice?.function?.name;
  if (!name) return undefined;
  const tool = (body.tools ?? []).find((t) => t?.function?.name === name);
  const props = tool?.function?.parameters?.properties ?? {};
  const key = Object.keys(props).find((k) => props[k]?.type === "string") ?? "response";
  return {
    id: `call_lab_${Date.now()}`,
    type: "function",
    function: { name, arguments: JSON.stringify({ [key]: reply }) },
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The text of the last user turn in a Gemini generateContent request. */
function lastGeminiUserText(body) {
  const contents = Array.isArray(body?.contents) ? body.contents : [];
  for (let i = contents.length - 1; i >= 0; i--) {
    const c = contents[i];
    if (c?.role !== "user" || !Array.isArray(c.parts)) continue;
    const text = c.parts.map((p) => (typeof p?.text === "string" ? p.text : "")).join("");
    if (text) return text;
  }
  return "";
}

/**
 * A value that fits a JSON schema, for requests that ask for JSON (Gemini CLI's "who speaks next"
 * and model-routing calls): the first enum value ("user" where offered), empty values otherwise.
 */
function valueFor(schema) {
  if (!schema || typeof schema !== "object") return "lab";
  if (Array.isArray(schema.enum)) return schema.enum.includes("user") ? "user" : schema.enum[0];
  const type = String(schema.type ?? "").toLowerCase();
  if (type === "object" || schema.properties) {
    const out = {};
    for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = valueFor(v);
    return out;
  }
  if (type === "array") return [];
  if (type === "boolean") return false;
  if (type === "number" || type === "integer") return 0;
  return "lab";
}

/** Gemini API: models/{model}:generateContent, :streamGenerateContent (SSE) and :countTokens. */
async function handleGemini(req, res, action) {
  let raw = "";
  for await (const c of req) raw += c;
  let body = {};
  try {
    body = JSON.parse(raw || "{}");
  } catch {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { code: 400, message: "bad json", status: "INVALID_ARGUMENT" } }));
    return;
  }
  let closed = false;
  res.on("close", () => (closed = true));
  if (action === "countTokens") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ totalTokens: 10 }));
    return;
  }
  const config = body.generationConfig ?? body.config ?? {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  const text =
    config.responseMimeType === "application/json"
      ? JSON.stringify(valueFor(schema))
      : `Echo: ${lastGeminiUserText(body).trim().slice(0, 200) || "(nothing)"}`;
  const usageMetadata = {
    promptTokenCount: 10,
    candidatesTokenCount: text.length,
    totalTokenCount: 10 + text.length,
  };
  const candidate = (t, done) => ({
    candidates: [
      {
        content: { role: "model", parts: [{ text: t }] },
        index: 0,
        ...(done ? { finishReason: "STOP" } : {}),
      },
    ],
    usageMetadata,
    modelVersion: "lab-model",
  });
  if (action === "streamGenerateContent") {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const parts = config.responseMimeType === "application/json" ? [text] : chunks(text, 4);
    for (let i = 0; i < parts.length; i++) {
      await sleep(DELAY_MS / parts.length);
      if (closed) return;
      res.write(`data: ${JSON.stringify(candidate(parts[i], i === parts.length - 1))}\r\n\r\n`);
    }
    res.end();
    return;
  }
  await sleep(DELAY_MS);
  if (closed) return;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(candidate(text, true)));
}

async function handle(req, res) {
  if (req.method === "GET" && req.url.endsWith("/models")) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", data: [{ id: "lab-model", object: "model" }] }));
    return;
  }
  const gemini = /\/models\/[^/:?]+:(generateContent|streamGenerateContent|countTokens)/.exec(req.url);
  if (req.method === "POST" && gemini) return handleGemini(req, res, gemini[1]);
  if (req.method !== "POST" || !req.url.includes("chat/completions")) {
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
    return;
  }
  let raw = "";
  for await (const c of req) raw += c;
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "bad json" } }));
    return;
  }
  const reply = scriptedReply(body);
  const toolCall = forcedToolCall(body, reply);
  const id = `chatcmpl-lab-${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const model = body.model ?? "lab-model";
  const usage = { prompt_tokens: 10, completion_tokens: reply.length, total_tokens: 10 + reply.length };
  let closed = false;
  req.on("close", () => (closed = true));
  if (body.stream) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const parts = chunks(reply, 4);
    const base = { id, object: "chat.completion.chunk", created, model };
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] })}\n\n`,
    );
    if (toolCall) {
      await sleep(DELAY_MS);
      if (closed) return;
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, ...toolCall }] }, finish_reason: null }] })}\n\n`,
      );
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }], usage })}\n\n`,
      );
      res.end("data: [DONE]\n\n");
      return;
    }
    for (const p of parts) {
      await sleep(DELAY_MS / parts.length);
      if (closed) return;
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: p }, finish_reason: null }] })}\n\n`,
      );
    }
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage })}\n\n`,
    );
    res.end("data: [DONE]\n\n");
    return;
  }
  await sleep(DELAY_MS);
  if (closed) return;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id,
      object: "chat.completion",
      created,
      model,
      choices: [
        toolCall
          ? {
              index: 0,
              message: { role: "assistant", content: null, tool_calls: [toolCall] },
              finish_reason: "tool_calls",
            }
          : { index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" },
      ],
      usage,
    }),
  );
}

/** Starts the model on 127.0.0.1 (port 0 = any free port); resolves to { url, close }. */
export function startModelServer(port = 0) {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(err) } }));
    });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const { port: p } = server.address();
      resolve({
        url: `http://127.0.0.1:${p}/v1`,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await startModelServer(Number(process.env.PORT ?? 0));
  console.log(`READY ${url}`);
}

import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted model served over HTTP on 127.0.0.1 (docs/architecture.md): it speaks OpenAI's chat
 * completions API or Anthropic's messages API for real, and answers deterministically from a script.
 */
export type ScriptedApi = "openai" | "anthropic";

/** Which side of a conversation test is calling, read from the system prompt. */
export type CallerRole = "user" | "judge" | "other";

export interface ScriptedCall {
  api: ScriptedApi;
  role: CallerRole;
  system: string;
  /** Every message's text, joined by blank lines. */
  prompt: string;
  /** A JSON object was asked for (response_format, output_config.format or the json tool). */
  wantsJson: boolean;
  /** How JSON was asked for: "json_schema", "json_object", "output_format", "json_tool" or "none". */
  jsonMode: string;
  temperature: number | undefined;
  model: string;
  body: Record<string, unknown>;
}

export type ScriptedReply =
  | { json: unknown }
  | { text: string }
  | { refusal: string }
  | { status: number; body?: string; retryAfter?: string }
  | { hang: true };

export type Script = (call: ScriptedCall) => ScriptedReply;

export interface ScriptedModel {
  /** Base URL to configure (…/v1), e.g. PLAINWRIGHT_MODEL_BASE_URL. */
  baseURL: string;
  /** Every call received, in order (injected faults included). */
  calls: ScriptedCall[];
  /** Answers the next call of `role` (any role when omitted) with `reply` instead of the script. */
  inject(reply: ScriptedReply, role?: CallerRole): void;
  /** Forgets the calls and any fault not yet used. */
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((p: Json) => (typeof p.text === "string" ? p.text : ""))
    .filter(Boolean)
    .join("\n");
}

/** The role markers the conversation prompts begin with. */
export function roleOf(system: string): CallerRole {
  if (/role-playing a user/i.test(system)) return "user";
  if (/you are the judge/i.test(system)) return "judge";
  return "other";
}

function readCall(api: ScriptedApi, body: Json): ScriptedCall {
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  let system = api === "anthropic" ? textOf(body.system) : "";
  if (api === "openai")
    system = messages
      .filter((m) => m.role === "system")
      .map((m) => textOf(m.content))
      .join("\n");
  const prompt = messages
    .filter((m) => m.role !== "system")
    .map((m) => textOf(m.content))
    .join("\n\n");
  const format = (body.response_format as Json | undefined)?.type;
  const outputFormat = (body.output_config as Json | undefined)?.format;
  const jsonTool = Array.isArray(body.tools) && (body.tools as Json[]).some((t) => t.name === "json");
  const jsonMode =
    typeof format === "string"
      ? format
      : outputFormat !== undefined
        ? "output_format"
        : jsonTool
          ? "json_tool"
          : "none";
  return {
    api,
    role: roleOf(system),
    system,
    prompt,
    wantsJson: jsonMode !== "none",
    jsonMode,
    temperature: typeof body.temperature === "number" ? body.temperature : undefined,
    model: typeof body.model === "string" ? body.model : "",
    body,
  };
}

const tokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

function openaiBody(call: ScriptedCall, reply: { text: string } | { refusal: string }) {
  const text = "text" in reply ? reply.text : "";
  const message =
    "refusal" in reply
      ? { role: "assistant", content: null, refusal: reply.refusal }
      : { role: "assistant", content: text };
  return {
    id: "chatcmpl-scripted",
    object: "chat.completion",
    created: 1_700_000_000,
    model: call.model,
    choices: [{ index: 0, message, finish_reason: "stop" }],
    usage: {
      prompt_tokens: tokens(call.system + call.prompt),
      completion_tokens: tokens(text),
      total_tokens: 0,
    },
  };
}

function anthropicBody(call: ScriptedCall, reply: { text: string } | { refusal: string }, value?: unknown) {
  const text = "text" in reply ? reply.text : reply.refusal;
  const asTool = call.jsonMode === "json_tool" && value !== undefined;
  const content = asTool
    ? [{ type: "tool_use", id: "toolu_scripted", name: "json", input: value }]
    : [{ type: "text", text }];
  return {
    id: "msg_scripted",
    type: "message",
    role: "assistant",
    model: call.model,
    content,
    stop_reason: "refusal" in reply ? "refusal" : asTool ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: tokens(call.system + call.prompt), output_tokens: tokens(text) },
  };
}

function respond(res: http.ServerResponse, call: ScriptedCall, reply: ScriptedReply): void {
  if ("hang" in reply) return; // never answered: the client's timeout must end the call
  if ("status" in reply) {
    res.writeHead(reply.status, {
      "content-type": "application/json",
      ...(reply.retryAfter !== undefined ? { "retry-after": reply.retryAfter } : {}),
    });
    res.end(reply.body ?? JSON.stringify({ error: { message: `scripted HTTP ${reply.status}` } }));
    return;
  }
  const value = "json" in reply ? reply.json : undefined;
  const plain = "json" in reply ? { text: JSON.stringify(reply.json) } : reply;
  const body = call.api === "openai" ? openaiBody(call, plain) : anthropicBody(call, plain, value);
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Starts a scripted model on 127.0.0.1 speaking `api`. */
export async function startScriptedModel(api: ScriptedApi, script: Script): Promise<ScriptedModel> {
  const calls: ScriptedCall[] = [];
  const injected: Array<{ reply: ScriptedReply; role?: CallerRole }> = [];
  const path = api === "openai" ? "/v1/chat/completions" : "/v1/messages";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url?.split("?")[0] !== path) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const call = readCall(api, JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json);
      calls.push(call);
      const i = injected.findIndex((f) => f.role === undefined || f.role === call.role);
      const fault = i >= 0 ? injected.splice(i, 1)[0] : undefined;
      respond(res, call, fault ? fault.reply : script(call));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    calls,
    inject: (reply, role) => injected.push({ reply, ...(role ? { role } : {}) }),
    reset: () => {
      calls.length = 0;
      injected.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

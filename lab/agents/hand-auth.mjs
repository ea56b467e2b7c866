// A hand-written A2A 0.3 server (no SDK, node:http only) behind an API key: JSON-RPC at /jsonrpc, no streaming,
// no push, tasks that work for a while (so they can be canceled), each caller's tasks its own. Written the way a
// developer reads the 0.3 specification; its answer key is lab/expected/hand-auth.json.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { askModel, BASE, HOST, PORT, ready } from "./common.mjs";

const KEYS = new Set(["lab-key-1", "lab-key-2"]);
const WORK_MS = 1500;

const card = {
  protocolVersion: "0.3.0",
  name: "Report writer",
  description: "Writes a short report on a topic; takes a moment",
  version: "0.9.0",
  url: `${BASE}/jsonrpc`,
  preferredTransport: "JSONRPC",
  provider: { organization: "Plainwright lab", url: "https://example.org/lab" },
  capabilities: { streaming: false, pushNotifications: false },
  securitySchemes: {
    apiKey: { type: "apiKey", name: "X-API-Key", in: "header", description: "Ask the lab for a key" },
  },
  security: [{ apiKey: [] }],
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [
    {
      id: "report",
      name: "Report",
      description: "Writes a short report",
      tags: ["writing"],
      examples: ["write a report about tea"],
    },
  ],
};

const TERMINAL = new Set(["completed", "canceled", "failed", "rejected"]);
const tasks = new Map(); // id -> { owner, task }

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const now = () => new Date().toISOString();
const textOf = (message) =>
  (message.parts ?? [])
    .filter((p) => p?.kind === "text")
    .map((p) => p.text)
    .join(" ");

function owned(owner, id) {
  if (typeof id !== "string") throw new Error(`id must be a string, got ${typeof id}`);
  const entry = tasks.get(id);
  if (!entry || entry.owner !== owner) throw new RpcError(-32001, "Task not found");
  return entry.task;
}

function view(task, historyLength) {
  const { history, ...rest } = task;
  if (typeof historyLength !== "number") return rest;
  return historyLength === 0 ? rest : { ...rest, history: history.slice(-historyLength) };
}

async function run(task, text) {
  await new Promise((r) => setTimeout(r, WORK_MS));
  if (task.status.state === "canceled") return;
  const answer = await askModel(text);
  if (task.status.state === "canceled") return;
  task.artifacts = [{ artifactId: randomUUID(), name: "report", parts: [{ kind: "text", text: answer }] }];
  task.history.push({
    kind: "message",
    role: "agent",
    messageId: randomUUID(),
    taskId: task.id,
    contextId: task.contextId,
    parts: [{ kind: "text", text: answer }],
  });
  task.status = { state: "completed", timestamp: now() };
}

async function send(owner, params) {
  const message = params?.message;
  if (!message || typeof message !== "object" || !Array.isArray(message.parts))
    throw new RpcError(-32602, "message is required");
  if (message.taskId) {
    const task = owned(owner, message.taskId);
    if (TERMINAL.has(task.status.state)) throw new RpcError(-32004, `task is ${task.status.state}`);
    throw new RpcError(-32004, "this agent does not take follow-up messages while it works");
  }
  const task = {
    kind: "task",
    id: randomUUID(),
    contextId: message.contextId ?? randomUUID(),
    status: { state: "working", timestamp: now() },
    history: [{ ...message }],
  };
  tasks.set(task.id, { owner, task });
  const done = run(task, textOf(message));
  if (params.configuration?.blocking === false) return view(task, params.configuration?.historyLength);
  await done;
  return view(task, params.configuration?.historyLength);
}

function cancel(owner, params) {
  const entry = tasks.get(params?.id);
  if (!entry || entry.owner !== owner) throw new RpcError(-32002, "Task cannot be canceled");
  if (TERMINAL.has(entry.task.status.state)) throw new RpcError(-32002, "Task cannot be canceled");
  entry.task.status = { state: "canceled", timestamp: now() };
  return view(entry.task);
}

async function handle(owner, method, params) {
  switch (method) {
    case "message/send":
      return send(owner, params);
    case "tasks/get":
      return view(owned(owner, params?.id), params?.historyLength);
    case "tasks/cancel":
      return cancel(owner, params);
    case "message/stream":
    case "tasks/resubscribe":
      throw new RpcError(-32004, "Streaming is not supported");
    case "tasks/pushNotificationConfig/set":
    case "tasks/pushNotificationConfig/get":
    case "tasks/pushNotificationConfig/list":
    case "tasks/pushNotificationConfig/delete":
      throw new RpcError(-32003, "Push Notification is not supported");
    default:
      throw new RpcError(-32601, "Method not found");
  }
}

function reply(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

http
  .createServer(async (req, res) => {
    const path = new URL(req.url, BASE).pathname;
    if (req.method === "GET" && path === "/.well-known/agent-card.json") return reply(res, 200, card);
    if (req.method !== "POST" || path !== "/jsonrpc") return reply(res, 404, { error: "not found" });
    const key = req.headers["x-api-key"];
    if (typeof key !== "string" || !KEYS.has(key))
      return reply(res, 401, { error: "a valid X-API-Key is required" });
    let body = "";
    for await (const chunk of req) body += chunk;
    let request;
    try {
      request = JSON.parse(body);
    } catch {
      return reply(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    }
    if (request?.jsonrpc !== "2.0" || typeof request.method !== "string")
      return reply(res, 200, {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "Invalid Request" },
      });
    try {
      reply(res, 200, {
        jsonrpc: "2.0",
        id: request.id,
        result: await handle(key, request.method, request.params),
      });
    } catch (e) {
      const code = e instanceof RpcError ? e.code : -32603;
      reply(res, 200, { jsonrpc: "2.0", id: request.id, error: { code, message: e.message } });
    }
  })
  .listen(PORT, HOST, () => ready(BASE));

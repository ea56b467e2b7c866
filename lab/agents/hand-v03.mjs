// A hand-written A2A 0.3 server (no SDK, node:http only), as a developer would write one from the 0.3
// specification: JSON-RPC at /rpc and HTTP+JSON at /rest, SSE streaming, a table-booking skill that asks
// back for the party size, and an echo skill on the scripted model. Its answer key is
// lab/expected/hand-v03.json.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { askModel, BASE, HOST, PORT, ready } from "./common.mjs";

const card = {
  protocolVersion: "0.3.0",
  name: "Table booker",
  description: "Books a table (asks for the party size) and echoes anything else",
  version: "2.1.0",
  url: `${BASE}/rpc`,
  preferredTransport: "JSONRPC",
  additionalInterfaces: [
    { url: `${BASE}/rpc`, transport: "JSONRPC" },
    { url: `${BASE}/rest`, transport: "HTTP+JSON" },
  ],
  provider: { organization: "Plainwright lab", url: "https://example.org/lab" },
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [
    {
      id: "book",
      name: "Book a table",
      description: "Books a table",
      tags: ["booking"],
      examples: ["book a table"],
    },
    { id: "echo", name: "Echo", description: "Echoes text", tags: ["echo"], examples: ["hello there"] },
  ],
};

const TERMINAL = new Set(["completed", "canceled", "failed", "rejected"]);
const tasks = new Map();
const watchers = new Map(); // task id -> Set of (event) => void

const now = () => new Date().toISOString();
const textOf = (message) =>
  (message?.parts ?? message?.content ?? [])
    .filter((p) => typeof p?.text === "string")
    .map((p) => p.text)
    .join(" ");

function publish(task, event) {
  for (const send of watchers.get(task.id) ?? []) send(event);
}

function setState(task, state, message) {
  task.status = { state, timestamp: now(), ...(message ? { message } : {}) };
  publish(task, {
    kind: "status-update",
    taskId: task.id,
    status: task.status,
    final: TERMINAL.has(state) || state === "input-required",
  });
}

function agentMessage(task, text) {
  return {
    kind: "message",
    role: "assistant",
    messageId: randomUUID(),
    taskId: task.id,
    contextId: task.contextId,
    parts: [{ kind: "text", text }],
  };
}

async function work(task, text) {
  await new Promise((r) => setTimeout(r, 150));
  if (task.status.state === "canceled") return;
  setState(task, "working");
  const booking = task.booking || /\bbook\b/i.test(text);
  if (booking && !task.booking) {
    task.booking = true;
    const ask = agentMessage(task, "For how many people?");
    task.history.push(ask);
    setState(task, "input-required", ask);
    return;
  }
  const answer = booking ? `Booked a table for ${text.trim()}.` : await askModel(text);
  if (task.status.state === "canceled") return;
  const artifact = { name: "answer", parts: [{ kind: "text", text: answer }] };
  task.artifacts.push(artifact);
  publish(task, {
    kind: "artifact-update",
    taskId: task.id,
    contextId: task.contextId,
    artifact: { artifactId: randomUUID(), ...artifact },
    lastChunk: true,
  });
  task.history.push(agentMessage(task, answer));
  setState(task, "completed");
}

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** Starts or continues a task; resolves to the task once `until` says so. */
function accept(params) {
  const message = params?.message;
  if (!message || typeof message !== "object" || !Array.isArray(message.parts ?? message.content))
    throw new RpcError(-32602, "params.message with parts is required");
  let task;
  if (message.taskId) {
    task = tasks.get(message.taskId);
    if (!task) throw new RpcError(-32001, "Task not found");
    if (TERMINAL.has(task.status.state)) return { task, started: Promise.resolve() };
  } else {
    task = {
      kind: "task",
      id: randomUUID(),
      contextId: message.contextId ?? randomUUID(),
      status: { state: "submitted", timestamp: now() },
      history: [],
      artifacts: [],
    };
    tasks.set(task.id, task);
  }
  task.history.push({ ...message, taskId: task.id, contextId: task.contextId });
  return { task, started: work(task, textOf(message)) };
}

function view(task, historyLength) {
  const out = { ...task };
  delete out.booking;
  if (typeof historyLength === "number" && historyLength >= 0)
    out.history = historyLength === 0 ? [] : task.history.slice(-historyLength);
  return out;
}

async function send(params) {
  const { task, started } = accept(params);
  if (params.configuration?.blocking === false) return view(task);
  await started;
  return view(task, params.configuration?.historyLength);
}

function getTask(params) {
  if (typeof params?.id !== "string") throw new RpcError(-32602, "params.id is required");
  const task = tasks.get(params.id);
  if (!task) throw new RpcError(-32001, "Task not found");
  return view(task, params.historyLength);
}

function cancel(params) {
  if (typeof params?.id !== "string") throw new RpcError(-32602, "params.id is required");
  const task = tasks.get(params.id);
  if (!task) throw new RpcError(-32001, "Task not found");
  if (TERMINAL.has(task.status.state)) throw new RpcError(-32002, "Task cannot be canceled");
  setState(task, "canceled");
  return view(task);
}

/** Writes an SSE stream of the task's events until its final one; `first` is sent before the updates. */
function streamTask(res, task, first, wrap) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const write = (event) => res.write(`data: ${JSON.stringify(wrap(event))}\n\n`);
  if (first) write(first);
  if (TERMINAL.has(task.status.state)) return res.end();
  const set = watchers.get(task.id) ?? new Set();
  watchers.set(task.id, set);
  const onEvent = (event) => {
    write(event);
    if (event.final) {
      set.delete(onEvent);
      res.end();
    }
  };
  set.add(onEvent);
  res.on("close", () => set.delete(onEvent));
}

async function readBody(req) {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 1_000_000) throw new RpcError(-32600, "Request too large");
  }
  return body;
}

function json(res, status, value) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

async function onRpc(req, res) {
  let request;
  try {
    request = JSON.parse(await readBody(req));
  } catch {
    return json(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
  }
  const id = request?.id ?? null;
  const reply = (result) => json(res, 200, { jsonrpc: "2.0", id, result });
  const error = (e) =>
    json(res, 200, {
      jsonrpc: "2.0",
      id: e.code === -32602 ? null : id,
      error: { code: e.code ?? -32603, message: e.message },
    });
  if (request?.jsonrpc !== "2.0" || typeof request.method !== "string")
    return json(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } });
  try {
    switch (request.method) {
      case "message/send":
        return reply(await send(request.params));
      case "tasks/get":
        return reply(getTask(request.params));
      case "tasks/cancel":
        return reply(cancel(request.params));
      case "message/stream": {
        const { task } = accept(request.params);
        return streamTask(res, task, undefined, (event) => ({ jsonrpc: "2.0", id, result: event }));
      }
      case "tasks/resubscribe": {
        const task = tasks.get(request.params?.id);
        if (!task) throw new RpcError(-32001, "Task not found");
        return streamTask(res, task, view(task), (event) => ({ jsonrpc: "2.0", id, result: event }));
      }
      case "tasks/pushNotificationConfig/set":
      case "tasks/pushNotificationConfig/get":
      case "tasks/pushNotificationConfig/list":
      case "tasks/pushNotificationConfig/delete":
        throw new RpcError(-32003, "Push Notification is not supported");
      default:
        throw new RpcError(-32601, "Method not found");
    }
  } catch (e) {
    return error(e instanceof RpcError ? e : new RpcError(-32603, String(e?.message ?? e)));
  }
}

const restStatus = { [-32001]: 404, [-32002]: 409, [-32003]: 400, [-32602]: 400, [-32601]: 404 };

async function onRest(req, res, path) {
  const url = new URL(req.url, BASE);
  const fail = (e) => {
    const code = e instanceof RpcError ? e.code : -32603;
    json(res, restStatus[code] ?? 500, { code, message: e.message });
  };
  try {
    if (req.method === "POST" && (path === "/v1/message:send" || path === "/v1/message:stream")) {
      let params;
      try {
        params = JSON.parse(await readBody(req));
      } catch {
        throw new RpcError(-32602, "the body is not JSON");
      }
      if (path === "/v1/message:send") return json(res, 200, await send(params));
      const { task } = accept(params);
      return streamTask(res, task, undefined, (event) => event);
    }
    const m = path.match(/^\/v1\/tasks\/([^/:]+)(:cancel|:subscribe)?$/);
    if (m && req.method === "GET" && !m[2]) {
      const historyLength = url.searchParams.has("historyLength")
        ? Number(url.searchParams.get("historyLength"))
        : undefined;
      return json(res, 200, getTask({ id: decodeURIComponent(m[1]), historyLength }));
    }
    if (m && req.method === "POST" && m[2] === ":cancel")
      return json(res, 200, cancel({ id: decodeURIComponent(m[1]) }));
    if (m && m[2] === ":subscribe") {
      const task = tasks.get(decodeURIComponent(m[1]));
      if (!task) throw new RpcError(-32001, "Task not found");
      return streamTask(res, task, view(task), (event) => event);
    }
    if (/^\/v1\/tasks\/[^/]+\/pushNotificationConfigs/.test(path))
      throw new RpcError(-32003, "Push Notification is not supported");
    if (req.method === "GET" && path === "/v1/card") return json(res, 200, card);
    throw new RpcError(-32601, "Not found");
  } catch (e) {
    fail(e);
  }
}

http
  .createServer((req, res) => {
    const path = new URL(req.url, BASE).pathname;
    if (req.method === "GET" && path === "/.well-known/agent-card.json") return json(res, 200, card);
    if (req.method === "POST" && path === "/rpc") return void onRpc(req, res);
    if (path.startsWith("/rest/")) return void onRest(req, res, path.slice("/rest".length));
    json(res, 404, { error: "not found" });
  })
  .listen(PORT, HOST, () => ready(BASE));

// A hand-written A2A 1.0 server (no SDK, node:http only), as a developer would write one from the 1.0.1
// specification: JSON-RPC at /a2a, SSE streaming and SubscribeToTask, ListTasks, no push, a booking skill
// that asks back, a ping skill answered with a Message, an echo skill on the scripted model.
// Its answer key is lab/expected/hand-v10.json.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { askModel, BASE, HOST, PORT, ready } from "./common.mjs";

const card = {
  name: "Concierge",
  description: "Books tables (asks for the party size), answers pings and echoes anything else",
  version: "1.4.2",
  supportedInterfaces: [{ url: `${BASE}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  provider: { organization: "Plainwright lab", url: "https://example.org/lab" },
  capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: false },
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
    { id: "ping", name: "Ping", description: "Answers pong", tags: ["health"], examples: ["ping"] },
    { id: "echo", name: "Echo", description: "Echoes text", tags: ["echo"], examples: ["hello there"] },
  ],
};

const S = (name) => `TASK_STATE_${name}`;
const TERMINAL = new Set([S("COMPLETED"), S("CANCELED"), S("FAILED"), S("REJECTED")]);
const INTERRUPTED = new Set([S("INPUT_REQUIRED"), S("AUTH_REQUIRED")]);
const tasks = new Map(); // id -> task, in creation order
const watchers = new Map(); // id -> Set<(event) => void>

// Local wall-clock time without a zone: what `toISOString` gives minus its "Z", the way the author wanted it.
const now = () => new Date().toISOString().slice(0, -1);

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const textOf = (message) =>
  (Array.isArray(message?.parts) ? message.parts : [])
    .filter((p) => typeof p?.text === "string")
    .map((p) => p.text)
    .join(" ");

function publish(task, event) {
  for (const send of watchers.get(task.id) ?? []) send(event);
}

function setState(task, state, message) {
  task.status = { state, timestamp: now(), ...(message ? { message } : {}) };
  publish(task, { statusUpdate: { taskId: task.id, contextId: task.contextId, status: task.status } });
}

const agentMessage = (task, text) => ({
  messageId: randomUUID(),
  role: "ROLE_AGENT",
  taskId: task.id,
  contextId: task.contextId,
  parts: [{ text }],
});

async function work(task, text) {
  await new Promise((r) => setTimeout(r, 200));
  if (TERMINAL.has(task.status.state)) return;
  setState(task, S("WORKING"));
  const booking = task.booking || /\bbook\b/i.test(text);
  if (booking && !task.booking) {
    task.booking = true;
    const ask = agentMessage(task, "For how many people?");
    task.history.push(ask);
    return setState(task, S("INPUT_REQUIRED"), ask);
  }
  const answer = booking ? `Booked a table for ${text.trim()}.` : await askModel(text);
  if (TERMINAL.has(task.status.state)) return;
  const artifact = { artifactId: randomUUID(), name: "answer", parts: [{ text: answer }] };
  task.artifacts.push(artifact);
  publish(task, {
    artifactUpdate: { taskId: task.id, contextId: task.contextId, artifact, lastChunk: true },
  });
  task.history.push(agentMessage(task, answer));
  setState(task, S("COMPLETED"));
}

function view(task, historyLength) {
  const { booking, settled, ...out } = task;
  if (typeof historyLength === "number" && historyLength > 0)
    out.history = task.history.slice(-historyLength);
  return out;
}

/** Starts or continues a task; `{ message }` for a ping, `{ task, settled }` otherwise. */
function accept(params) {
  const message = params?.message;
  if (
    !message ||
    typeof message !== "object" ||
    !Array.isArray(message.parts) ||
    typeof message.messageId !== "string"
  )
    throw new RpcError(-32602, "message with messageId and parts is required");
  const text = textOf(message);
  if (!message.taskId && /^\s*ping\s*$/i.test(text))
    return {
      message: {
        messageId: randomUUID(),
        role: "ROLE_AGENT",
        contextId: message.contextId ?? randomUUID(),
        parts: [{ text: "pong" }],
      },
    };
  let task;
  if (message.taskId) {
    task = tasks.get(message.taskId);
    if (!task) throw new RpcError(-32001, "Task not found");
    if (message.contextId && message.contextId !== task.contextId)
      throw new RpcError(-32602, "contextId does not match the task");
    if (TERMINAL.has(task.status.state)) throw new RpcError(-32004, "Task is in a terminal state");
  } else {
    task = {
      id: randomUUID(),
      contextId: message.contextId ?? randomUUID(),
      status: { state: S("SUBMITTED"), timestamp: now() },
      artifacts: [],
      history: [],
    };
    tasks.set(task.id, task);
  }
  task.history.push({ ...message, taskId: task.id, contextId: task.contextId });
  task.settled = work(task, text);
  return { task };
}

async function sendMessage(params) {
  const accepted = accept(params);
  if (accepted.message) return { message: accepted.message };
  const { task } = accepted;
  if (!params.configuration?.returnImmediately) await task.settled;
  return { task: view(task, params.configuration?.historyLength) };
}

function found(params) {
  if (typeof params?.id !== "string") throw new RpcError(-32602, "id is required");
  const task = tasks.get(params.id);
  if (!task) throw new RpcError(-32001, "Task not found");
  return task;
}

function cancelTask(params) {
  const task = found(params);
  if (!TERMINAL.has(task.status.state)) setState(task, S("CANCELED"));
  return view(task);
}

function listTasks(params = {}) {
  const size = params.pageSize ?? 50;
  if (!Number.isInteger(size) || size < 1 || size > 100) throw new RpcError(-32602, "pageSize must be 1-100");
  let all = [...tasks.values()];
  if (params.contextId) all = all.filter((t) => t.contextId === params.contextId);
  if (params.status) all = all.filter((t) => t.status.state === params.status);
  const start = params.pageToken ? Number(params.pageToken) : 0;
  const page = all.slice(start, start + size).map((t) => {
    const v = view(t, params.historyLength);
    if (!params.includeArtifacts) delete v.artifacts;
    return v;
  });
  const next = start + size < all.length ? String(start + size) : undefined;
  return { tasks: page, ...(next ? { nextPageToken: next } : {}), pageSize: size, totalSize: all.length };
}

function stream(res, id, task, first) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const write = (event) => res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id, result: event })}\n\n`);
  write(first);
  const set = watchers.get(task.id) ?? new Set();
  watchers.set(task.id, set);
  const onEvent = (event) => {
    write(event);
    const state = event.statusUpdate?.status.state;
    if (state && (TERMINAL.has(state) || INTERRUPTED.has(state))) {
      set.delete(onEvent);
      res.end();
    }
  };
  set.add(onEvent);
  res.on("close", () => set.delete(onEvent));
}

function errorReply(id, e) {
  return { jsonrpc: "2.0", id, error: { code: e.code, message: e.message } };
}

async function onRpc(req, res, body) {
  const json = (status, value) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(value));
  };
  let request;
  try {
    request = JSON.parse(body);
  } catch {
    return json(200, errorReply(null, new RpcError(-32700, "Parse error")));
  }
  if (request?.jsonrpc !== "2.0" || typeof request.method !== "string" || !("id" in request))
    return json(200, errorReply(null, new RpcError(-32600, "Invalid Request")));
  const id = request.id;
  try {
    const version = req.headers["a2a-version"] ?? "";
    if (version !== "1.0")
      throw new RpcError(-32009, `A2A version ${version || "0.3 (none given)"} is not supported; use 1.0`);
    const params = request.params;
    switch (request.method) {
      case "SendMessage":
        return json(200, { jsonrpc: "2.0", id, result: await sendMessage(params) });
      case "SendStreamingMessage": {
        const accepted = accept(params);
        if (accepted.message) return (stream(res, id, { id: "-" }, { message: accepted.message }), res.end());
        return stream(res, id, accepted.task, { task: view(accepted.task) });
      }
      case "GetTask":
        return json(200, { jsonrpc: "2.0", id, result: view(found(params), params.historyLength) });
      case "ListTasks":
        return json(200, { jsonrpc: "2.0", id, result: listTasks(params) });
      case "CancelTask":
        return json(200, { jsonrpc: "2.0", id, result: cancelTask(params) });
      case "SubscribeToTask": {
        const task = found(params);
        if (TERMINAL.has(task.status.state)) throw new RpcError(-32004, "Task is in a terminal state");
        return stream(res, id, task, { task: view(task) });
      }
      case "CreateTaskPushNotificationConfig":
      case "GetTaskPushNotificationConfig":
      case "ListTaskPushNotificationConfigs":
      case "DeleteTaskPushNotificationConfig":
        throw new RpcError(-32003, "Push notifications are not supported");
      case "GetExtendedAgentCard":
        throw new RpcError(-32004, "No extended agent card");
      default:
        throw new RpcError(-32601, "Method not found");
    }
  } catch (e) {
    return json(
      200,
      errorReply(id, e instanceof RpcError ? e : new RpcError(-32603, String(e?.message ?? e))),
    );
  }
}

http
  .createServer(async (req, res) => {
    const path = new URL(req.url, BASE).pathname;
    if (req.method === "GET" && path === "/.well-known/agent-card.json") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(card));
    }
    if (req.method === "POST" && path === "/a2a") {
      let body = "";
      for await (const chunk of req) body += chunk;
      return onRpc(req, res, body);
    }
    res.writeHead(404).end();
  })
  .listen(PORT, HOST, () => ready(BASE));

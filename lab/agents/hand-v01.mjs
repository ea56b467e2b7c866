// A hand-written A2A 0.1 server (no SDK, node:http only), written from the 0.1 specification as an agent of
// that era was: tasks/send with the client's task id and a sessionId, tasks/sendSubscribe streaming, parts tagged
// with `type`, the card at /.well-known/agent.json with an `authentication` member. Its answer key is
// lab/expected/hand-v01.json.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { askModel, BASE, HOST, PORT, ready } from "./common.mjs";

const card = {
  name: "Summary agent",
  description: "Summarises what you send it",
  url: `${BASE}/`,
  version: "0.1.3",
  capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: false },
  authentication: { schemes: ["public"] },
  defaultInputModes: ["text"],
  defaultOutputModes: ["text"],
  skills: [
    { id: "summarise", name: "Summarise", description: "Summarises text", examples: ["summarise this"] },
  ],
};

const TERMINAL = new Set(["completed", "canceled", "failed"]);
const tasks = new Map();

const now = () => new Date().toISOString();
const textOf = (message) =>
  (message.parts ?? [])
    .filter((p) => p?.type === "text")
    .map((p) => p.text)
    .join(" ");

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function view(task, historyLength) {
  const { history, ...rest } = task;
  return historyLength > 0 ? { ...rest, history: history.slice(-historyLength) } : rest;
}

/** Runs one turn of a task; `emit` gets each status and artifact update. */
async function turn(params, emit = () => {}) {
  const { id, message } = params ?? {};
  if (typeof id !== "string" || !message || !Array.isArray(message.parts))
    throw new RpcError(-32602, "Invalid params");
  let task = tasks.get(id);
  if (!task) {
    task = {
      id,
      sessionId: params.sessionId ?? randomUUID(),
      status: { state: "submitted", timestamp: now() },
      history: [],
    };
    tasks.set(id, task);
  }
  task.history.push(message);
  task.status = { state: "working", timestamp: now() };
  emit({ id, status: task.status, final: false });
  const answer = await askModel(textOf(message));
  if (task.status.state === "canceled") return task;
  task.artifacts = [{ name: "summary", parts: [{ type: "text", text: answer }], index: 0 }];
  emit({ id, artifact: task.artifacts[0] });
  task.history.push({ role: "agent", parts: [{ type: "text", text: answer }] });
  task.status = { state: "completed", timestamp: now(), message: { role: "agent", parts: [] } };
  emit({ id, status: task.status, final: true });
  return task;
}

function found(params) {
  const task = tasks.get(params?.id);
  if (!task) throw new RpcError(-32001, "Task not found");
  return task;
}

http
  .createServer(async (req, res) => {
    const path = new URL(req.url, BASE).pathname;
    if (req.method === "GET" && path === "/.well-known/agent.json") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(card));
    }
    if (req.method !== "POST" || path !== "/") return res.writeHead(404).end();
    let body = "";
    for await (const chunk of req) body += chunk;
    let request;
    try {
      request = JSON.parse(body);
    } catch {
      return res.end(
        JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
      );
    }
    const id = request?.id ?? null;
    if (request?.jsonrpc !== "2.0" || typeof request.method !== "string")
      return res.end(
        JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } }),
      );
    const answer = (result) => res.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
    try {
      switch (request.method) {
        case "tasks/send":
          return answer(view(await turn(request.params), request.params.historyLength));
        case "tasks/get":
          return answer(view(found(request.params), request.params?.historyLength));
        case "tasks/cancel": {
          const task = found(request.params);
          if (!TERMINAL.has(task.status.state)) task.status = { state: "canceled", timestamp: now() };
          return answer(view(task));
        }
        case "tasks/sendSubscribe": {
          res.writeHead(200, { "content-type": "text/event-stream" });
          const send = (event) =>
            res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id, result: event })}\n\n`);
          await turn(request.params, send);
          return res.end();
        }
        case "tasks/resubscribe": {
          const task = found(request.params);
          res.writeHead(200, { "content-type": "text/event-stream" });
          const final = TERMINAL.has(task.status.state);
          res.write(
            `data: ${JSON.stringify({ jsonrpc: "2.0", id, result: { id: task.id, status: task.status, final } })}\n\n`,
          );
          return res.end();
        }
        case "tasks/pushNotification/set":
        case "tasks/pushNotification/get":
          throw new RpcError(-32003, "Push Notification is not supported");
        default:
          throw new RpcError(-32601, "Method not found");
      }
    } catch (e) {
      const code = e instanceof RpcError ? e.code : -32603;
      if (res.headersSent) return res.end();
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message: e.message } }));
    }
  })
  .listen(PORT, HOST, () => ready(BASE));

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * An A2A 0.3 JSON-RPC agent whose streams never end and whose tasks never settle: a status-update
 * every `everyMs` for as long as the client listens. It counts its open sockets, so a test can
 * see whether the server under test let go of it.
 */
export interface EndlessAgent {
  url: string;
  /** Sockets open now. */
  openSockets(): number;
  /** Streams being written now. */
  openStreams(): number;
  close(): Promise<void>;
}

const task = (id: string, state: string) => ({
  kind: "task",
  id,
  contextId: "ctx-endless",
  status: { state, timestamp: new Date().toISOString() },
});

function card(base: string) {
  return {
    name: "Endless agent",
    description: "Streams that never end",
    version: "1.0.0",
    protocolVersion: "0.3.0",
    url: `${base}/a2a`,
    preferredTransport: "JSONRPC",
    capabilities: { streaming: true },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "wait", name: "Wait", description: "Waits forever", tags: ["wait"] }],
  };
}

function readBody(
  req: IncomingMessage,
): Promise<{ id?: unknown; method?: string; params?: { message?: unknown } }> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      try {
        resolve(JSON.parse(text) as { id?: unknown; method?: string });
      } catch {
        resolve({});
      }
    });
  });
}

/** Starts the agent on a free loopback port. */
export async function startEndlessAgent(everyMs = 100): Promise<EndlessAgent> {
  const sockets = new Set<Socket>();
  let streams = 0;
  let base = "";
  const stream = (res: ServerResponse, id: unknown) => {
    streams++;
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    let n = 0;
    const timer = setInterval(() => {
      const result = {
        kind: "status-update",
        taskId: "t-endless",
        contextId: "ctx-endless",
        final: false,
        status: { state: "working" },
        n: ++n,
      };
      res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`);
    }, everyMs);
    res.on("close", () => {
      clearInterval(timer);
      streams--;
    });
  };
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url?.endsWith(".json")) {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(card(base)));
      return;
    }
    void readBody(req).then((call) => {
      const reply = (body: Record<string, unknown>) =>
        res
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...body }));
      if (call.method === "message/stream" && call.params?.message) return stream(res, call.id);
      if (call.method === "message/send" && call.params?.message)
        return reply({ result: task("t-endless", "working") });
      if (call.method === "tasks/get") return reply({ result: task("t-endless", "working") });
      if (call.method === "tasks/resubscribe") return stream(res, call.id);
      if (call.method === "tasks/cancel") return reply({ result: task("t-endless", "canceled") });
      return reply({ error: { code: -32602, message: "params.message is required" } });
    });
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    openSockets: () => sockets.size,
    openStreams: () => streams,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

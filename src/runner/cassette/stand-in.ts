import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parse, recordedPause, type ReplayBook } from "./replay-book.js";

/*
 * The HTTP stand-in agent of a replay (docs/config.md "Record and replay"). The client's requests to the
 * recorded hosts are diverted here unchanged (OutboundPolicy.divert); the book finds each one's recording.
 */
export class StandIn {
  readonly #server = createServer((req, res) => void this.#answer(req, res));
  readonly #sockets = new Set<import("node:net").Socket>();

  constructor(private readonly book: ReplayBook) {
    this.#server.on("connection", (socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
    });
  }

  /** Listens on loopback; resolves to the port. */
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    return (this.#server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  async #answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = parse(Buffer.concat(chunks).toString("utf8"));
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    const origin = `http://${req.headers.host ?? ""}`;
    const rpc = (body as { method?: unknown } | undefined)?.method;
    const exchange = this.book.answer(
      [origin, origin.replace(/^http:/, "https:")],
      { method, path, body },
      { method, path, ...(typeof rpc === "string" ? { rpc } : {}) },
    );
    if (!exchange) {
      res
        .writeHead(501, { "Content-Type": "text/plain" })
        .end("no recording of this request in the cassette\n");
      return;
    }
    if (exchange.status === undefined) {
      req.socket.destroy();
      return;
    }
    const newId = (body as { id?: unknown } | undefined)?.id;
    const headers = Object.fromEntries(
      Object.entries(exchange.response_headers ?? {})
        .filter(
          ([name]) =>
            !["content-length", "transfer-encoding", "connection", "keep-alive"].includes(name.toLowerCase()),
        )
        .map(([name, value]) => [name, this.book.swap(value) as string]),
    );
    const reply =
      exchange.response_body === undefined ? undefined : this.book.swapText(exchange.response_body, newId);
    if (!exchange.events?.length) {
      res.writeHead(exchange.status, headers).end(reply);
      return;
    }
    res.writeHead(exchange.status, headers);
    let last = 0;
    for (const event of exchange.events) {
      await new Promise((resolve) => setTimeout(resolve, recordedPause(event.at_ms, last)));
      last = event.at_ms;
      if (res.destroyed) return;
      const data = this.book.swapText(event.data, newId);
      const lines = [
        ...(event.event ? [`event: ${event.event}`] : []),
        ...(event.id ? [`id: ${event.id}`] : []),
        ...data.split("\n").map((l) => `data: ${l}`),
      ];
      res.write(`${lines.join("\n")}\n\n`);
    }
    res.end();
  }
}

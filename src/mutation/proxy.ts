import http from "node:http";
import type { AddressInfo } from "node:net";
import { isObject, readExchange } from "./exchange.js";
import { startGrpcMutationProxy, type GrpcMutationProxy } from "./grpc-proxy.js";
import { relayStream } from "./sse-relay.js";
import type {
  BufferedReply,
  Exchange,
  ForwardedRequest,
  Generation,
  MutationHooks,
  MutationMemory,
} from "./types.js";

/** Where the proxy forwards, what it changes, and how much it holds for one exchange. */
export interface MutationProxyOptions {
  /** The agent's origin (http://127.0.0.1:PORT); only loopback agents can be put behind the proxy. */
  target: string;
  /** No mutation: the proxy passes everything through (the baseline of a mutation run). */
  mutation?: MutationHooks;
  maxRequestBytes?: number;
  maxReplyBytes?: number;
  /** A silent upstream connection is dropped after this long. */
  idleTimeoutMs?: number;
}

/** A running proxy: its URL, how often its mutation changed the traffic, and how to stop it. */
export interface MutationProxy {
  /** The proxy's origin; the agent's paths are the same under it. */
  url: string;
  /** How many replies, events or cards the mutation changed so far. */
  applied(): number;
  close(): Promise<void>;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|::1)$/i;
// Hop-by-hop headers (RFC 9110 §7.6.1) and the ones the proxy recomputes after a rewrite.
const DROPPED_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "host",
  "upgrade",
  "proxy-connection",
  "te",
  "trailer",
]);

/** One proxy's state: where it forwards, what it changes, and what it has changed so far. */
class HttpMutationProxy {
  readonly memory: MutationMemory = new Map();
  applied = 0;
  origin = "";
  readonly targetPort: string;
  readonly mutation: MutationHooks | undefined;
  readonly limits: { request: number; reply: number; idle: number };
  // One gRPC proxy per gRPC interface a 1.0 card names on loopback, started when the card is first served.
  readonly grpcProxies = new Map<string, Promise<GrpcMutationProxy>>();

  constructor(
    readonly target: URL,
    opts: MutationProxyOptions,
  ) {
    this.targetPort = target.port || "80";
    this.mutation = opts.mutation;
    this.limits = {
      request: opts.maxRequestBytes ?? 8 * 1024 * 1024,
      reply: opts.maxReplyBytes ?? 16 * 1024 * 1024,
      idle: opts.idleTimeoutMs ?? 120_000,
    };
  }

  #rewriteUrls(v: unknown): unknown {
    if (typeof v === "string") {
      if (!/^https?:\/\//i.test(v)) return v;
      try {
        const u = new URL(v);
        if (LOOPBACK.test(u.hostname) && (u.port || "80") === this.targetPort)
          return this.origin + v.slice(u.origin.length);
      } catch {
        return v;
      }
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => this.#rewriteUrls(x));
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.#rewriteUrls(x)]));
    return v;
  }

  /**
   * Points each loopback gRPC interface of a card at a gRPC proxy of its own: 1.0 names them in
   * supportedInterfaces (protocolBinding GRPC), 0.3 in additionalInterfaces (transport GRPC) or as the
   * main url when preferredTransport is GRPC (0.3 §5.5–§5.6). Returns whether it pointed any.
   */
  async #proxyGrpcInterfaces(card: unknown): Promise<boolean> {
    if (!isObject(card)) return false;
    const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
    const v10 = list(card.supportedInterfaces).filter((i) => isObject(i) && i.protocolBinding === "GRPC");
    const v03 = list(card.additionalInterfaces).filter((i) => isObject(i) && i.transport === "GRPC");
    if (card.preferredTransport === "GRPC") v03.push(card);
    let proxied = false;
    for (const [holder, generation] of [
      ...v10.map((i) => [i, "1.0"] as const),
      ...v03.map((i) => [i, "0.x"] as const),
    ]) {
      if (!isObject(holder) || typeof holder.url !== "string") continue;
      const m = /^(?:[a-z]+:\/\/)?([^/]+?)\/?$/i.exec(holder.url);
      const address = m?.[1];
      const host = address?.replace(/:\d+$/, "");
      if (!address || !host || !LOOPBACK.test(host)) continue;
      let started = this.grpcProxies.get(address);
      if (!started) {
        started = startGrpcMutationProxy(
          address,
          generation,
          this.mutation,
          this.memory,
          () => this.applied++,
        );
        this.grpcProxies.set(address, started);
      }
      holder.url = holder.url.replace(address, (await started).address);
      proxied = true;
    }
    return proxied;
  }

  #counted<T>(before: T, after: T | undefined): T {
    if (after === undefined) return before;
    if (JSON.stringify(after) !== JSON.stringify(before)) this.applied++;
    return after;
  }

  /**
   * The hooks for one exchange: none when the mutation belongs to the other generation. A request's
   * generation is its method's (or path's); a card's, its shape (1.0 alone has supportedInterfaces).
   */
  #hooksFor(x: Exchange, card?: unknown): MutationHooks | undefined {
    const only = this.mutation?.generations;
    if (!only) return this.mutation;
    const shaped = isObject(card) && isObject(card.result) ? card.result : card;
    const generation: Generation | undefined =
      x.generation ?? (isObject(shaped) ? ("supportedInterfaces" in shaped ? "1.0" : "0.x") : undefined);
    return generation === undefined || only.includes(generation) ? this.mutation : undefined;
  }

  #mutateBuffered(x: Exchange, reply: BufferedReply): BufferedReply {
    const isCard = x.verb === "card" || x.verb === "extended-card";
    const m = this.#hooksFor(x, isCard ? reply.body : undefined);
    const body = isCard && m?.cardUrlsKept ? reply.body : this.#rewriteUrls(reply.body);
    let r: BufferedReply = { ...reply, body };
    if (m?.card && isCard) {
      const card = isObject(r.body) && isObject(r.body.result) ? r.body.result : r.body;
      if (isObject(card)) {
        const changed = this.#counted(card, m.card(structuredClone(card)));
        r = { ...r, body: card === r.body ? changed : { ...(r.body as object), result: changed } };
      }
    }
    if (m?.reply) r = this.#counted(r, m.reply(structuredClone(r), x, this.memory));
    return r;
  }

  /** The request as the agent gets it: the client's, or the mutation's rewrite of it (counted). */
  #outgoing(
    req: http.IncomingMessage,
    x: Exchange,
    body: Buffer,
  ): { request: ForwardedRequest; body: Buffer } {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (!DROPPED_HEADERS.has(k) && v !== undefined) headers[k] = v;
    const request: ForwardedRequest = {
      httpMethod: req.method ?? "GET",
      path: req.url ?? "/",
      headers,
      body: x.request,
    };
    const rewritten = this.#hooksFor(x)?.request?.(structuredClone(request), x, this.memory);
    if (!rewritten) return { request, body };
    const changed = this.#counted(request, rewritten);
    const bytes =
      changed.body === undefined || JSON.stringify(changed.body) === JSON.stringify(x.request)
        ? body
        : Buffer.from(JSON.stringify(changed.body));
    return { request: changed, body: bytes };
  }

  #forward(req: http.IncomingMessage, res: http.ServerResponse, received: Buffer): void {
    const x = readExchange(req.method ?? "GET", req.url ?? "/", received);
    if (req.headers.accept) x.accept = req.headers.accept;
    const { request, body } = this.#outgoing(req, x, received);
    const headers: http.OutgoingHttpHeaders = { ...request.headers };
    headers.host = this.target.host;
    // The proxy rewrites bodies, so it asks for them uncompressed.
    headers["accept-encoding"] = "identity";
    if (body.length) headers["content-length"] = String(body.length);
    const upstream = http.request(
      {
        host: this.target.hostname.replace(/^\[|\]$/g, ""),
        port: this.targetPort,
        method: request.httpMethod,
        path: request.path,
        headers,
      },
      (up) => {
        const contentType = String(up.headers["content-type"] ?? "");
        const passHeaders: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(up.headers))
          if (!DROPPED_HEADERS.has(k) && v !== undefined) passHeaders[k] = v;
        if (/text\/event-stream/i.test(contentType)) {
          const relay = {
            hooks: this.#hooksFor(x),
            memory: this.memory,
            applied: () => void this.applied++,
            maxEventBytes: this.limits.reply,
          };
          relayStream(relay, x, up, res, passHeaders, contentType);
        } else this.#relayBuffered(x, up, res, passHeaders, contentType);
      },
    );
    upstream.setTimeout(this.limits.idle, () => upstream.destroy(new Error("the agent went silent")));
    upstream.on("error", (err) => {
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`mutation proxy: the agent at ${this.target.origin} did not answer: ${err.message}`);
      } else res.destroy();
    });
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  }

  #relayBuffered(
    x: Exchange,
    up: http.IncomingMessage,
    res: http.ServerResponse,
    headers: http.OutgoingHttpHeaders,
    contentType: string,
  ): void {
    const chunks: Buffer[] = [];
    let size = 0;
    up.on("data", (c: Buffer) => {
      size += c.length;
      if (size > this.limits.reply) {
        up.destroy();
        if (!res.headersSent) {
          res.writeHead(502, { "content-type": "text/plain" });
          res.end(`mutation proxy: the agent's reply is over ${this.limits.reply} bytes`);
        }
        return;
      }
      chunks.push(c);
    });
    up.on("end", () => {
      finish().catch(() => res.destroy());
    });
    const finish = async () => {
      if (res.headersSent) return;
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = raw.length ? JSON.parse(raw.toString("utf8")) : undefined;
      } catch {
        body = undefined;
      }
      const passed: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(headers))
        if (v !== undefined && k !== "content-type") passed[k] = typeof v === "number" ? String(v) : v;
      const before: BufferedReply = { status: up.statusCode ?? 502, contentType, body, headers: passed };
      const after = body === undefined && !this.mutation?.reply ? before : this.#mutateBuffered(x, before);
      const delay = this.mutation?.replyDelayMs;
      if (delay) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        this.applied++;
      }
      const grpcProxied =
        x.verb === "card" && !this.mutation?.cardUrlsKept && (await this.#proxyGrpcInterfaces(after.body));
      // A body nothing changed goes out as the agent wrote it, byte for byte (a signed card stays verifiable).
      const same = !grpcProxied && JSON.stringify(after.body) === JSON.stringify(body);
      const out =
        after.raw !== undefined
          ? Buffer.from(after.raw)
          : after.body === undefined || same
            ? raw
            : Buffer.from(JSON.stringify(after.body));
      res.writeHead(after.status, {
        ...(after.headers ?? passed),
        "content-type": after.contentType,
        "content-length": out.length,
      });
      res.end(out);
    };
    up.on("error", () => res.destroy());
  }

  /** Reads one request body (bounded) and forwards it. */
  receive(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > this.limits.request && !refused) {
        refused = true;
        res.writeHead(413, { "content-type": "text/plain", connection: "close" });
        res.end(`mutation proxy: request body over ${this.limits.request} bytes`);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => {
      if (!refused) this.#forward(req, res, Buffer.concat(chunks));
    });
    req.on("error", () => res.destroy());
  }
}

/** Starts a loopback proxy in front of one agent that puts one named deviation into its traffic. */
export async function startMutationProxy(opts: MutationProxyOptions): Promise<MutationProxy> {
  const target = new URL(opts.target);
  if (target.protocol !== "http:")
    throw new Error(`mutation proxy target ${opts.target}: only http:// agents can be proxied`);
  if (!LOOPBACK.test(target.hostname))
    throw new Error(`mutation proxy target ${opts.target}: only loopback agents can be proxied`);
  const proxy = new HttpMutationProxy(target, opts);
  const server = http.createServer((req, res) => proxy.receive(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  proxy.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: proxy.origin,
    applied: () => proxy.applied,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      const grpcs = await Promise.allSettled(proxy.grpcProxies.values());
      await Promise.all(grpcs.flatMap((g) => (g.status === "fulfilled" ? [g.value.close()] : [])));
    },
  };
}

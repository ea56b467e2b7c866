import http from "node:http";
import type { AddressInfo } from "node:net";
import { isObject, readExchange } from "./exchange.js";
import { startGrpcMutationProxy, type GrpcMutationProxy } from "./grpc-proxy.js";
import { formatEvent, SseSplitter } from "./sse.js";
import type { BufferedReply, Exchange, Mutation, MutationMemory } from "./types.js";

/** Where the proxy forwards, what it changes, and how much it holds for one exchange. */
export interface MutationProxyOptions {
  /** The agent's origin (http://127.0.0.1:PORT); only loopback agents can be put behind the proxy. */
  target: string;
  /** No mutation: the proxy passes everything through (the baseline of a mutation run). */
  mutation?: Mutation;
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

/** Starts a loopback proxy in front of one agent that puts one named deviation into its traffic. */
export async function startMutationProxy(opts: MutationProxyOptions): Promise<MutationProxy> {
  const target = new URL(opts.target);
  if (target.protocol !== "http:")
    throw new Error(`mutation proxy target ${opts.target}: only http:// agents can be proxied`);
  if (!LOOPBACK.test(target.hostname))
    throw new Error(`mutation proxy target ${opts.target}: only loopback agents can be proxied`);
  const limits = {
    request: opts.maxRequestBytes ?? 8 * 1024 * 1024,
    reply: opts.maxReplyBytes ?? 16 * 1024 * 1024,
    idle: opts.idleTimeoutMs ?? 120_000,
  };
  const memory: MutationMemory = new Map();
  let applied = 0;
  let origin = "";
  const targetPort = target.port || "80";

  /**
   * Agent URLs in a reply point at the proxy, so the tester stays behind it. A signed card's
   * signatures no longer verify after this; the signature checks are the one thing a transparent
   * proxy changes.
   */
  function rewriteUrls(v: unknown): unknown {
    if (typeof v === "string") {
      if (!/^https?:\/\//i.test(v)) return v;
      try {
        const u = new URL(v);
        if (LOOPBACK.test(u.hostname) && (u.port || "80") === targetPort)
          return origin + v.slice(u.origin.length);
      } catch {
        return v;
      }
      return v;
    }
    if (Array.isArray(v)) return v.map(rewriteUrls);
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewriteUrls(x)]));
    return v;
  }

  // One gRPC proxy per gRPC interface a 1.0 card names on loopback, started when the card is first served.
  const grpcProxies = new Map<string, Promise<GrpcMutationProxy>>();

  /** A 1.0 card's loopback gRPC interfaces point at gRPC proxies of their own. */
  async function proxyGrpcInterfaces(card: unknown): Promise<void> {
    const interfaces =
      isObject(card) && Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : [];
    for (const i of interfaces as unknown[]) {
      if (!isObject(i) || i.protocolBinding !== "GRPC" || typeof i.url !== "string") continue;
      const m = /^(?:[a-z]+:\/\/)?([^/]+?)\/?$/i.exec(i.url);
      const address = m?.[1];
      const host = address?.replace(/:\d+$/, "");
      if (!address || !host || !LOOPBACK.test(host)) continue;
      let started = grpcProxies.get(address);
      if (!started) {
        started = startGrpcMutationProxy(address, opts.mutation, memory, () => applied++);
        grpcProxies.set(address, started);
      }
      i.url = i.url.replace(address, (await started).address);
    }
  }

  function counted<T>(before: T, after: T | undefined): T {
    if (after === undefined) return before;
    if (JSON.stringify(after) !== JSON.stringify(before)) applied++;
    return after;
  }

  function mutateBuffered(x: Exchange, reply: BufferedReply): BufferedReply {
    const m = opts.mutation;
    let r: BufferedReply = { ...reply, body: rewriteUrls(reply.body) };
    if (m?.card && (x.verb === "card" || x.verb === "extended-card")) {
      const card = isObject(r.body) && isObject(r.body.result) ? r.body.result : r.body;
      if (isObject(card)) {
        const changed = counted(card, m.card(structuredClone(card)));
        r = { ...r, body: card === r.body ? changed : { ...(r.body as object), result: changed } };
      }
    }
    if (m?.reply) r = counted(r, m.reply(structuredClone(r), x, memory));
    return r;
  }

  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void {
    const x = readExchange(req.method ?? "GET", req.url ?? "/", body);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers))
      if (!DROPPED_HEADERS.has(k) && v !== undefined) headers[k] = v;
    headers.host = target.host;
    // The proxy rewrites bodies, so it asks for them uncompressed.
    headers["accept-encoding"] = "identity";
    if (body.length) headers["content-length"] = String(body.length);
    const upstream = http.request(
      {
        host: target.hostname.replace(/^\[|\]$/g, ""),
        port: targetPort,
        method: req.method,
        path: req.url,
        headers,
      },
      (up) => {
        const contentType = String(up.headers["content-type"] ?? "");
        const passHeaders: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(up.headers))
          if (!DROPPED_HEADERS.has(k) && v !== undefined) passHeaders[k] = v;
        if (/text\/event-stream/i.test(contentType)) relayStream(x, up, res, passHeaders, contentType);
        else relayBuffered(x, up, res, passHeaders, contentType);
      },
    );
    upstream.setTimeout(limits.idle, () => upstream.destroy(new Error("the agent went silent")));
    upstream.on("error", (err) => {
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`mutation proxy: the agent at ${target.origin} did not answer: ${err.message}`);
      } else res.destroy();
    });
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  }

  function relayBuffered(
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
      if (size > limits.reply) {
        up.destroy();
        if (!res.headersSent) {
          res.writeHead(502, { "content-type": "text/plain" });
          res.end(`mutation proxy: the agent's reply is over ${limits.reply} bytes`);
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
      const before: BufferedReply = { status: up.statusCode ?? 502, contentType, body };
      const after = body === undefined && !opts.mutation?.reply ? before : mutateBuffered(x, before);
      if (x.verb === "card") await proxyGrpcInterfaces(after.body);
      const out = after.body === undefined ? raw : Buffer.from(JSON.stringify(after.body));
      res.writeHead(after.status, {
        ...headers,
        "content-type": after.contentType,
        "content-length": out.length,
      });
      res.end(out);
    };
    up.on("error", () => res.destroy());
  }

  function relayStream(
    x: Exchange,
    up: http.IncomingMessage,
    res: http.ServerResponse,
    headers: http.OutgoingHttpHeaders,
    contentType: string,
  ): void {
    const m = opts.mutation;
    const type = m?.streamContentType
      ? counted(contentType, m.streamContentType(contentType, x))
      : contentType;
    res.writeHead(up.statusCode ?? 200, { ...headers, "content-type": type });
    const splitter = new SseSplitter();
    let ended = false;
    const emit = (otherLines: string[], data: string | undefined): void => {
      if (ended) return;
      if (data === undefined || !m?.event) {
        res.write(formatEvent(otherLines, data));
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        res.write(formatEvent(otherLines, data));
        return;
      }
      const out = m.event(structuredClone(parsed), x, memory);
      if (!out) {
        res.write(formatEvent(otherLines, data));
        return;
      }
      if (out.end || JSON.stringify(out.events) !== JSON.stringify([parsed])) applied++;
      for (const e of out.events) res.write(formatEvent(otherLines, JSON.stringify(e)));
      if (out.end) {
        ended = true;
        res.end();
        up.destroy();
      }
    };
    up.setEncoding("utf8");
    up.on("data", (chunk: string) => {
      for (const e of splitter.push(chunk)) emit(e.otherLines, e.data);
      if (splitter.pending > limits.reply) {
        up.destroy();
        res.destroy();
      }
    });
    up.on("end", () => {
      const last = splitter.rest();
      if (last) emit(last.otherLines, last.data);
      if (!ended) res.end();
    });
    up.on("error", () => res.destroy());
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > limits.request && !refused) {
        refused = true;
        res.writeHead(413, { "content-type": "text/plain", connection: "close" });
        res.end(`mutation proxy: request body over ${limits.request} bytes`);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => {
      if (!refused) forward(req, res, Buffer.concat(chunks));
    });
    req.on("error", () => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    applied: () => applied,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      const grpcs = await Promise.allSettled(grpcProxies.values());
      await Promise.all(grpcs.flatMap((g) => (g.status === "fulfilled" ? [g.value.close()] : [])));
    },
  };
}

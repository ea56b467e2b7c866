import type { AddressInfo } from "node:net";
import https from "node:https";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { planHttp1, poolKey } from "./http1-head.js";
import { closeIdleConnections, idleConnectionCount, sendPlanned } from "./http1.js";
import type { WireHandlers } from "./http1.js";
import { httpRequest } from "./http.js";
import { commandLinePolicy } from "./outbound-policy.js";
import { serve } from "./testing/loopback-server.js";
import { TLS_CERT, TLS_KEY } from "./testing/tls-fixture.js";

/** A raw TCP server on 127.0.0.1 whose every connection gets `onConnection`, for replies node:http would not send. */
async function rawServer(onConnection: (socket: net.Socket) => void) {
  const server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers each request read on a socket with `reply` (the request is taken to end at its blank line). */
function answerEach(reply: string | ((request: string) => string)) {
  return (socket: net.Socket) => {
    let buffered = "";
    socket.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("latin1");
      for (let end = buffered.indexOf("\r\n\r\n"); end >= 0; end = buffered.indexOf("\r\n\r\n")) {
        const request = buffered.slice(0, end);
        buffered = buffered.slice(end + 4);
        socket.write(typeof reply === "string" ? reply : reply(request));
      }
    });
  };
}

const get = (url: string) => httpRequest({ url, timeoutMs: 2000, policy: commandLinePolicy });

describe("kept-alive connections", () => {
  it("carry one request after another, and closeIdleConnections makes the next request connect afresh", async () => {
    const s = await serve((_req, res) => res.end("ok"));
    try {
      closeIdleConnections();
      await get(s.url);
      await get(s.url);
      expect(s.connections()).toBe(1);
      expect(idleConnectionCount()).toBeGreaterThanOrEqual(1);
      closeIdleConnections();
      await get(s.url);
      expect(s.connections()).toBe(2);
    } finally {
      await s.close();
    }
  });

  it("are pooled per approved address and TLS name, so a name that resolves elsewhere gets its own", () => {
    const target = { protocol: "http:", address: "10.0.0.1", port: 80 } as const;
    expect(poolKey(target)).not.toBe(poolKey({ ...target, address: "127.0.0.1" }));
    expect(poolKey({ ...target, protocol: "https:", servername: "a.example" })).not.toBe(
      poolKey({ ...target, protocol: "https:", servername: "b.example" }),
    );
  });

  it("survive the server closing an idle connection: the next GET goes out on a new one", async () => {
    const s = await serve((_req, res) => res.end("ok"));
    try {
      await get(s.url);
      s.server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await get(s.url);
      expect(res.body).toBe("ok");
      expect(s.connections()).toBe(2);
    } finally {
      await s.close();
    }
  });

  it("are retired a second before the keep-alive timeout the server announced, and reused within it", async () => {
    const short = await serve((_req, res) => res.setHeader("keep-alive", "timeout=1").end("ok"));
    const long = await serve((_req, res) => res.setHeader("keep-alive", "timeout=30").end("ok"));
    try {
      for (const s of [short, long]) {
        await get(s.url);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await get(s.url);
      }
      // timeout=1 leaves no time inside the margin: the second request needs a connection of its own.
      expect(short.connections()).toBe(2);
      expect(long.connections()).toBe(1);
    } finally {
      await Promise.all([short.close(), long.close()]);
    }
  });

  it("are not reused after the server answers Connection: close", async () => {
    const s = await serve((_req, res) => res.setHeader("connection", "close").end("bye"));
    try {
      await get(s.url);
      await get(s.url);
      expect(s.connections()).toBe(2);
    } finally {
      await s.close();
    }
  });
});

describe("reading responses", () => {
  it("reads chunked, sized and connection-delimited bodies, and skips 1xx answers before the response", async () => {
    const replies = [
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n",
      "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi",
    ];
    let next = 0;
    const s = await rawServer(answerEach(() => replies[next++] ?? ""));
    const raw = await rawServer((socket) =>
      socket.once("data", () => socket.end("HTTP/1.0 200 OK\r\nX-Kind: raw\r\n\r\nuntil the end")),
    );
    try {
      expect((await get(s.url)).body).toBe("abcde");
      expect((await get(s.url)).body).toBe("hi");
      const delimited = await get(raw.url);
      expect(delimited.body).toBe("until the end");
      expect(delimited.headers["x-kind"]).toBe("raw");
    } finally {
      await Promise.all([s.close(), raw.close()]);
    }
  });

  it("keeps each body's bytes while other connections are read in between", async () => {
    const first = "a".repeat(3000);
    const rest = "b".repeat(3000);
    const server = await rawServer((socket) => {
      socket.once("data", (chunk: Buffer) => {
        if (!chunk.toString("latin1").startsWith("GET /slow")) {
          socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n${"z".repeat(4)}`);
          return;
        }
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${first.length + rest.length}\r\n\r\n${first}`);
        setTimeout(() => socket.write(rest), 100);
      });
    });
    try {
      closeIdleConnections();
      const slow = get(`${server.url}slow`);
      // Answered while the slow body waits for its second half: its bytes pass through the same reader.
      await new Promise((resolve) => setTimeout(resolve, 30));
      const fast = await Promise.all([1, 2, 3].map(() => get(`${server.url}fast`)));
      expect(fast.map((r) => r.body)).toEqual(["zzzz", "zzzz", "zzzz"]);
      expect((await slow).body).toBe(first + rest);
    } finally {
      closeIdleConnections();
      await server.close();
    }
  });

  it("joins repeated headers but keeps the first Content-Type, as node:http does", async () => {
    const s = await rawServer(
      answerEach(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Type: text/html\r\nVary: a\r\nVary: b\r\nContent-Length: 2\r\n\r\n{}",
      ),
    );
    try {
      const res = await get(s.url);
      expect(res.contentType).toBe("application/json");
      expect(res.headers.vary).toBe("a, b");
    } finally {
      await s.close();
    }
  });

  it("reports a body cut short by the server closing the connection", async () => {
    const s = await rawServer((socket) =>
      socket.once("data", () => socket.end("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this")),
    );
    try {
      await expect(get(s.url)).rejects.toMatchObject({
        rule: "connect",
        message: expect.stringMatching(/closed early/) as string,
      });
    } finally {
      await s.close();
    }
  });

  it("refuses a response whose headers never end, at the header cap, without waiting for the timeout", async () => {
    const s = await rawServer((socket) =>
      socket.once("data", () => {
        socket.write("HTTP/1.1 200 OK\r\n");
        for (let i = 0; i < 2000; i++) socket.write(`X-Filler-${i}: ${"x".repeat(60)}\r\n`);
      }),
    );
    try {
      await expect(get(s.url)).rejects.toMatchObject({
        message: expect.stringMatching(/unreadable HTTP response/) as string,
      });
    } finally {
      await s.close();
    }
  });

  it("refuses a status line that is not HTTP", async () => {
    const s = await rawServer((socket) => socket.once("data", () => socket.end("SSH-2.0-OpenSSH\r\n\r\n")));
    try {
      await expect(get(s.url)).rejects.toMatchObject({
        message: expect.stringMatching(/unreadable HTTP response/) as string,
      });
    } finally {
      await s.close();
    }
  });
});

describe("TLS", () => {
  it("refuses an agent whose certificate no trusted authority signed, naming the reason", async () => {
    const server = https.createServer({ key: TLS_KEY, cert: TLS_CERT }, (_req, res) => res.end("secret"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await expect(get(`https://127.0.0.1:${port}/`)).rejects.toMatchObject({
        rule: "connect",
        message: expect.stringMatching(/self[- ]signed/i) as string,
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("writing requests", () => {
  it("refuses a header value that would split the request, before anything is sent", async () => {
    const s = await serve((_req, res) => res.end("ok"));
    try {
      const sent = httpRequest({
        url: s.url,
        timeoutMs: 1000,
        policy: commandLinePolicy,
        headers: { "X-Evil": "a\r\nX-Injected: yes" },
      });
      await expect(sent).rejects.toMatchObject({
        message: expect.stringMatching(/invalid character/) as string,
      });
      expect(s.connections()).toBe(0);
    } finally {
      await s.close();
    }
  });

  it("sends Host, the body's length in bytes, and the caller's headers", async () => {
    let seen: Record<string, unknown> = {};
    const s = await serve((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        seen = {
          host: req.headers.host,
          length: req.headers["content-length"],
          custom: req.headers["x-custom"],
          body,
        };
        res.end("ok");
      });
    });
    try {
      await httpRequest({
        url: `${s.url}/path?q=1`,
        method: "POST",
        body: "héllo",
        headers: { "X-Custom": "v" },
        timeoutMs: 1000,
        policy: commandLinePolicy,
      });
      expect(seen).toEqual({ host: `127.0.0.1:${s.port}`, length: "6", custom: "v", body: "héllo" });
    } finally {
      await s.close();
    }
  });
});

describe("requests made in one turn of the event loop", () => {
  it("all go out at the end of the turn, except one abandoned before it ended", async () => {
    const seen: string[] = [];
    const server = await rawServer(
      answerEach((request) => {
        seen.push(request.split(" ")[1] ?? "");
        return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
      }),
    );
    const port = Number(new URL(server.url).port);
    const target = { protocol: "http:" as const, address: "127.0.0.1", port };
    const send = (path: string) => {
      let settle: (outcome: string) => void = () => undefined;
      const done = new Promise<string>((resolve) => (settle = resolve));
      const handlers: WireHandlers = {
        onResponse: () => undefined,
        onData: () => undefined,
        onEnd: () => settle(`${path} answered`),
        onError: (error) => settle(`${path} failed: ${error.message}`),
      };
      const plan = planHttp1(target, { method: "GET", path, host: `127.0.0.1:${port}`, headers: {} });
      const exchange = sendPlanned(plan, undefined, handlers);
      return { done, exchange };
    };
    try {
      // Three connections kept alive first, so that a request written at once would reach the server.
      await Promise.all(["/warm-1", "/warm-2", "/warm-3"].map((path) => send(path).done));
      seen.length = 0;
      const first = send("/first");
      const abandoned = send("/abandoned");
      const last = send("/last");
      abandoned.exchange.destroy();
      expect(await Promise.all([first.done, last.done])).toEqual(["/first answered", "/last answered"]);
      expect(seen.sort()).toEqual(["/first", "/last"]);
    } finally {
      closeIdleConnections();
      await server.close();
    }
  });
});

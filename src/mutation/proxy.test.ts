import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startMutationProxy, type MutationProxy } from "./proxy.js";
import type { Mutation } from "./types.js";

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** A stand-in agent on loopback that answers with the handler. */
async function upstream(handler: Handler): Promise<string> {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => handler(req, body, res));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  closers.push(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function proxy(target: string, mutation?: Mutation, extra: object = {}): Promise<MutationProxy> {
  const p = await startMutationProxy({ target, ...(mutation ? { mutation } : {}), ...extra });
  closers.push(() => p.close());
  return p;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json", "x-agent": "yes" });
  res.end(JSON.stringify(body));
};

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the mutation proxy without a mutation", () => {
  it("passes method, path, query, body, status and headers through unchanged", async () => {
    const target = await upstream((req, body, res) =>
      json(res, 201, {
        method: req.method,
        url: req.url,
        body: JSON.parse(body) as unknown,
        auth: req.headers.authorization,
      }),
    );
    const p = await proxy(target);
    const res = await fetch(`${p.url}/a2a/v1?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer t" },
      body: JSON.stringify({ hello: "world" }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("x-agent")).toBe("yes");
    expect(await res.json()).toEqual({
      method: "POST",
      url: "/a2a/v1?x=1",
      body: { hello: "world" },
      auth: "Bearer t",
    });
    expect(p.applied()).toBe(0);
  });

  it("points the agent's own URLs in a card at itself, and leaves other URLs alone", async () => {
    let origin = "";
    const target = await upstream((_req, _body, res) =>
      json(res, 200, {
        name: "A",
        url: `${origin}/a2a`,
        additionalInterfaces: [
          { url: `${origin.replace("127.0.0.1", "localhost")}/rest`, transport: "HTTP+JSON" },
        ],
        documentationUrl: "https://example.org/docs",
      }),
    );
    origin = target;
    const p = await proxy(target);
    const card = (await (await fetch(`${p.url}/.well-known/agent-card.json`)).json()) as Record<
      string,
      unknown
    >;
    expect(card.url).toBe(`${p.url}/a2a`);
    expect(card.additionalInterfaces).toEqual([{ url: `${p.url}/rest`, transport: "HTTP+JSON" }]);
    expect(card.documentationUrl).toBe("https://example.org/docs");
  });

  it("relays a stream event by event, as it comes", async () => {
    const target = await upstream((_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('id: 1\ndata: {"n":1}\n\n');
      setImmediate(() => res.end('data: {"n":2}\n\n'));
    });
    const p = await proxy(target);
    const text = await (await post(p.url, { jsonrpc: "2.0", id: 1, method: "message/stream" })).text();
    expect(text).toBe('id: 1\ndata: {"n":1}\n\ndata: {"n":2}\n\n');
  });

  it("drops the agent's stream when the client drops its own, and tells the mutation", async () => {
    let agentSawClose: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (agentSawClose = resolve));
    const target = await upstream((_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('data: {"n":1}\n\n');
      // The agent would stream on; only a drop it sees ends this.
      res.on("close", () => agentSawClose());
    });
    const dropped: string[] = [];
    const p = await proxy(target, {
      id: "t",
      what: "",
      clause: "",
      check: "x",
      streamDropped: (x) => void dropped.push("verb" in x ? x.verb : ""),
    });
    const client = new AbortController();
    const res = await fetch(p.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/stream", params: {} }),
      signal: client.signal,
    });
    const reader = res.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toBe('data: {"n":1}\n\n');
    client.abort();
    await closed;
    await vi.waitFor(() => expect(dropped).toEqual(["stream"]), { timeout: 5000 });
  });

  it("answers 502 naming the agent when nothing listens there", async () => {
    const target = await upstream((_req, _body, res) => json(res, 200, {}));
    const port = new URL(target).port;
    await closers.shift()?.();
    const p = await proxy(target);
    const res = await fetch(`${p.url}/x`);
    expect(res.status).toBe(502);
    expect(await res.text()).toContain(`127.0.0.1:${port}`);
  });
});

describe("the mutation proxy with a mutation", () => {
  const recodeNotFound: Mutation = {
    id: "t",
    what: "",
    clause: "",
    check: "x",
    reply: (r) => {
      const body = r.body as { error?: { code: number } };
      if (body.error?.code !== -32001) return undefined;
      body.error.code = -32603;
      return r;
    },
  };

  it("rewrites the replies it applies to and counts each change", async () => {
    const target = await upstream((_req, body, res) => {
      const { method } = JSON.parse(body) as { method: string };
      json(
        res,
        200,
        method === "tasks/get"
          ? { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "no" } }
          : { jsonrpc: "2.0", id: 1, result: {} },
      );
    });
    const p = await proxy(target, recodeNotFound);
    const got = (await (await post(p.url, { jsonrpc: "2.0", id: 1, method: "tasks/get" })).json()) as {
      error: { code: number };
    };
    expect(got.error.code).toBe(-32603);
    await post(p.url, { jsonrpc: "2.0", id: 1, method: "message/send" });
    expect(p.applied()).toBe(1);
  });

  it("does not count a hook that returned the reply unchanged", async () => {
    const target = await upstream((_req, _body, res) =>
      json(res, 200, { jsonrpc: "2.0", id: 1, result: {} }),
    );
    const p = await proxy(target, { id: "t", what: "", clause: "", check: "x", reply: (r) => r });
    await post(p.url, { jsonrpc: "2.0", id: 1, method: "tasks/get" });
    expect(p.applied()).toBe(0);
  });

  it("can replace a stream's events and close it early", async () => {
    const target = await upstream((_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('data: {"n":1}\n\n');
      res.write('data: {"n":2}\n\n');
      // The agent would go on; the mutation closes the stream after the second event.
      const timer = setInterval(() => res.write('data: {"n":3}\n\n'), 50);
      res.on("close", () => clearInterval(timer));
    });
    const p = await proxy(target, {
      id: "t",
      what: "",
      clause: "",
      check: "x",
      event: (e) => {
        const n = (e as { n: number }).n;
        return n === 2 ? { events: [e, { n: 22 }], end: true } : undefined;
      },
    });
    const text = await (await post(p.url, { jsonrpc: "2.0", id: 1, method: "message/stream" })).text();
    expect(text).toBe('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":22}\n\n');
    expect(p.applied()).toBe(1);
  });

  it("leaves a card's URLs at the agent when the mutation keeps them, the card byte for byte, its signature intact", async () => {
    let served = "";
    const target = await upstream((_req, _body, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(served);
    });
    const card = {
      name: "Signed",
      supportedInterfaces: [
        { url: `${target}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        { url: "127.0.0.1:1", protocolBinding: "GRPC", protocolVersion: "1.0" },
      ],
      signatures: [{ protected: "eyJhbGciOiJFUzI1NiJ9", signature: "c2ln" }],
    };
    // Indented, so that a card parsed and written again would differ from it.
    served = JSON.stringify(card, null, 2);
    const kept = await proxy(target, { id: "t", what: "", clause: "", check: "x", cardUrlsKept: true });
    expect(await (await fetch(`${kept.url}/.well-known/agent-card.json`)).text()).toBe(served);
    expect(kept.applied()).toBe(0);
    const renamed = await proxy(target, {
      id: "t",
      what: "",
      clause: "",
      check: "x",
      cardUrlsKept: true,
      card: (c) => ({ ...c, name: "Renamed" }),
    });
    const changed = (await (await fetch(`${renamed.url}/.well-known/agent-card.json`)).json()) as unknown;
    expect(changed).toEqual({ ...card, name: "Renamed" });
    expect(renamed.applied()).toBe(1);
    // The same card through a proxy that points its URLs at itself: the gRPC interface gets a proxy of its own.
    const pointed = (await (
      await fetch(`${(await proxy(target)).url}/.well-known/agent-card.json`)
    ).json()) as {
      supportedInterfaces: Array<{ url: string }>;
    };
    expect(pointed.supportedInterfaces.map((i) => i.url)).not.toContain("127.0.0.1:1");
  });

  it("forwards the request as the mutation rewrote it, while its hooks see the client's request", async () => {
    const target = await upstream((req, body, res) =>
      json(res, 200, {
        jsonrpc: "2.0",
        id: 1,
        result: {
          verb: req.method,
          url: req.url,
          version: req.headers["a2a-version"],
          body: JSON.parse(body) as unknown,
        },
      }),
    );
    const seen: string[] = [];
    const p = await proxy(target, {
      id: "t",
      what: "",
      clause: "",
      check: "x",
      request: (r) => {
        r.httpMethod = "PUT";
        r.path = "/elsewhere?page_size=1";
        r.headers["a2a-version"] = "1.0";
        (r.body as { method: string }).method = "send_message";
        return r;
      },
      reply: (_r, x) => {
        seen.push(`${x.httpMethod} ${x.path} ${(x.request as { method: string }).method}`);
        return undefined;
      },
    });
    const res = await fetch(`${p.url}/a2a?pageSize=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "a2a-version": "99.0" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage" }),
    });
    expect(((await res.json()) as { result: unknown }).result).toEqual({
      verb: "PUT",
      url: "/elsewhere?page_size=1",
      version: "1.0",
      body: { jsonrpc: "2.0", id: 1, method: "send_message" },
    });
    expect(seen).toEqual(["POST /a2a?pageSize=1 SendMessage"]);
    expect(p.applied()).toBe(1);
  });
});

describe("the mutation proxy contains what it is given", () => {
  it("refuses an agent that is not on loopback, or not plain http", async () => {
    await expect(startMutationProxy({ target: "http://192.0.2.1:80" })).rejects.toThrow(
      /only loopback agents/,
    );
    await expect(startMutationProxy({ target: "https://127.0.0.1:1" })).rejects.toThrow(/only http:\/\//);
  });

  it("refuses a request body over its limit with 413, and a reply over its limit with 502", async () => {
    const target = await upstream((_req, _body, res) => json(res, 200, { big: "x".repeat(5000) }));
    const p = await proxy(target, undefined, { maxRequestBytes: 1000, maxReplyBytes: 1000 });
    expect((await post(p.url, { big: "y".repeat(5000) })).status).toBe(413);
    const res = await fetch(`${p.url}/x`);
    expect(res.status).toBe(502);
    expect(await res.text()).toMatch(/over 1000 bytes/);
  });
});

describe("a mutation of one generation, in front of an agent that serves two", () => {
  it("changes that generation's replies and cards, and leaves the other's as they are", async () => {
    const target = await upstream((req, body, res) => {
      if (req.method === "GET")
        return json(
          res,
          200,
          req.headers["a2a-version"] === "1.0"
            ? { name: "a", supportedInterfaces: [] }
            : { name: "a", protocolVersion: "0.3.0" },
        );
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      return json(res, 200, { jsonrpc: "2.0", id, result: { method } });
    });
    const mutation: Mutation = {
      id: "only-1.0",
      what: "1.0 replies and cards renamed",
      clause: "none",
      check: "lifecycle.send-returns-task",
      generations: ["1.0"],
      card: (c) => ({ ...(c as object), name: "changed" }),
      reply: (r) => ({ ...r, body: { ...(r.body as object), result: "changed" } }),
    };
    const p = await proxy(target, mutation);
    const old = (await (await post(p.url, { jsonrpc: "2.0", id: 1, method: "message/send" })).json()) as {
      result: unknown;
    };
    const current = (await (await post(p.url, { jsonrpc: "2.0", id: 2, method: "SendMessage" })).json()) as {
      result: unknown;
    };
    expect([old.result, current.result]).toEqual([{ method: "message/send" }, "changed"]);
    const plainCard = (await (await fetch(`${p.url}/.well-known/agent-card.json`)).json()) as {
      name: string;
    };
    const oneZeroCard = (await (
      await fetch(`${p.url}/.well-known/agent-card.json`, { headers: { "A2A-Version": "1.0" } })
    ).json()) as { name: string };
    expect([plainCard.name, oneZeroCard.name]).toEqual(["a", "changed"]);
  });
});

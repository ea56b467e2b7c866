import { createServer } from "node:http";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { parseJson } from "./json.js";
import { serverPolicy } from "./outbound-policy.js";
import { closedPort } from "./testing/loopback-server.js";
import type { LoopbackServer } from "./testing/loopback-server.js";
import { TrafficLog } from "./traffic.js";
import { PreparedHttpRequest } from "./http.js";
import { commandLinePolicy } from "./outbound-policy.js";
import { loopbackServers, get, failure } from "./testing/http-fixtures.js";
import { USER_AGENT } from "./version.js";

const start = loopbackServers();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
  });
}

/** A server that echoes the request as JSON. */
function echo(): Promise<LoopbackServer> {
  return start((req, res) => {
    void readBody(req).then((body) => {
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
}

describe("httpRequest: exchanges", () => {
  it("returns status, lower-case headers, the bare media type, the body and its size", async () => {
    const s = await start((_req, res) => {
      res.writeHead(201, { "Content-Type": "Application/JSON; charset=utf-8", "X-Thing": "1" });
      res.end('{"ok":"é"}');
    });
    const res = await get(`${s.url}/a?b=c`);
    expect(res).toMatchObject({
      url: `${s.url}/a?b=c`,
      redirects: [],
      status: 201,
      contentType: "application/json",
    });
    expect(res.headers["x-thing"]).toBe("1");
    expect(res.body).toBe('{"ok":"é"}');
    expect(res.bytes).toBe(11);
    expect(res.ms).toBeGreaterThan(0);
  });

  it("sends a plainwright User-Agent unless the caller gives one", async () => {
    const s = await echo();
    const plain = parseJson((await get(s.url)).body, s.url) as { headers: Record<string, string> };
    expect(plain.headers["user-agent"]).toBe(USER_AGENT);
    const custom = parseJson((await get(s.url, { headers: { "User-Agent": "me/1" } })).body, s.url) as {
      headers: Record<string, string>;
    };
    expect(custom.headers["user-agent"]).toBe("me/1");
  });

  it("sends a body with its length", async () => {
    const s = await echo();
    const body = JSON.stringify({ text: "héllo" });
    const res = await get(s.url, { method: "post", body, headers: { "Content-Type": "application/json" } });
    const seen = parseJson(res.body, s.url) as {
      method: string;
      body: string;
      headers: Record<string, string>;
    };
    expect(seen).toMatchObject({ method: "POST", body });
    expect(seen.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
  });

  it("returns a response of the wrong content type as it is, for the caller to judge", async () => {
    const s = await start((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<html>not an agent card</html>");
    });
    const res = await get(s.url, { stream: { idleMs: 300 } });
    expect(res.contentType).toBe("text/html");
    expect(res.events).toBeUndefined();
    expect(() => parseJson(res.body, res.url)).toThrow(/not valid JSON/);
  });

  it("delivers truncated JSON intact so parsing reports json.syntax", async () => {
    const s = await start((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"name":"agent","skills":[{"id":');
    });
    const res = await get(s.url);
    const error = await failure(Promise.resolve().then(() => parseJson(res.body, res.url)));
    expect(error.rule).toBe("json.syntax");
  });

  it("delivers 100,000-deep nesting so parsing reports json.depth without overflowing", async () => {
    const s = await start((_req, res) => res.end("[".repeat(100_000) + "]".repeat(100_000)));
    const res = await get(s.url);
    const error = await failure(Promise.resolve().then(() => parseJson(res.body, res.url)));
    expect(error.rule).toBe("json.depth");
  });

  it("talks to an IPv6 literal and never sends the URL's fragment", async (ctx) => {
    const server = createServer((req, res) => res.end(`${req.headers.host} ${req.url}`));
    const listening = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false)).listen(0, "::1", () => resolve(true));
    });
    if (!listening) ctx.skip("this machine has no IPv6 loopback");
    try {
      const { port } = server.address() as AddressInfo;
      const res = await get(`http://[::1]:${port}/x?y=1#frag`);
      expect(res.body).toBe(`[::1]:${port} /x?y=1`);
      expect(res.url).toBe(`http://[::1]:${port}/x?y=1`);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("reports a refused connection as connect with its code", async () => {
    const port = await closedPort();
    const error = await failure(get(`http://127.0.0.1:${port}/`));
    expect(error.rule).toBe("connect");
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.message).toContain(`http://127.0.0.1:${port}/`);
  });

  it("reuses one kept-alive connection for consecutive requests", async () => {
    const s = await start((_req, res) => res.end("ok"));
    for (let i = 0; i < 5; i++) await get(s.url);
    expect(s.connections()).toBe(1);
  });

  it("stops when the caller aborts, with the rule aborted", async () => {
    const s = await start(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(get(s.url, { signal: controller.signal }));
    expect(error.rule).toBe("aborted");
  });
});

describe("PreparedHttpRequest: one request sent many times", () => {
  const post = (url: string, extra: Partial<ConstructorParameters<typeof PreparedHttpRequest>[0]> = {}) =>
    new PreparedHttpRequest({ method: "POST", url, timeoutMs: 1500, policy: commandLinePolicy, ...extra });

  it("sends each body with its own length over one kept-alive connection", async () => {
    const s = await echo();
    const prepared = post(`${s.url}/rpc`, { headers: { "Content-Type": "application/json" } });
    for (const body of ['{"n":1}', '{"text":"ünïcode, longer"}', "{}"]) {
      const seen = parseJson((await prepared.send(body)).body, s.url) as {
        body: string;
        headers: Record<string, string>;
      };
      expect(seen.body).toBe(body);
      expect(seen.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
      expect(seen.headers["content-type"]).toBe("application/json");
    }
    expect(s.connections()).toBe(1);
  });

  it("records every send, and a refused one is refused again on the next send", async () => {
    const s = await start((_req, res) => res.end("ok"));
    const traffic = new TrafficLog();
    const prepared = post(s.url, { policy: serverPolicy, traffic });
    expect((await failure(prepared.send("{}"))).rule).toBe("policy.loopback");
    expect((await failure(prepared.send("{}"))).rule).toBe("policy.loopback");
    expect(traffic.entries().map((e) => e.error?.rule)).toEqual(["policy.loopback", "policy.loopback"]);
    expect(s.connections()).toBe(0);
  });

  it("follows a redirect on every send, each with the body of that send", async () => {
    const s = await start((req, res) => {
      if (req.url === "/old") {
        res.writeHead(307, { Location: "/new" });
        res.end();
        return;
      }
      void readBody(req).then((body) => res.end(`${req.url} ${body}`));
    });
    const prepared = post(`${s.url}/old`, { followRedirects: true });
    for (const body of ["first", "second"]) {
      const res = await prepared.send(body);
      expect(res.body).toBe(`/new ${body}`);
      expect(res.redirects).toEqual([`${s.url}/old`]);
    }
  });

  it("cancels every request that shares an aborted signal, and later requests still work", async () => {
    const hang = await start(() => undefined);
    const ok = await start((_req, res) => res.end("ok"));
    const controller = new AbortController();
    const pending = [1, 2, 3].map(() => failure(get(hang.url, { signal: controller.signal })));
    setTimeout(() => controller.abort(), 50);
    expect((await Promise.all(pending)).map((e) => e.rule)).toEqual(["aborted", "aborted", "aborted"]);
    expect((await get(ok.url, { signal: new AbortController().signal })).body).toBe("ok");
  });
});

describe("httpRequest: outbound policy", () => {
  it("refuses loopback under the server policy without connecting", async () => {
    const s = await start((_req, res) => res.end("ok"));
    const error = await failure(get(s.url, { policy: serverPolicy }));
    expect(error.rule).toBe("policy.loopback");
    expect(s.connections()).toBe(0);
  });

  it("lets an allow-listed host through the server policy", async () => {
    const s = await start((_req, res) => res.end("ok"));
    const res = await get(`http://localhost:${s.port}/`, {
      policy: { ...serverPolicy, allowHosts: ["localhost"] },
    });
    expect(res.body).toBe("ok");
  });

  it("refuses a redirect to the cloud metadata address before sending it a packet", async () => {
    const s = await start((_req, res) => {
      res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" });
      res.end();
    });
    const traffic = new TrafficLog();
    const error = await failure(get(s.url, { traffic, timeoutMs: 5000 }));
    expect(error.rule).toBe("policy.metadata");
    expect(error.message).toContain("169.254.169.254 is a link-local/cloud-metadata address");
    // Refused by the policy, not by a timeout: a connection attempt to it would have ended as timeout.*.
    const [first, second] = traffic.entries();
    expect(first).toMatchObject({ status: 302, url: `${s.url}/` });
    expect(second).toMatchObject({
      url: "http://169.254.169.254/latest/meta-data/",
      error: { rule: "policy.metadata" },
    });
    expect(second?.status).toBeUndefined();
  });

  it("re-checks every redirect hop against the policy", async () => {
    const target = await start((_req, res) => res.end("inside"));
    const s = await start((_req, res) => {
      res.writeHead(302, { Location: `${target.url}/` });
      res.end();
    });
    const policy = { ...serverPolicy, allowHosts: [`localhost:${s.port}`] };
    const error = await failure(get(`http://localhost:${s.port}/`, { policy }));
    expect(error.rule).toBe("policy.loopback");
    expect(target.connections()).toBe(0);
  });

  it("refuses non-http schemes", async () => {
    expect((await failure(get("file:///etc/passwd"))).rule).toBe("policy.scheme");
  });
});

describe("httpRequest: redirects", () => {
  function redirector(hops: number): Promise<LoopbackServer> {
    return start((req, res) => {
      const n = Number(/^\/r\/(\d+)$/.exec(req.url ?? "")?.[1] ?? "0");
      if (n >= hops) {
        res.end(`arrived after ${n}`);
      } else {
        res.writeHead(302, { Location: `/r/${n + 1}` });
        res.end();
      }
    });
  }

  it("follows relative redirects and lists the URLs that redirected", async () => {
    const s = await redirector(2);
    const traffic = new TrafficLog();
    const res = await get(`${s.url}/r/0`, { traffic, label: "card" });
    expect(res.body).toBe("arrived after 2");
    expect(res.url).toBe(`${s.url}/r/2`);
    expect(res.redirects).toEqual([`${s.url}/r/0`, `${s.url}/r/1`]);
    expect(traffic.entries().map((e) => [e.status, e.label])).toEqual([
      [302, "card"],
      [302, "card"],
      [200, "card"],
    ]);
    expect(res.trafficId).toBe("t3");
  });

  it("follows a chain of 5 redirects and refuses a chain of 6 with redirect.limit", async () => {
    expect((await get(`${(await redirector(5)).url}/r/0`)).body).toBe("arrived after 5");
    const error = await failure(get(`${(await redirector(6)).url}/r/0`));
    expect(error.rule).toBe("redirect.limit");
  });

  it("refuses a redirect back to a URL already visited with redirect.loop", async () => {
    const s = await start((req, res) => {
      res.writeHead(301, { Location: req.url === "/a" ? "/b" : "/a" });
      res.end();
    });
    const error = await failure(get(`${s.url}/a`));
    expect(error.rule).toBe("redirect.loop");
    expect(error.message).toContain(`${s.url}/a`);
  });

  it("refuses a redirect without a Location with redirect.invalid, unless not following", async () => {
    const s = await start((_req, res) => {
      res.statusCode = 302;
      res.end();
    });
    expect((await failure(get(s.url))).rule).toBe("redirect.invalid");
    expect((await get(s.url, { followRedirects: false })).status).toBe(302);
  });

  it("does not follow redirects for POST by default", async () => {
    const s = await redirector(1);
    expect((await get(`${s.url}/r/0`, { method: "POST", body: "{}" })).status).toBe(302);
  });

  it("turns POST into GET after a 303 and keeps it after a 307", async () => {
    const s = await start((req, res) => {
      if (req.url === "/303" || req.url === "/307") {
        res.writeHead(Number(req.url.slice(1)), { Location: "/echo" });
        res.end();
      } else {
        void readBody(req).then((body) => res.end(`${req.method} ${body}`));
      }
    });
    const post = { method: "POST", body: "payload", followRedirects: true } as const;
    expect((await get(`${s.url}/303`, post)).body).toBe("GET ");
    expect((await get(`${s.url}/307`, post)).body).toBe("POST payload");
  });

  it("drops credentials when a redirect leaves the origin", async () => {
    const other = await echo();
    const s = await start((_req, res) => {
      res.writeHead(302, { Location: `http://localhost:${other.port}/` });
      res.end();
    });
    const res = await get(s.url, { headers: { Authorization: "Bearer x", "X-Keep": "1" } });
    const seen = parseJson(res.body, res.url) as { headers: Record<string, string> };
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers["x-keep"]).toBe("1");
  });
});

describe("httpRequest: traffic", () => {
  it("records each hop with redacted credentials and the failure of a refused one", async () => {
    const s = await echo();
    const traffic = new TrafficLog({ secrets: ["hunter2-secret"] });
    await get(`${s.url}/?api_key=abc`, {
      traffic,
      method: "POST",
      body: '{"password":"hunter2-secret"}',
      headers: { Authorization: "Bearer hunter2-secret" },
    });
    await failure(get(s.url, { traffic, policy: serverPolicy }));
    const text = JSON.stringify(traffic.entries());
    expect(text).not.toContain("hunter2-secret");
    const [ok, refused] = traffic.entries();
    expect(ok?.url).toBe(`${s.url}/?api_key=[redacted]`);
    expect(ok).toMatchObject({ method: "POST", status: 200, request_body: '{"password":"[redacted]"}' });
    expect(ok?.request_headers["user-agent"]).toBe(USER_AGENT);
    expect(refused?.error?.rule).toBe("policy.loopback");
  });
});

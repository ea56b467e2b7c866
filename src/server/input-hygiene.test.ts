import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi.js";
import type { RunningServer } from "./server.js";
import { apiClient, newModule, serve, smokeTest, tempDir } from "./testing/harness.js";

let server: RunningServer;
let guarded: RunningServer;
const tmp = tempDir();
const tmp2 = tempDir();

beforeAll(async () => {
  server = await serve(tmp.db, { requestTimeoutMs: 1000 });
  guarded = await serve(tmp2.db, { requestTimeoutMs: 1000, token: "a-long-api-token" });
});
afterAll(async () => {
  await server?.close();
  await guarded?.close();
  tmp.remove();
  tmp2.remove();
});

async function moduleId(): Promise<string> {
  return newModule(apiClient(server.url), `p-${Math.random()}`, "m");
}

/** A POST through node:http, which (unlike fetch) sends Sec-Fetch-* headers as given, like a browser. */
function post(path: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: { error: { message: string; field?: string } } }>(
    (resolve, reject) => {
      const req = request(
        server.url + path,
        { method: "POST", headers: { "Content-Type": "application/json", ...headers }, timeout: 10_000 },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(text) as { error: { message: string } },
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    },
  );
}

/**
 * Sends `head` then the body one byte every 200 ms, like a slow client; resolves with what the server
 * answered and how long it took to cut the connection.
 */
function trickle(url: string, head: string, bodyBytes: number): Promise<{ reply: string; ms: number }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), "127.0.0.1");
    let reply = "";
    let sent = 0;
    const timer = setInterval(() => {
      if (sent++ < bodyBytes) socket.write("a");
    }, 200);
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error("the server never cut the slow client off"));
    }, 10_000);
    socket.on("connect", () => socket.write(head));
    socket.on("data", (chunk) => (reply += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(guard);
      resolve({ reply, ms: Date.now() - started });
    });
  });
}

describe("input hygiene", () => {
  it("refuses JSON nested thousands of levels with 400 naming the limit, not a 500", async () => {
    const deep = `{"module_id":"x","config":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const reply = await post("/api/tests", deep);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/nested deeper than 32 levels/);
  });

  it("refuses a CR/LF in a header value and a colon in a header name when the test is created", async () => {
    const id = await moduleId();
    const api = apiClient(server.url);
    const crlf = await api<{ error: { message: string; field: string } }>(
      "POST",
      "/api/tests",
      smokeTest(id, "http://127.0.0.1:9", { headers: { "X-Team": "a\r\nX-Injected: 1" } }),
    );
    expect(crlf.status).toBe(400);
    expect(crlf.body.error.field).toBe("config.headers.X-Team");
    expect(crlf.body.error.message).toMatch(/CR, LF/);
    const colon = await api<{ error: { message: string } }>(
      "POST",
      "/api/tests",
      smokeTest(id, "http://127.0.0.1:9", { headers: { "X-Team: evil": "a" } }),
    );
    expect(colon.status).toBe(400);
    expect(colon.body.error.message).toMatch(/not an HTTP token/);
  });

  it("checks a test entirely when it is saved: identity headers, load bounds, a duration past the run deadline", async () => {
    const id = await moduleId();
    const api = apiClient(server.url);
    const save = (config: Record<string, unknown>, kind = "conformance") =>
      api<{ error: { message: string; field?: string } }>("POST", "/api/tests", {
        module_id: id,
        name: `t-${Math.random()}`,
        kind,
        config: { agent_url: "http://127.0.0.1:9", ...config },
      });
    const identity = await save({
      identities: [{ name: "bob", headers: { Authorization: "Bearer bob-token-123\r\nX-Injected: 1" } }],
    });
    expect(identity.status).toBe(400);
    expect(identity.body.error.message).toMatch(/identities\.0\.headers\.Authorization .*CR, LF/);
    expect(identity.body.error.message).not.toContain("bob-token-123");
    const crowd = await save({ load: { concurrency: 1001 } }, "load");
    expect(crowd.status).toBe(400);
    expect(crowd.body.error.message).toMatch(/concurrency must be from 1 to 1000, got 1001/);
    const long = await save({ load: { duration_s: 86_400 } }, "load");
    expect(long.status).toBe(400);
    expect(long.body.error.field).toBe("config.load.duration_s");
    expect(long.body.error.message).toMatch(/longer than this server's run deadline of 900 s/);
    expect((await save({ load: { duration_s: 60 } }, "load")).status).toBe(201);
    const metadata = await save({ agent_url: "http://169.254.169.254/latest" }, "a2a");
    expect(metadata.status).toBe(400);
    expect(metadata.body.error.field).toBe("config.agent_url");
    expect(metadata.body.error.message).toMatch(/metadata/);
    const peerIsServer = await save({ peer_url: server.url }, "redteam");
    expect(peerIsServer.status).toBe(400);
    expect(peerIsServer.body.error.field).toBe("config.peer_url");
  });

  it("answers a body that is not JSON with 415, not 'name is required'", async () => {
    const reply = await post("/api/projects", "name=x", {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(reply.status).toBe(415);
    expect(reply.body.error.message).toMatch(/application\/json/);
    const plain = await post("/api/projects", '{"name":"x"}', { "Content-Type": "text/plain" });
    expect(plain.status).toBe(415);
  });

  it("cuts off a client that trickles its request body", async () => {
    const head =
      "POST /api/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    const { reply, ms } = await trickle(server.url, head, 100);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(5000);
  });

  it("cuts off a client that trickles its headers, before the token check sees them", async () => {
    const head = "POST /api/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
    const { reply, ms } = await trickle(guarded.url, head, 100);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(reply).not.toMatch(/401/);
    expect(ms).toBeLessThan(5000);
  });

  it("cuts off a slow body even after the token check refused the request", async () => {
    const head =
      "POST /api/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    const { reply, ms } = await trickle(guarded.url, head, 100);
    expect(reply).toMatch(/408 Request Timeout/);
    expect(ms).toBeLessThan(5000);
  });

  it("never acts on a navigation or a request from another site", async () => {
    const navigation = await post("/api/projects", '{"name":"nav"}', { "Sec-Fetch-Mode": "navigate" });
    expect(navigation.status).toBe(403);
    const crossSite = await post("/api/inspect/sessions", "{}", { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await post("/api/projects", '{"name":"own"}', {
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-Mode": "cors",
    });
    expect(sameOrigin.status).toBe(201);
  });

  it("documents every status the API can answer on every operation", () => {
    const paths = openApiDocument.paths as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >;
    for (const [path, item] of Object.entries(paths)) {
      if (!path.startsWith("/api/")) continue;
      for (const op of Object.values(item).filter((v) => typeof v === "object" && "responses" in v)) {
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["403", "408", "500"]));
      }
    }
    expect(Object.keys(paths["/api/tests"]?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(["400", "413", "415"]),
    );
    expect(Object.keys(paths["/api/inspect/chat"]?.post?.responses ?? {})).toContain("429");
  });
});

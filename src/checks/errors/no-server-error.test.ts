import { afterAll, describe, expect, it } from "vitest";
import { validCard10 } from "../../card/fixtures.js";
import { serve, type LoopbackServer } from "../../net/testing/loopback-server.js";
import { bodyCall, handCard03, verdictsOn } from "../../runner/testing/hand-agent.js";
import noServerError from "./no-server-error.js";

const servers: LoopbackServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/**
 * A 1.0 HTTP+JSON agent that decodes its query strings unguarded, as one seen at first sight did: a malformed
 * percent-escape throws, and the request ends as HTTP 500 (`guarded`: it answers 400 instead).
 */
async function restAgent(guarded: boolean): Promise<string> {
  const server = await serve((req, res) => {
    res.setHeader("content-type", "application/json");
    const url = req.url ?? "/";
    if (url.startsWith("/.well-known/")) {
      const card = {
        ...validCard10(),
        securitySchemes: undefined,
        securityRequirements: undefined,
        capabilities: { streaming: false, pushNotifications: false },
        supportedInterfaces: [
          { url: `${server.url}/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
        ],
      };
      return void res.end(JSON.stringify(card));
    }
    const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
    const path = url.split("?")[0] ?? url;
    try {
      decodeURIComponent(path);
      for (const pair of query.split("&").filter(Boolean)) decodeURIComponent(pair);
    } catch {
      res.statusCode = guarded ? 400 : 500;
      return void res.end(JSON.stringify({ error: { code: res.statusCode, message: "URI malformed" } }));
    }
    res.statusCode = req.method === "POST" ? 400 : 404;
    res.end(JSON.stringify({ error: { code: res.statusCode, status: "INVALID_ARGUMENT", message: "no" } }));
  });
  servers.push(server);
  return `${server.url}/`;
}

describe("errors.no-server-error over HTTP+JSON", () => {
  it("fails a server that answers a malformed percent-escape in the query with HTTP 500", async () => {
    const finding = (await verdictsOn(await restAgent(false), [noServerError], "HTTP+JSON")).get(
      "errors.no-server-error",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/historyLength=%ZZ .*→ HTTP 500/);
    expect(finding?.message).toMatch(
      /GET of the task %ZZ \(a malformed percent-escape in the path\) → HTTP 500/,
    );
  });

  it("passes one that answers every client mistake with a 4xx", async () => {
    const finding = (await verdictsOn(await restAgent(true), [noServerError], "HTTP+JSON")).get(
      "errors.no-server-error",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/4 client mistakes answered without a 5xx/);
  });
});

/**
 * A 0.3 JSON-RPC agent whose body parser leaves `req.body` undefined for an empty body or another media type,
 * and whose handler then throws (seen at first sight: Express's HTML 500 with a TypeError's stack);
 * `guarded`: it answers -32700 / 415 instead.
 */
async function jsonRpcAgent(guarded: boolean): Promise<string> {
  const server = await serve((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      if (req.method === "GET") {
        res.setHeader("content-type", "application/json");
        return void res.end(JSON.stringify(handCard03(`${server.url}/`)));
      }
      const json = (req.headers["content-type"] ?? "").startsWith("application/json");
      if (!json || body === "") {
        res.statusCode = guarded ? (json ? 200 : 415) : 500;
        res.setHeader("content-type", guarded ? "application/json" : "text/html");
        return void res.end(
          guarded
            ? JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } })
            : "<pre>TypeError: Cannot destructure property 'method' of 'req.body' as it is undefined.</pre>",
        );
      }
      let call: { id?: unknown } | null = null;
      try {
        call = JSON.parse(body) as { id?: unknown } | null;
      } catch {
        call = null;
      }
      res.setHeader("content-type", "application/json");
      const id = call && typeof call === "object" && "id" in call ? call.id : null;
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32600, message: "Invalid Request" } }));
    });
  });
  servers.push(server);
  return `${server.url}/`;
}

describe("errors.no-server-error over JSON-RPC", () => {
  it("fails an agent that answers an empty body and a text/plain request with HTTP 500 (seen at first sight)", async () => {
    const finding = (await verdictsOn(await jsonRpcAgent(false), [noServerError], "JSONRPC")).get(
      "errors.no-server-error",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/an empty body → HTTP 500/);
    expect(finding?.message).toMatch(/a request sent as Content-Type: text\/plain → HTTP 500/);
  });

  it("passes one that refuses them with -32700 and HTTP 415", async () => {
    const finding = (await verdictsOn(await jsonRpcAgent(true), [noServerError], "JSONRPC")).get(
      "errors.no-server-error",
    );
    expect(finding).toMatchObject({ status: "pass" });
  });
});

describe("errors.no-server-error and a stream request without params", () => {
  it("fails an agent whose stream method throws on a request without params (seen at first sight: the process died)", async () => {
    const server = await serve((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        if (req.method === "GET")
          return void res.end(
            JSON.stringify({ ...handCard03(`${server.url}/`), capabilities: { streaming: true } }),
          );
        const call = bodyCall(body);
        if (call && call.method === "message/stream" && !("params" in call)) {
          res.statusCode = 500;
          res.setHeader("content-type", "text/html");
          return void res.end(
            "<pre>TypeError: Cannot read properties of undefined (reading 'message')</pre>",
          );
        }
        const id = call && "id" in call ? call.id : null;
        res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32600, message: "Invalid Request" } }));
      });
    });
    servers.push(server);
    const finding = (await verdictsOn(`${server.url}/`, [noServerError], "JSONRPC")).get(
      "errors.no-server-error",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/a stream request \(message\/stream\) without params → HTTP 500/);
  });
});

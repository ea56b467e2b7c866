import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol } from "../../agent/index.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import { catalogue } from "../index.js";
import check from "./rest-invalid-input.js";

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Whether a message:send body is one a web framework's JSON parser or schema would refuse. */
function malformed(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message !== "object";
  } catch {
    return true;
  }
}

/**
 * The reference agent behind a proxy that answers a malformed message:send the way an Express app's
 * default error handler does (Google ADK's, for one): HTTP 400 with an HTML page, no A2A error; or, with
 * `status` 404, a server that lacks the route and answers every message:send so.
 */
async function agentWithHtml400(protocol: AgentProtocol, status = 400): Promise<string> {
  const agent = await startReferenceAgent({ port: 0, protocol });
  const agentOrigin = new URL(agent.url).origin;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const body = await readBody(req);
      // A 404 stands for a route the server lacks: every message:send gets it.
      if (req.method === "POST" && req.url?.endsWith("message:send") && (status === 404 || malformed(body))) {
        res.writeHead(status, { "content-type": "text/html" }).end("<!DOCTYPE html><pre>Bad Request</pre>");
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string" && name !== "host" && name !== "content-length") headers[name] = value;
      const reply = await fetch(`${agentOrigin}${req.url ?? "/"}`, {
        method: req.method ?? "GET",
        headers,
        ...(req.method === "GET" || req.method === "HEAD" ? {} : { body }),
      });
      // The card names the agent's own URLs: they are rewritten to the proxy's.
      const text = (await reply.text()).replaceAll(agentOrigin, origin);
      res.writeHead(reply.status, { "content-type": reply.headers.get("content-type") ?? "" }).end(text);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await agent.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function verdict(agentUrl: string) {
  const result = await runConformance({
    agentUrl,
    headers: {},
    timeoutMs: 5000,
    policy: commandLinePolicy,
    transports: ["HTTP+JSON"],
    catalogue: catalogue.filter((c) => c.id === check.id || c.id === "lifecycle.send-returns-task"),
  });
  return result.findings?.find((f) => f.id === check.id && f.transport === "HTTP+JSON");
}

describe("errors.rest-invalid-input against an HTML 400 page for a malformed message:send", () => {
  it("passes an A2A 0.3 agent: 0.3 §3.2.3 asks the HTTP+JSON binding for the status code only", async () => {
    const finding = await verdict(await agentWithHtml400("0.3"));
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/0\.3 §3\.2\.3 asks for the status code/);
  });

  it("fails an A2A 1.0 agent: 1.0.1 §3.3.2 requires an error code and message in every error response", async () => {
    const finding = await verdict(await agentWithHtml400("1.0"));
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/without an error that carries a code and a message/);
  });
});

describe("errors.rest-invalid-input against a 404 page for a malformed message:send", () => {
  it("judges nothing: a route the server lacks is no refusal of the input", async () => {
    const finding = await verdict(await agentWithHtml400("0.3", 404));
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/answered HTTP 404, which names no A2A error: the route is not served/);
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../../agent/index.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import check from "./empty-version-is-0-3.js";

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function readBody(req: import("node:http").IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * One JSON-RPC URL whose card declares A2A 1.0 and 0.3 there (A2A 1.0.1 §3.6.2: "Agents CAN expose
 * multiple interfaces for the same transport with different versions under the same or different URLs"):
 * a request with A2A-Version 1.0 goes to a 1.0 reference agent, any other to a 0.3 one, unless
 * `only10` sends everything to the 1.0 agent (which then refuses a request without the header).
 */
async function dualAgent(only10: boolean): Promise<string> {
  const v10: RunningAgent = await startReferenceAgent({ port: 0, protocol: "1.0" });
  const v03: RunningAgent = await startReferenceAgent({ port: 0, protocol: "0.3" });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (req.method === "GET" && req.url === "/.well-known/agent-card.json") {
        const card = (await (await fetch(v10.cardUrl)).json()) as Record<string, unknown>;
        const url = `${origin}/a2a/jsonrpc`;
        card.supportedInterfaces = [
          { url, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
          { url, protocolBinding: "JSONRPC", protocolVersion: "0.3" },
        ];
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(card));
        return;
      }
      const version = req.headers["a2a-version"];
      const target = only10 || version === "1.0" ? v10 : v03;
      const reply = await fetch(`${target.url}/a2a/jsonrpc`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(version ? { "a2a-version": String(version) } : {}),
        },
        body: await readBody(req),
      });
      res.writeHead(reply.status, { "content-type": "application/json" }).end(await reply.text());
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([v10.close(), v03.close()]);
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function verdict(agentUrl: string) {
  const result = await runConformance({
    agentUrl,
    headers: {},
    timeoutMs: 5000,
    policy: commandLinePolicy,
    transports: ["JSONRPC"],
    catalogue: [check],
  });
  return result.findings?.find((f) => f.id === check.id);
}

describe("errors.empty-version-is-0-3 where the card declares 0.3 and 1.0 at one URL", () => {
  it("passes when a 0.3 request without A2A-Version is served as 0.3", async () => {
    const finding = await verdict(await dualAgent(false));
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/served as 0\.3/);
  });

  it("fails when the agent refuses it though the card declares 0.3 there", async () => {
    const finding = await verdict(await dualAgent(true));
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/VersionNotSupported \(-32009\), though the card declares A2A 0\.3/);
  });
});

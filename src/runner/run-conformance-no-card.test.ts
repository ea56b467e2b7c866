import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance, type ConformanceOptions } from "./run-conformance.js";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/** An agent that answers every request, the well-known card paths too, with 404. */
async function answersNotFound(): Promise<string> {
  const server = http.createServer((_req, res) => {
    res.writeHead(404, { "content-type": "application/json" });
    res.end('{"error":"not found"}');
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const conform = (agentUrl: string, extra: Partial<ConformanceOptions> = {}) =>
  runConformance({ agentUrl, headers: {}, timeoutMs: 3000, policy: commandLinePolicy, ...extra });

// A2A 1.0.1 §8.1: A2A servers MUST make an Agent Card available.
describe("an agent whose card is not found", () => {
  it("fails card.required-fields, naming where the card was looked for, and the run fails", async () => {
    const result = await conform(await answersNotFound());
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/^no agent card found/);
    // Each location tried is named, and the way on: the card's own URL, or --endpoint.
    expect(result.reason).toMatch(
      /\(http:\/\/127\.0\.0\.1:\d+\/\.well-known\/agent-card\.json, .*\), each: HTTP 404/,
    );
    expect(result.reason).toMatch(/give the card's own URL as the agent URL/);
    expect(result.conformance_level).toBe("non-conformant");
    expect(result.findings).toMatchObject([
      { id: "card.required-fields", status: "fail", level: "MUST", tck: "CARD-DISC-001" },
    ]);
    expect(result.findings?.[0]?.message).toMatch(/HTTP 404.*§8\.1/);
    expect(result.findings?.[0]?.recommendation).toMatch(/\/\.well-known\/agent-card\.json/);
  });

  it("reports no finding when the run's selection leaves the card checks out", async () => {
    const result = await conform(await answersNotFound(), { categories: ["lifecycle"] });
    expect(result.status).toBe("failed");
    expect(result.findings).toEqual([]);
  });

  it("stays an error of the run, with no finding, when nothing answers at all", async () => {
    const url = await answersNotFound();
    const closed = servers.pop() as http.Server;
    await new Promise((done) => closed.close(done));
    const result = await conform(url);
    expect(result.status).toBe("error");
    expect(result.findings).toEqual([]);
  });
});

describe("an agent tested through --endpoint without a card", () => {
  it("fails card.required-fields for the missing card, and the other card checks have nothing to judge", async () => {
    const url = await answersNotFound();
    const result = await conform(url, {
      endpointOverride: { url: `${url}/a2a`, transport: "JSONRPC" },
      categories: ["card"],
    });
    const judged = (result.findings ?? []).filter((f) => f.status !== "skip");
    expect(judged.map((f) => [f.id, f.status])).toEqual([["card.required-fields", "fail"]]);
    expect(judged[0]?.message).toMatch(/^no agent card was found .*§8\.1/);
    const others = (result.findings ?? []).filter((f) => f.id !== "card.required-fields");
    expect(others.length).toBeGreaterThan(5);
    for (const f of others) expect(f.message).toMatch(/no agent card was found|applies to|does not claim/);
  });
});

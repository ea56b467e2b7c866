import { describe, expect, it } from "vitest";
import cardInterfaces from "../checks/card/interfaces.js";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance } from "./run-conformance.js";
import { handCard03, httpAgentsClosedAfterAll } from "./testing/hand-agent.js";

const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
const startHttpAgent = httpAgentsClosedAfterAll();

/**
 * A 0.3 agent answering JSON-RPC at /a2a only (anything else: an Express 404 page), whose card names `cardUrl`
 * (given the agent's base URL) as its endpoint.
 */
async function agentAtA2a(cardUrl: (base: string) => string): Promise<string> {
  return startHttpAgent((req, body, res, base) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET" && req.url?.startsWith("/.well-known/"))
      return void res.end(JSON.stringify(handCard03(cardUrl(base))));
    if (req.method === "POST" && req.url === "/a2a") {
      const call = JSON.parse(body) as { id?: unknown; method?: string };
      const reply =
        call.method === "message/send"
          ? { result: task }
          : { error: { code: call.method === "tasks/get" ? -32001 : -32601, message: "refused" } };
      return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id ?? null, ...reply }));
    }
    res.statusCode = 404;
    res.setHeader("content-type", "text/html");
    res.end(`<pre>Cannot ${req.method} ${req.url}</pre>`);
  });
}

const runWithEndpoint = (agentUrl: string) =>
  runConformance({
    agentUrl,
    headers: {},
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue: [sendReturnsTask, cardInterfaces],
    endpointOverride: { url: `${agentUrl}a2a`, transport: "JSONRPC" },
  });

describe("the card's endpoint under --endpoint", () => {
  it("is still judged when it shares the given endpoint's origin: a card naming the base fails card.interfaces (seen at first sight)", async () => {
    const result = await runWithEndpoint(await agentAtA2a((base) => base));
    const card = result.findings?.find((f) => f.id === "card.interfaces");
    expect(card).toMatchObject({ status: "fail" });
    expect(card?.message).toMatch(
      /the card's JSONRPC endpoint http:\/\/127\.0\.0\.1:\d+\/ answers nothing A2A; the agent answers at http:\/\/127\.0\.0\.1:\d+\/a2a/,
    );
    expect(result.findings?.find((f) => f.id === "lifecycle.send-returns-task")).toMatchObject({
      status: "pass",
    });
  });

  it("passes a card that names the endpoint given", async () => {
    const result = await runWithEndpoint(await agentAtA2a((base) => `${base}a2a`));
    expect(result.findings?.find((f) => f.id === "card.interfaces")).toMatchObject({ status: "pass" });
  });

  it("is not probed at another origin: a card naming the agent's public address is no defect of a local copy", async () => {
    const result = await runWithEndpoint(await agentAtA2a(() => "https://agent.example.com/a2a"));
    expect(result.findings?.find((f) => f.id === "card.interfaces")).toMatchObject({ status: "pass" });
    expect(result.traffic?.some((t) => t.url.includes("agent.example.com")) ?? false).toBe(false);
  });
});

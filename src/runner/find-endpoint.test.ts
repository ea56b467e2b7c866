import { describe, expect, it } from "vitest";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import cardInterfaces from "../checks/card/interfaces.js";
import type { Negotiation } from "../client/negotiate.js";
import { findJsonRpcEndpoint } from "./find-endpoint.js";
import {
  handAgentsClosedAfterAll,
  handCard03,
  httpAgentsClosedAfterAll,
  verdictsOn,
} from "./testing/hand-agent.js";

const startHandAgent = handAgentsClosedAfterAll();
const startHttpAgent = httpAgentsClosedAfterAll();

const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };

/** A 0.3 agent whose JSON-RPC handler is mounted on /a2a/json-rpc; `card` shapes what its card says. */
async function mountedAgent(card: (url: string) => Record<string, unknown>): Promise<string> {
  const agent = await startHandAgent(
    (request, url) => {
      if (request.kind === "card") return card(url);
      if (request.method === "message/send") {
        const message = request.params.message as { parts?: unknown } | undefined;
        return message?.parts ? { result: task } : { error: { code: -32602, message: "Invalid params" } };
      }
      return { error: { code: -32601, message: "Method not found" } };
    },
    { rpcPath: "/a2a/json-rpc" },
  );
  return agent.url;
}

// Never ask the user for what the tool can find itself: a 404 page at the guessed endpoint is not the agent.
describe("finding the JSON-RPC endpoint when nothing A2A answers where the card points", () => {
  it("finds it under the card's own endpoints field when the card has no url", async () => {
    const url = await mountedAgent((base) => {
      const { url: _url, ...card } = handCard03(base);
      return { ...card, endpoints: { jsonrpc: `${base}a2a/json-rpc` } };
    });
    const byId = await verdictsOn(url, [sendReturnsTask, cardInterfaces]);
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "pass" });
    expect(byId.get("card.interfaces")?.message).toMatch(/url is missing/);
  });

  it("finds it on a common path when the card's url names the bare base, and card.interfaces says so", async () => {
    const url = await mountedAgent((base) => handCard03(base));
    const byId = await verdictsOn(url, [sendReturnsTask, cardInterfaces]);
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "pass" });
    expect(byId.get("card.interfaces")).toMatchObject({ status: "fail" });
    expect(byId.get("card.interfaces")?.message).toMatch(
      /answers nothing A2A; the agent answers at .*\/a2a\/json-rpc/,
    );
  });
});

describe("the warning that the chosen endpoint was left", () => {
  const base = "http://127.0.0.1:9";
  const agent = {
    agentUrl: base,
    discovery: { found: true as const, url: `${base}/.well-known/agent.json`, card: { url: base } },
  };
  const chosen = { url: base, transport: "JSONRPC" as const, reason: "card url" };
  const found = { generation: "0.1" as const, source: "wire" as const, notes: [], trafficIds: ["t9"] };
  const negotiateAt = (url: string): Promise<Negotiation> =>
    Promise.resolve(url === `${base}/a2a` ? found : { ...found, source: "card" });

  // Seen at first sight: three 404 pages quoted in full, nested, ending "using the card's A2A 0.2" though the
  // run then spoke 0.1 elsewhere.
  it("says in one clause that each probe met a missing route, naming the traffic, not each probe's answer", async () => {
    const atChosen: Negotiation = {
      generation: "0.2",
      source: "card",
      notes: [
        "no A2A version was confirmed on the wire (message/send: HTTP 404 ...); using the card's A2A 0.2",
      ],
      trafficIds: ["t5", "t7"],
      routesMissing: true,
    };
    const moved = await findJsonRpcEndpoint(agent, chosen, atChosen, negotiateAt);
    expect(moved?.endpoint.url).toBe(`${base}/a2a`);
    expect(moved?.negotiation.notes[0]).toBe(
      `the chosen endpoint ${base} answered nothing A2A (each version probe met a route or method that does not exist (traffic t5, t7)); the agent answers at ${base}/a2a`,
    );
  });

  it("says that nobody answered when the connection was refused", async () => {
    const atChosen: Negotiation = {
      generation: "0.3",
      source: "card",
      notes: ["could not confirm"],
      trafficIds: [],
      nothingAnswers: "connection refused",
    };
    const moved = await findJsonRpcEndpoint(agent, chosen, atChosen, negotiateAt);
    expect(moved?.negotiation.notes[0]).toMatch(/answered nothing A2A \(connection refused\)/);
    expect(moved?.negotiation.notes[0]).not.toMatch(/using the card/);
  });
});

/**
 * A 0.3 agent that answers JSON-RPC at its base URL while its card says preferredTransport "REST" there and
 * lists no JSON-RPC interface (seen at first sight): every other path is an Express-like 404 page.
 */
async function restCardJsonRpcAgent(): Promise<string> {
  return startHttpAgent((req, body, res, base) => {
    if (req.method === "GET" && req.url?.startsWith("/.well-known/")) {
      const { additionalInterfaces: _none, ...card } = handCard03(base);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ ...card, preferredTransport: "REST" }));
      return;
    }
    if (req.method !== "POST" || req.url !== "/") {
      res.statusCode = 404;
      res.setHeader("content-type", "text/html");
      res.end(`<pre>Cannot ${req.method} ${req.url}</pre>`);
      return;
    }
    const call = JSON.parse(body) as { id?: unknown; method?: string };
    const reply =
      call.method === "message/send"
        ? { result: task }
        : call.method === "tasks/get"
          ? { error: { code: -32001, message: "Task not found" } }
          : { error: { code: -32601, message: "Method not found" } };
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id ?? null, ...reply }));
  });
}

describe("testing the binding the agent answers when the card's HTTP+JSON interface serves no route", () => {
  it("tests JSON-RPC at the URL the card gave REST, and card.interfaces says the card declared the wrong binding", async () => {
    const byId = await verdictsOn(await restCardJsonRpcAgent(), [sendReturnsTask, cardInterfaces]);
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "pass", transport: "JSONRPC" });
    expect(byId.get("card.interfaces")).toMatchObject({ status: "fail" });
    expect(byId.get("card.interfaces")?.message).toMatch(
      /the card's HTTP\+JSON endpoint http:\/\/127\.0\.0\.1:\d+\/ answers nothing A2A; the agent answers JSONRPC at/,
    );
  });
});

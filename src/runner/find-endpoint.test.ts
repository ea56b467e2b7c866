import { describe, expect, it } from "vitest";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import cardInterfaces from "../checks/card/interfaces.js";
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

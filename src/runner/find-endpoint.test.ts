import { describe, expect, it } from "vitest";
import sendReturnsTask from "../checks/lifecycle/send-returns-task.js";
import cardInterfaces from "../checks/card/interfaces.js";
import { handAgentsClosedAfterAll, handCard03, verdictsOn } from "./testing/hand-agent.js";

const startHandAgent = handAgentsClosedAfterAll();

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

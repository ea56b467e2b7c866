import { describe, expect, it } from "vitest";
import urlAnswers0x from "./url-answers-0x.js";
import cardInterfaces from "./interfaces.js";
import {
  handCard01,
  handCard03,
  httpAgentsClosedAfterAll,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";

const startHttpAgent = httpAgentsClosedAfterAll();
const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
const task01 = { id: "t-1", sessionId: "s-1", status: { state: "completed" } };

/**
 * An agent of `version` whose JSON-RPC handler is mounted on /a2a while its card, at its version's well-known
 * path only, names `cardPath` under the base; every other request meets a 404 page, as an Express app's does.
 */
async function agentAt(version: "0.1" | "0.2" | "0.3", cardPath: string): Promise<string> {
  const send = version === "0.1" ? "tasks/send" : "message/send";
  const cardAt = version === "0.3" ? "/.well-known/agent-card.json" : "/.well-known/agent.json";
  return startHttpAgent((req, body, res, base) => {
    if (req.method === "GET" && req.url === cardAt) {
      const at = `${base}${cardPath}`;
      const card =
        version === "0.1"
          ? handCard01(at)
          : version === "0.2"
            ? { ...handCard03(at), protocolVersion: "0.2.5" }
            : handCard03(at);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(card));
      return;
    }
    if (req.method !== "POST" || req.url !== "/a2a") {
      res.writeHead(404, { "content-type": "text/html" }).end("<pre>Cannot do that</pre>");
      return;
    }
    let call: { id?: unknown; method?: unknown } = {};
    try {
      call = JSON.parse(body) as typeof call;
    } catch {
      // answered below as an unknown method
    }
    const reply =
      call.method === send
        ? { result: version === "0.1" ? task01 : task }
        : { error: { code: -32601, message: "Method not found" } };
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id ?? null, ...reply }));
  });
}

// A2A 0.1 and 0.2 §5.5 define url without a keyword; 0.3 §5.6.1 makes the transport at url a MUST.
describe("card.url-answers-0x: the card's url is where a 0.1 or 0.2 agent answers", () => {
  it.each(["0.1", "0.2"] as const)(
    "fails at SHOULD when a %s card names the server's base and the agent answers on /a2a; card.interfaces leaves it",
    async (version) => {
      const byId = await verdictsOn(await agentAt(version, ""), [urlAnswers0x, cardInterfaces]);
      expect(byId.get("card.url-answers-0x")).toMatchObject({ status: "fail", level: "SHOULD" });
      expect(byId.get("card.url-answers-0x")?.message).toMatch(
        /answers nothing A2A; the agent answers at .*\/a2a/,
      );
      expect(byId.get("card.interfaces")).toMatchObject({ status: "pass" });
    },
  );

  it("passes a 0.2 card whose url is the endpoint", async () => {
    const byId = await verdictsOn(await agentAt("0.2", "a2a"), [urlAnswers0x]);
    expect(byId.get("card.url-answers-0x")).toMatchObject({ status: "pass" });
  });

  it("leaves a 0.3 card to card.interfaces, at MUST", async () => {
    const byId = await verdictsOn(await agentAt("0.3", ""), [urlAnswers0x, cardInterfaces]);
    expect(byId.get("card.url-answers-0x")?.message).toMatch(/applies to A2A 0.1, 0.2 only/);
    expect(byId.get("card.interfaces")).toMatchObject({ status: "fail", level: "MUST" });
  });
});

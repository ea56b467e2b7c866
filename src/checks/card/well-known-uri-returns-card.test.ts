import { afterAll, describe, expect, it } from "vitest";
import { serve, type LoopbackServer } from "../../net/testing/loopback-server.js";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import wellKnownUriReturnsCard from "./well-known-uri-returns-card.js";

const servers: LoopbackServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));
const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 JSON-RPC agent whose card lives at /api/a2a/agent-card.json, on a host that answers its root
 * well-known card URI as `wellKnown` says: a web app's page, nothing (404), or the card too.
 */
async function agentOnHost(wellKnown: "page" | "404" | "card"): Promise<string> {
  const agent = await startHandAgent((request) =>
    request.kind === "rpc" && /^[A-Z]/.test(request.method) ? refusal(-32001) : refusal(-32601),
  );
  const host = await serve((req, res) => {
    const card = JSON.stringify(handCard10(`${host.url}/api/a2a`));
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        void fetch(agent.url, { method: "POST", body: Buffer.concat(chunks).toString("utf8") })
          .then((answer) => answer.text())
          .then((text) => {
            res.setHeader("content-type", "application/json");
            res.end(text);
          });
      });
      return;
    }
    if (
      req.url === "/api/a2a/agent-card.json" ||
      (req.url === "/.well-known/agent-card.json" && wellKnown === "card")
    ) {
      res.setHeader("content-type", "application/json");
      return void res.end(card);
    }
    if (wellKnown === "page") {
      res.setHeader("content-type", "text/html");
      return void res.end('<!doctype html><html><body><div id="root"></div></body></html>');
    }
    res.statusCode = 404;
    res.end("not found");
  });
  servers.push(host);
  return `${host.url}/api/a2a/agent-card.json`;
}

describe("card.well-known-uri-returns-card", () => {
  it("fails a host whose well-known card URI answers 200 with a web page (A2A 1.0.1 §14.3)", async () => {
    const finding = (await verdictsOn(await agentOnHost("page"), [wellKnownUriReturnsCard])).get(
      "card.well-known-uri-returns-card",
    );
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /\/\.well-known\/agent-card\.json answered HTTP 200 with text\/html, not an AgentCard/,
    );
  });

  it("leaves alone a host that serves nothing there: the card is configured directly (1.0.1 §8.2)", async () => {
    const finding = (await verdictsOn(await agentOnHost("404"), [wellKnownUriReturnsCard])).get(
      "card.well-known-uri-returns-card",
    );
    expect(finding).toMatchObject({ status: "skip", applicable: false });
    expect(finding?.message).toMatch(/answered HTTP 404: the host serves nothing there/);
  });

  it("passes a host that returns the card there too", async () => {
    const finding = (await verdictsOn(await agentOnHost("card"), [wellKnownUriReturnsCard])).get(
      "card.well-known-uri-returns-card",
    );
    expect(finding).toMatchObject({ status: "pass" });
  });
});

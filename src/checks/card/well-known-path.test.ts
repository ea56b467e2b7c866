import { afterAll, describe, expect, it } from "vitest";
import { serve, type LoopbackServer } from "../../net/testing/loopback-server.js";
import { handCard03, verdictsOn } from "../../runner/testing/hand-agent.js";
import wellKnownPath from "./well-known-path.js";

const servers: LoopbackServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A 0.3 agent whose card is served at one path only. */
async function cardOnlyAt(path: string): Promise<string> {
  const server = await serve((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET" && req.url === path)
      return void res.end(JSON.stringify(handCard03(`${server.url}/a2a`)));
    res.statusCode = 404;
    res.end(JSON.stringify({ message: `Route ${req.method}:${req.url} not found` }));
  });
  servers.push(server);
  return `${server.url}${path}`;
}

describe("card.well-known-path", () => {
  it("fails a card served only at the URL given, when the well-known URI answers nothing", async () => {
    const byId = await verdictsOn(await cardOnlyAt("/.well-known/agent-card"), [wellKnownPath]);
    expect(byId.get("card.well-known-path")).toMatchObject({ status: "fail" });
    expect(byId.get("card.well-known-path")?.message).toMatch(
      /only at .*\/\.well-known\/agent-card; .*\/\.well-known\/agent-card\.json answered HTTP 404/,
    );
  });

  it("passes a card found at /.well-known/agent-card.json", async () => {
    const byId = await verdictsOn(await cardOnlyAt("/.well-known/agent-card.json"), [wellKnownPath]);
    expect(byId.get("card.well-known-path")).toMatchObject({ status: "pass" });
  });
});

describe("card.well-known-path on a card given directly", () => {
  it("skips a card at a URL of its own outside /.well-known/ (direct configuration, A2A 0.3 §5.2)", async () => {
    const byId = await verdictsOn(await cardOnlyAt("/api/agents/echo/card.json"), [wellKnownPath]);
    expect(byId.get("card.well-known-path")).toMatchObject({ status: "skip" });
    expect(byId.get("card.well-known-path")?.message).toMatch(/direct configuration/);
  });
});

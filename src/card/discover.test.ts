import { afterEach, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { cardLocations, discoverCard } from "./discover.js";

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const CARD = { name: "Paths", description: "d", version: "1" };

/** An agent that serves JSON at the given paths only, 404 elsewhere. */
async function servingAt(paths: Record<string, unknown>): Promise<string> {
  const server = await serve((req, res) => {
    const body = paths[req.url ?? ""];
    res.setHeader("content-type", "application/json");
    if (body === undefined) res.statusCode = 404;
    res.end(JSON.stringify(body ?? { message: `Route GET:${req.url} not found` }));
  });
  servers.push(server);
  return `${server.url}/`;
}

describe("where the agent card is looked for", () => {
  it("a URL under /.well-known/ is the card itself, whatever its file name, tried first", () => {
    expect(cardLocations("http://h/.well-known/agent-card")).toEqual([
      "http://h/.well-known/agent-card",
      "http://h/.well-known/agent-card.json",
      "http://h/.well-known/agent.json",
    ]);
  });

  it("a URL with a path tries the well-known files under it, then at the root, then the URL itself", () => {
    expect(cardLocations("http://h/agents/x")).toEqual([
      "http://h/agents/x/.well-known/agent-card.json",
      "http://h/agents/x/.well-known/agent.json",
      "http://h/.well-known/agent-card.json",
      "http://h/.well-known/agent.json",
      "http://h/agents/x",
    ]);
  });

  it("finds a card served at /.well-known/agent-card when given that URL", async () => {
    const url = await servingAt({ "/.well-known/agent-card": CARD });
    const found = await discoverCard(`${url}.well-known/agent-card`, { policy: commandLinePolicy });
    expect(found).toMatchObject({ found: true, url: `${url}.well-known/agent-card`, card: CARD });
    expect(found.tried).toHaveLength(1);
  });

  it("finds a card served only at the URL given, after the well-known locations", async () => {
    const url = await servingAt({ "/agents/x/card": CARD });
    const found = await discoverCard(`${url}agents/x/card`, { policy: commandLinePolicy });
    expect(found).toMatchObject({ found: true, url: `${url}agents/x/card` });
    expect(found.tried).toHaveLength(5);
  });

  it("does not take a JSON error object at the URL given for a card", async () => {
    const url = await servingAt({ "/a2a": { error: "use POST" } });
    const found = await discoverCard(`${url}a2a`, { policy: commandLinePolicy });
    expect(found.found).toBe(false);
    expect(found.tried.at(-1)?.outcome).toBe("a JSON object that is no agent card");
  });
});

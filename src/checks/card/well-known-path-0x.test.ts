import { describe, expect, it } from "vitest";
import { handCard01, httpAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import wellKnownPath from "./well-known-path.js";
import wellKnownPath0x from "./well-known-path-0x.js";

const startHttpAgent = httpAgentsClosedAfterAll();

/**
 * An A2A 0.1 agent (JSON-RPC at its base: tasks/send with the client's task id, finished at once) whose card is
 * served at the paths given (seen at first sight: a 0.1 agent whose card only 0.3's path served).
 */
function agent01(cardPaths: readonly string[], stated?: string): Promise<string> {
  return startHttpAgent((req, body, res, base) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET") {
      if (!cardPaths.includes(req.url ?? "")) {
        res.statusCode = 404;
        return void res.end(JSON.stringify({ error: "not found" }));
      }
      const card = { ...handCard01(base), ...(stated ? { protocolVersion: stated } : {}) };
      return void res.end(JSON.stringify(card));
    }
    const call = JSON.parse(body) as { id?: unknown; method?: string; params?: { id?: unknown } };
    const id = call.id ?? null;
    if (call.method === "tasks/send" && typeof call.params?.id === "string")
      return void res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          result: { id: call.params.id, status: { state: "completed" } },
        }),
      );
    const code = call.method === "tasks/get" ? -32001 : call.method === "tasks/send" ? -32602 : -32601;
    res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message: "refused" } }));
  });
}

describe("card.well-known-path-0x", () => {
  it("fails a 0.1 agent's card served only at 0.3's agent-card.json: 0.1 §5.3 recommends agent.json", async () => {
    const byId = await verdictsOn(await agent01(["/.well-known/agent-card.json"]), [
      wellKnownPath,
      wellKnownPath0x,
    ]);
    expect(byId.get(wellKnownPath0x.id)).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(byId.get(wellKnownPath0x.id)?.message).toMatch(
      /the card is only at .*\/\.well-known\/agent-card\.json; .*\/\.well-known\/agent\.json answered HTTP 404/,
    );
    expect(byId.get(wellKnownPath.id)?.message).toMatch(/applies to A2A 0\.3, 1\.0 only/);
  });

  it("passes a 0.1 agent's card served at agent.json too", async () => {
    const paths = ["/.well-known/agent-card.json", "/.well-known/agent.json"];
    const byId = await verdictsOn(await agent01(paths), [wellKnownPath0x]);
    expect(byId.get(wellKnownPath0x.id)).toMatchObject({ status: "pass" });
  });

  it("leaves a card under a path of its own to the client's configuration (a server of several agents)", async () => {
    const base = await agent01(["/.well-known/echo/agent-card.json"]);
    const byId = await verdictsOn(`${base}.well-known/echo/agent-card.json`, [wellKnownPath0x]);
    expect(byId.get(wellKnownPath0x.id)).toMatchObject({ status: "skip" });
    expect(byId.get(wellKnownPath0x.id)?.message).toMatch(/a path of its own/);
  });

  it("passes a card claiming 0.3 but served at agent.json, the 0.1 agent's own path (no skip on an assumed path)", async () => {
    const byId = await verdictsOn(await agent01(["/.well-known/agent.json"], "0.3.0"), [wellKnownPath0x]);
    expect(byId.get(wellKnownPath0x.id)).toMatchObject({ status: "pass" });
  });
});

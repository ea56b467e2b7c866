import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { a2aTargetSchema, resolveA2ATarget } from "./target.js";

const open: Array<RunningAgent | LoopbackServer> = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

describe("resolveA2ATarget", () => {
  it.each(["1.0", "0.3"] as const)(
    "finds the JSON-RPC endpoint on the card of an A2A %s agent",
    async (protocol) => {
      const agent = await startReferenceAgent({ port: 0, protocol });
      open.push(agent);
      const target = await resolveA2ATarget(a2aTargetSchema.parse({ type: "a2a", agent_url: agent.url }), {
        policy: commandLinePolicy,
      });
      expect(target).toMatchObject({
        endpoint: `${agent.url}/a2a/jsonrpc`,
        generation: protocol,
        card_url: `${agent.url}/.well-known/agent-card.json`,
      });
    },
  );

  it("uses a card with errors without validating it", async () => {
    const server = await serve((req, res) => {
      res.setHeader("content-type", "application/json");
      // No name, description, version, skills...: invalid, yet its url still says where to post.
      res.end(JSON.stringify({ url: `http://${req.headers.host}/rpc`, protocolVersion: "0.3.0" }));
    });
    open.push(server);
    const target = await resolveA2ATarget(server.url, { policy: commandLinePolicy });
    expect(target.endpoint).toBe(`${server.url}/rpc`);
    expect(target.generation).toBe("0.3");
  });

  it("falls back on the agent URL when there is no card", async () => {
    const server = await serve((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    open.push(server);
    const target = await resolveA2ATarget(`${server.url}/agent`, { policy: commandLinePolicy });
    expect(target).toEqual({
      endpoint: `${server.url}/agent`,
      generation: "0.3",
      card_url: null,
      reason: "agent URL (no card found)",
    });
  });

  it("rejects a target that is not of type a2a", () => {
    expect(a2aTargetSchema.safeParse({ type: "mcp", agent_url: "http://x" }).success).toBe(false);
  });
});

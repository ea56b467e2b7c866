import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../../agent/index.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import extendedCard from "./extended-card.js";
import check, { fieldsBeyondPublicCard } from "./extended-card-needs-auth.js";

const TOKEN = "extended-card-needs-auth-token";
const BINDINGS = ["GRPC", "HTTP+JSON", "JSONRPC"];
const started: RunningAgent[] = [];
afterAll(async () => {
  await Promise.all(started.map((a) => a.close()));
});

/** The check (and card.extended-card beside it) over every binding, the run holding the agent's token. */
async function findings(options: { flaw?: string; extendedCard?: true }) {
  const agent = await startReferenceAgent({ port: 0, protocol: "1.0", bearerToken: TOKEN, ...options });
  started.push(agent);
  const result = await runConformance({
    agentUrl: agent.url,
    headers: { Authorization: `Bearer ${TOKEN}` },
    credentialsGiven: true,
    timeoutMs: 5000,
    policy: commandLinePolicy,
    catalogue: [extendedCard, check],
  });
  const all = result.findings ?? [];
  return {
    needsAuth: all.filter((f) => f.id === check.id),
    served: all.filter((f) => f.id === extendedCard.id),
  };
}

describe("card.extended-card-needs-auth", () => {
  it("passes on every binding when the extended card is refused without the token", async () => {
    const { needsAuth, served } = await findings({ extendedCard: true });
    expect(needsAuth.map((f) => f.transport).sort()).toEqual(BINDINGS);
    for (const f of needsAuth) {
      expect(f.status).toBe("pass");
      expect(f.message).toMatch(/refused with (HTTP 401|gRPC UNAUTHENTICATED)/);
    }
    // With the token the extended card itself is served.
    expect(served.map((f) => f.status)).toEqual(["pass", "pass", "pass"]);
  });

  it("fails at MUST on every binding when the extended card is served without the token", async () => {
    const { needsAuth, served } = await findings({ flaw: "extended-card-without-auth" });
    expect(needsAuth.map((f) => f.transport).sort()).toEqual(BINDINGS);
    for (const f of needsAuth) {
      expect(f).toMatchObject({ status: "fail", level: "MUST" });
      expect(f.message).toMatch(
        /differs from the public one in skills, served to a caller without credentials/,
      );
    }
    expect(served.map((f) => f.status)).toEqual(["pass", "pass", "pass"]);
  });

  it("does not apply when the card claims no extended card", async () => {
    const { needsAuth } = await findings({});
    for (const f of needsAuth) expect(f).toMatchObject({ status: "skip", applicable: false });
  });
});

describe("what counts as more than the public card", () => {
  const card = {
    name: "Helpdesk",
    skills: [{ id: "billing", tags: ["billing"] }],
    capabilities: { streaming: true, extendedAgentCard: true },
    signatures: [{ protected: "x", signature: "y" }],
  };

  it("nothing, for the same card spelt otherwise: keys reordered, defaults left out, unsigned", () => {
    const sameCard = {
      capabilities: { extendedAgentCard: true, streaming: true, pushNotifications: false },
      skills: [{ tags: ["billing"], id: "billing", examples: [] }],
      name: "Helpdesk",
      securitySchemes: {},
    };
    expect(fieldsBeyondPublicCard(sameCard, card)).toEqual([]);
  });

  it("the fields that differ, for another card", () => {
    const extended = { ...card, skills: [...card.skills, { id: "escalations" }], version: "2" };
    expect(fieldsBeyondPublicCard(extended, card)).toEqual(["skills", "version"]);
  });
});

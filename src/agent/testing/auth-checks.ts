import { expect } from "vitest";
import { DEFAULT_FLAW_TOKEN } from "../auth.js";
import type { Card, FlawCheck, FlawProbe } from "./flaw-probe.js";
import { fetchCard, get, jsonrpc } from "./flaw-probe.js";
import { rpc } from "./http-client.js";

const withToken = (probe: FlawProbe, token: string) => ({
  ...probe.dialect.headers,
  Authorization: `Bearer ${token}`,
});

/** A GetTask of a task that cannot exist; only the HTTP status matters. */
async function getStatus(probe: FlawProbe, headers: Record<string, string>) {
  const reply = await fetch(jsonrpc(probe), {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: probe.dialect.methods.get,
      params: { id: "none" },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  await reply.body?.cancel();
  return { status: reply.status, challenge: reply.headers.get("www-authenticate") };
}

/** The skill ids of a card-shaped value; none when it is not one. */
function skillIds(card: unknown): unknown[] {
  const skills = (card as { skills?: unknown } | undefined)?.skills;
  return Array.isArray(skills) ? skills.map((skill) => (skill as { id?: unknown }).id) : [];
}

function hasSecurity(card: Card): boolean {
  return card.securitySchemes !== undefined;
}

/** Bearer-token flaw checks: each passes on its flaw and throws on the flawless agent. */
export const AUTH_CHECKS: Record<string, FlawCheck> = {
  "auth-not-enforced": async (probe) => {
    expect(hasSecurity(await fetchCard(probe))).toBe(true);
    expect((await getStatus(probe, probe.dialect.headers)).status).toBe(200);
  },
  "auth-any-token": async (probe) => {
    expect((await getStatus(probe, probe.dialect.headers)).status).toBe(401);
    expect((await getStatus(probe, withToken(probe, "anything"))).status).toBe(200);
  },
  "auth-no-challenge": async (probe) => {
    expect(await getStatus(probe, probe.dialect.headers)).toEqual({ status: 401, challenge: null });
  },
  "card-behind-auth": async (probe) => {
    expect((await get(probe.agent.cardUrl)).status).toBe(401);
    const authed = await fetch(probe.agent.cardUrl, {
      headers: { Authorization: `Bearer ${DEFAULT_FLAW_TOKEN}` },
    });
    expect(authed.status).toBe(200);
  },
  "extended-card-without-auth": async (probe) => {
    // Task operations still need the token; the extended card, with its extra skill, does not.
    expect((await getStatus(probe, probe.dialect.headers)).status).toBe(401);
    const reply = await rpc(jsonrpc(probe), "GetExtendedAgentCard", {}, probe.dialect.headers);
    expect(skillIds(reply.body.result)).toContain("order-escalations");
    const card = await fetchCard(probe);
    expect(card.capabilities).toMatchObject({ extendedAgentCard: true });
    expect(skillIds(card)).not.toContain("order-escalations");
    const rest = await fetch(`${probe.agent.url}/a2a/rest/extendedAgentCard`, {
      headers: probe.dialect.headers,
      signal: AbortSignal.timeout(10_000),
    });
    expect(rest.status).toBe(200);
    expect(skillIds(await rest.json())).toContain("order-escalations");
  },
  "auth-undeclared": async (probe) => {
    expect(hasSecurity(await fetchCard(probe))).toBe(false);
    expect((await getStatus(probe, probe.dialect.headers)).status).toBe(401);
  },
};

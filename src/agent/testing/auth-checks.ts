import { expect } from "vitest";
import { DEFAULT_FLAW_TOKEN } from "../auth.js";
import type { Card, FlawCheck, FlawProbe } from "./flaw-probe.js";
import { fetchCard, get, jsonrpc } from "./flaw-probe.js";

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
  "auth-undeclared": async (probe) => {
    expect(hasSecurity(await fetchCard(probe))).toBe(false);
    expect((await getStatus(probe, probe.dialect.headers)).status).toBe(401);
  },
};

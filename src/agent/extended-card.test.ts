import * as grpc from "@grpc/grpc-js";
import { A2AService } from "@a2a-js/sdk/server/grpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent } from "./index.js";
import type { RunningAgent } from "./index.js";

const TOKEN = "extended-card-token";
const V10 = { "A2A-Version": "1.0", "Content-Type": "application/json" };
const bearer = { Authorization: `Bearer ${TOKEN}` };

type Json = Record<string, unknown>;

function skillIds(card: unknown): unknown[] {
  const skills = (card as { skills?: unknown } | undefined)?.skills;
  return Array.isArray(skills) ? skills.map((s) => (s as Json).id) : [];
}

async function jsonRpcCard(agent: RunningAgent, headers: Record<string, string>) {
  const reply = await fetch(`${agent.url}/a2a/jsonrpc`, {
    method: "POST",
    headers: { ...V10, ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetExtendedAgentCard", params: {} }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: reply.status, body: (await reply.json()) as Json };
}

async function restCard(agent: RunningAgent, headers: Record<string, string>) {
  const reply = await fetch(`${agent.url}/a2a/rest/extendedAgentCard`, {
    headers: { ...V10, ...headers },
    signal: AbortSignal.timeout(10_000),
  });
  return { status: reply.status, body: (await reply.json()) as Json };
}

/** One raw gRPC GetExtendedAgentCard, with the token or without. */
function grpcCard(agent: RunningAgent, token?: string): Promise<{ code?: number; card: unknown }> {
  const client = new grpc.Client(agent.grpcUrl ?? "", grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  metadata.set("a2a-version", "1.0");
  if (token) metadata.set("authorization", `Bearer ${token}`);
  const m = A2AService.getExtendedAgentCard;
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      m.path,
      m.requestSerialize,
      m.responseDeserialize,
      { tenant: "" },
      metadata,
      { deadline: Date.now() + 3000 },
      (error, value) => {
        client.close();
        resolve({ ...(error ? { code: error.code } : {}), card: value });
      },
    );
  });
}

describe("the reference agent's extended card (A2A 1.0.1 §3.1.11, §13.3)", () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startReferenceAgent({ protocol: "1.0", bearerToken: TOKEN, extendedCard: true });
  });
  afterAll(() => agent.close());

  it("is claimed by the public card, which lacks the extra skill", async () => {
    const card = (await (await fetch(agent.cardUrl)).json()) as Json;
    expect(card.capabilities).toMatchObject({ extendedAgentCard: true });
    expect(skillIds(card)).not.toContain("order-escalations");
  });

  it("is served with the token on every binding, with one skill more than the public card", async () => {
    const rpc = await jsonRpcCard(agent, bearer);
    expect(skillIds(rpc.body.result)).toContain("order-escalations");
    const rest = await restCard(agent, bearer);
    expect(rest.status).toBe(200);
    expect(skillIds(rest.body)).toContain("order-escalations");
    const overGrpc = await grpcCard(agent, TOKEN);
    expect(overGrpc.code).toBeUndefined();
    expect(skillIds(overGrpc.card)).toContain("order-escalations");
  });

  it("is refused without the token on every binding: 401, gRPC UNAUTHENTICATED", async () => {
    expect((await jsonRpcCard(agent, {})).status).toBe(401);
    expect((await restCard(agent, {})).status).toBe(401);
    expect((await grpcCard(agent)).code).toBe(grpc.status.UNAUTHENTICATED);
  });

  it("is refused as a setting without a token, or on A2A 0.3, before any port is taken", async () => {
    await expect(startReferenceAgent({ protocol: "1.0", extendedCard: true })).rejects.toThrow(
      /needs a bearer token .*§13\.3/,
    );
    await expect(
      startReferenceAgent({ protocol: "0.3", bearerToken: TOKEN, extendedCard: true }),
    ).rejects.toThrow(/A2A 1\.0 only/);
  });
});

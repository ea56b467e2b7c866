import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import type { ProtocolGeneration } from "../protocol/generation.js";
import {
  applyCredentials,
  cardRequiresAuth,
  cardSecurity,
  parseApiKey,
  parseBasic,
  readScheme,
} from "./auth.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { negotiateGeneration } from "./negotiate.js";
import { validCard03 } from "../card/fixtures.js";
import { validateCard } from "../card/validate.js";

let v10: RunningAgent;
let v03: RunningAgent;
beforeAll(async () => {
  v10 = await startReferenceAgent({ port: 0, protocol: "1.0" });
  v03 = await startReferenceAgent({ port: 0, protocol: "0.3" });
});
afterAll(async () => {
  await v10.close();
  await v03.close();
});

const maker = (agent: RunningAgent) => (generation: ProtocolGeneration) =>
  new JsonRpcA2AClient(
    { url: `${agent.url}/a2a/jsonrpc`, binding: "JSONRPC", generation },
    { headers: {}, timeoutMs: 3000, policy: commandLinePolicy, traffic: new TrafficLog() },
  );

describe("negotiateGeneration", () => {
  it("confirms the card's version on the wire without creating a task", async () => {
    const confirmed = await negotiateGeneration("1.0", maker(v10));
    expect(confirmed).toEqual({
      generation: "1.0",
      source: "wire",
      notes: [],
      trafficIds: [expect.any(String)],
    });
    expect(await negotiateGeneration("0.3", maker(v03))).toMatchObject({ generation: "0.3", source: "wire" });
  });

  it("falls back to 0.3 when a card claims 1.0 but the agent speaks 0.3", async () => {
    const n = await negotiateGeneration("1.0", maker(v03));
    expect(n.generation).toBe("0.3");
    expect(n.notes[0]).toMatch(/claims A2A 1\.0 but .*speaks A2A 0\.3 on the wire/);
  });

  it("honours an explicit --protocol override", async () => {
    expect(await negotiateGeneration("1.0", maker(v10), "0.3")).toMatchObject({
      generation: "0.3",
      source: "override",
    });
  });

  it("keeps the card's version when the agent cannot be reached", async () => {
    const unreachable = () =>
      new JsonRpcA2AClient(
        { url: "http://127.0.0.1:9/rpc", binding: "JSONRPC", generation: "1.0" },
        { headers: {}, timeoutMs: 500, policy: commandLinePolicy, traffic: new TrafficLog() },
      );
    expect(await negotiateGeneration("1.0", unreachable)).toMatchObject({
      generation: "1.0",
      source: "card",
    });
  });
});

describe("auth helpers", () => {
  it("turns credentials into headers and query parameters and lists the values to redact", () => {
    const applied = applyCredentials([{ kind: "bearer", token: "tok" }, parseApiKey("key=abc", "query")!]);
    expect(applied).toEqual({
      headers: { Authorization: "Bearer tok" },
      query: { key: "abc" },
      secrets: ["tok", "abc"],
    });
    const basic = applyCredentials([parseBasic("ann:pw:with:colons")!]);
    expect(basic.headers.Authorization).toBe(`Basic ${Buffer.from("ann:pw:with:colons").toString("base64")}`);
    expect(parseBasic("nocolon")).toBeUndefined();
  });

  it("reads 0.3 and 1.0 security schemes and says how to satisfy them", () => {
    expect(readScheme("k", { type: "apiKey", in: "header", name: "X-API-Key" })).toMatchObject({
      type: "apiKey",
      paramName: "X-API-Key",
    });
    expect(readScheme("k", { type: "apiKey", in: "header", name: "X-API-Key" }).howTo).toContain(
      "--api-key X-API-Key=VALUE",
    );
    expect(readScheme("k", { apiKeySecurityScheme: { location: "query", name: "key" } })).toMatchObject({
      type: "apiKey",
      in: "query",
    });
    expect(readScheme("b", { httpAuthSecurityScheme: { scheme: "Bearer" } })).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(readScheme("o", { type: "oauth2", flows: {} }).type).toBe("oauth2");
  });

  it("knows whether a card requires credentials", () => {
    const { securitySchemes: _s, security: _r, ...withoutSecurity } = validCard03();
    const open = validateCard(withoutSecurity).card;
    expect(cardRequiresAuth(open)).toBe(false);
    const locked = validateCard({
      ...validCard03(),
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      security: [{ bearer: [] }],
    }).card;
    expect(cardRequiresAuth(locked)).toBe(true);
    expect(cardSecurity(locked).requirements).toEqual([["bearer"]]);
  });
});

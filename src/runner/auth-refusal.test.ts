import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { readScheme } from "../client/auth.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import type { TrafficEntry } from "../model/traffic.js";
import { authAdvice, refusalInTraffic, schemeAdvice, schemesFromCardBody } from "./auth-refusal.js";
import { runA2ATest } from "./run-a2a-test.js";
import { runLoad } from "./run-load.js";

describe("advice for a refused request", () => {
  it("names how to pass each scheme a card declares, in 0.3 and 1.0 shapes", () => {
    expect(schemeAdvice(readScheme("oauth", { type: "http", scheme: "bearer" }))).toBe(
      "bearer scheme 'oauth' — pass --bearer TOKEN",
    );
    expect(schemeAdvice(readScheme("b", { httpAuthSecurityScheme: { scheme: "Basic" } }))).toBe(
      "basic scheme 'b' — pass --basic USER:PASSWORD",
    );
    expect(schemeAdvice(readScheme("k", { type: "apiKey", in: "query", name: "api_key" }))).toBe(
      "API key scheme 'k' (query api_key) — pass --api-key api_key=VALUE --api-key-in query",
    );
    expect(schemeAdvice(readScheme("o", { oauth2SecurityScheme: { flows: {} } }))).toBe(
      "OAuth 2.0 scheme 'o' — get an access token from its issuer and pass --bearer TOKEN",
    );
  });

  it("reads the schemes from a card body and survives one that is not JSON", () => {
    const body = JSON.stringify({
      securitySchemes: { key: { apiKeySecurityScheme: { location: "header", name: "X-API-Key" } } },
    });
    expect(schemesFromCardBody(body).map((s) => [s.name, s.type, s.paramName])).toEqual([
      ["key", "apiKey", "X-API-Key"],
    ]);
    expect(schemesFromCardBody("<html>")).toEqual([]);
  });

  it("lists every scheme when there are several, and every way when the card cannot be read", () => {
    const schemes = [
      readScheme("a", { type: "http", scheme: "bearer" }),
      readScheme("k", { type: "apiKey", name: "K" }),
    ];
    expect(
      authAdvice({ status: "HTTP 403 Forbidden", where: "the agent", credentialsSent: true }, schemes),
    ).toBe(
      "the agent answered HTTP 403 Forbidden (the credentials sent were refused); the card declares 2 schemes: bearer scheme 'a' — pass --bearer TOKEN; API key scheme 'k' (header K) — pass --api-key K=VALUE",
    );
    expect(
      authAdvice(
        {
          status: "HTTP 401 Unauthorized",
          where: "the agent card",
          credentialsSent: false,
          challenge: 'Bearer realm="x"',
        },
        [],
      ),
    ).toContain('it asks for Bearer realm="x"; the card itself needs credentials');
  });
});

describe("the refusal a run is advised on", () => {
  const exchange = (id: string, status: number, headers: Record<string, string>): TrafficEntry => ({
    id,
    at: `2026-12-07T00:00:0${id}Z`,
    method: "POST",
    url: "http://127.0.0.1:1/a2a",
    request_headers: headers,
    status,
    ms: 1,
  });

  it("is none when the run's credentials were taken: a 401 to a request without any is a check's own probe", () => {
    const traffic = [exchange("1", 401, {}), exchange("2", 200, { authorization: "[redacted]" })];
    expect(refusalInTraffic(traffic, [])).toBeUndefined();
  });

  it("is the first 401 when no credentials worked", () => {
    const traffic = [exchange("1", 401, {}), exchange("2", 401, { authorization: "[redacted]" })];
    expect(refusalInTraffic(traffic, [])).toMatchObject({
      status: "HTTP 401 Unauthorized",
      credentialsSent: false,
    });
  });
});

describe("a run refused for want of credentials", () => {
  let agent: RunningAgent;
  let cardBehindAuth: RunningAgent;
  beforeAll(async () => {
    agent = await startReferenceAgent({ port: 0, protocol: "1.0", bearerToken: "s3cret-token" });
    cardBehindAuth = await startReferenceAgent({ port: 0, protocol: "0.3", flaw: "card-behind-auth" });
  });
  afterAll(async () => {
    await agent.close();
    await cardBehindAuth.close();
  });

  const smoke = (url: string, headers: Record<string, string> = {}) =>
    runA2ATest({
      config: { agent_url: url, headers, strict_card: true, timeout_s: 10 },
      mode: "smoke",
      policy: commandLinePolicy,
    });

  it("says the status and the card's scheme with its flag, not a JSON-RPC shape complaint", async () => {
    const result = await smoke(agent.url);
    expect(result.status).toBe("failed");
    expect(result.reason).toBe(
      "the agent answered HTTP 401 Unauthorized (no credentials were sent); the card declares bearer scheme 'bearerAuth' — pass --bearer TOKEN",
    );
    expect(result.smoke?.reason).not.toContain("jsonrpc");
  });

  it("says the credentials were refused when some were sent, and never shows them", async () => {
    const result = await smoke(agent.url, { Authorization: "Bearer wrong-token" });
    expect(result.reason).toContain("(the credentials sent were refused)");
    expect(JSON.stringify(result)).not.toContain("wrong-token");
  });

  it("passes with the right token", async () => {
    const result = await smoke(agent.url, { Authorization: "Bearer s3cret-token" });
    expect(result.status).toBe("passed");
  });

  it("says so in a load run whose requests are refused, before its thresholds", async () => {
    const result = await runLoad({
      config: { agent_url: agent.url, headers: {}, timeout_s: 10, load: { concurrency: 2, requests: 6 } },
      policy: commandLinePolicy,
    });
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(
      /^the agent answered HTTP 401 Unauthorized \(no credentials were sent\); the card declares bearer scheme 'bearerAuth' — pass --bearer TOKEN; thresholds missed/,
    );
  });

  it("says the card itself is behind authentication", async () => {
    const result = await smoke(cardBehindAuth.url);
    expect(result.reason).toMatch(
      /^the agent card answered HTTP 401 Unauthorized \(no credentials were sent\)/,
    );
    expect(result.reason).toContain("--bearer TOKEN");
  });
});

import { describe, expect, it } from "vitest";
import { endpointCandidates, MAX_CANDIDATES } from "./endpoint-candidates.js";

const AGENT = "http://127.0.0.1:4730";
const CARD = `${AGENT}/.well-known/agent.json`;

describe("the places tried when nothing A2A answers at the chosen endpoint", () => {
  it("puts the card's own endpoint-like fields first, rewritten onto the host the user gave", () => {
    const card = {
      endpoints: { jsonrpc: "http://0.0.0.0:4730/a2a/json-rpc", rest: "/a2a/rest" },
      documentationUrl: "https://docs.example.com/rpc",
      iconUrl: "https://cdn.example.com/a2a.png",
    };
    const tried = endpointCandidates(card, AGENT, CARD, `${AGENT}/`);
    expect(tried.slice(0, 2)).toEqual([`${AGENT}/a2a/json-rpc`, `${AGENT}/a2a/rest`]);
    expect(tried.join(" ")).not.toMatch(/docs\.example|cdn\.example/);
  });

  it("then the common paths under the agent's folder and origin, without the place already tried", () => {
    const tried = endpointCandidates({}, `${AGENT}/agents/echo/`, undefined, `${AGENT}/agents/echo/`);
    expect(tried).toContain(`${AGENT}/agents/echo/a2a`);
    expect(tried).toContain(`${AGENT}/a2a`);
    expect(tried).not.toContain(`${AGENT}/agents/echo/`);
    expect(tried.length).toBeLessThanOrEqual(MAX_CANDIDATES);
  });

  it("ignores fields that are not URLs and the card's spec fields, which the endpoint choice reads itself", () => {
    const card = {
      url: `${AGENT}/main`,
      a2aEndpoint: "not a url",
      supportedInterfaces: [{ url: `${AGENT}/x` }],
    };
    const tried = endpointCandidates(card, AGENT, CARD, `${AGENT}/main`);
    expect(tried).not.toContain("not a url");
    expect(tried).not.toContain(`${AGENT}/x`);
    expect(tried[0]).toBe(`${AGENT}/`);
  });
});

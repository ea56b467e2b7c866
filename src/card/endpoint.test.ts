import { describe, expect, it } from "vitest";
import { chooseEndpoint, chooseEndpointFor, resolveAgainstCard, rewriteLoopback } from "./endpoint.js";
import type { RawCard } from "./fixtures.js";
import { validCard02, validCard03, validCard10, validCardHybrid } from "./fixtures.js";
import type { NormalizedCard } from "./types.js";
import { validateCard } from "./validate.js";

const HOST = "https://helpdesk-agent.example.com";
const AGENT = "https://helpdesk-agent.example.com";

function normalized(card: RawCard): NormalizedCard {
  return validateCard(card).card;
}

function with03(mutate: (card: RawCard) => void): NormalizedCard {
  const card = validCard03();
  mutate(card);
  return normalized(card);
}

describe("chooseEndpoint follows the order of docs/test-files.md", () => {
  it("posts to the card url when preferredTransport is JSONRPC", () => {
    expect(chooseEndpoint(normalized(validCard03()), AGENT)).toEqual({
      url: `${HOST}/a2a/v1`,
      transport: "JSONRPC",
      protocolVersion: "0.3.0",
      reason: "card url (preferredTransport JSONRPC)",
    });
  });

  it("posts to the card url when preferredTransport is not stated", () => {
    const choice = chooseEndpoint(normalized(validCard02()), AGENT);
    expect(choice).toMatchObject({ url: `${HOST}/a2a/v1`, transport: "JSONRPC" });
    expect(choice.reason).toMatch(/^card url \(preferredTransport not stated/);
  });

  it("accepts JSON-RPC spelled differently", () => {
    const card = with03((c) => (c["preferredTransport"] = "json-rpc"));
    expect(chooseEndpoint(card, AGENT).reason).toBe("card url (preferredTransport json-rpc)");
  });

  it("otherwise uses the first additionalInterfaces entry whose transport is JSON-RPC", () => {
    const card = with03((c) => {
      c["url"] = `${HOST}/a2a/grpc`;
      c["preferredTransport"] = "GRPC";
      c["additionalInterfaces"] = [
        { url: `${HOST}/a2a/grpc`, transport: "GRPC" },
        { url: `${HOST}/a2a/first`, transport: "jsonrpc" },
        { url: `${HOST}/a2a/second`, transport: "JSONRPC" },
      ];
    });
    expect(chooseEndpoint(card, AGENT)).toMatchObject({
      url: `${HOST}/a2a/first`,
      reason: "additionalInterfaces[1]",
    });
  });

  it("skips an interface whose URL cannot be called", () => {
    const card = with03((c) => {
      c["url"] = "ftp://x";
      c["additionalInterfaces"] = [
        { url: "ftp://y", transport: "JSONRPC" },
        { url: `${HOST}/a2a/ok`, transport: "JSONRPC" },
      ];
    });
    expect(chooseEndpoint(card, AGENT).reason).toBe("additionalInterfaces[1]");
  });

  it("falls back on the agent URL when the card names no JSON-RPC endpoint", () => {
    const card = with03((c) => {
      c["preferredTransport"] = "HTTP+JSON";
      delete c["additionalInterfaces"];
    });
    expect(chooseEndpoint(card, `${AGENT}/support`)).toEqual({
      url: `${AGENT}/support`,
      transport: "JSONRPC",
      reason: "agent URL (the card names no JSON-RPC endpoint)",
    });
  });

  it("falls back on the agent URL for a card with no interfaces at all", () => {
    expect(chooseEndpoint(validateCard("not a card").card, AGENT).url).toBe(AGENT);
  });
});

describe("chooseEndpoint with 1.0 cards", () => {
  it("takes the first JSONRPC supportedInterfaces entry in list order", () => {
    const card = validCard10();
    card["supportedInterfaces"] = [
      { url: `${HOST}/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
      { url: `${HOST}/v03`, protocolBinding: "JSONRPC", protocolVersion: "0.3", tenant: "acme" },
      { url: `${HOST}/v10`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    ];
    expect(chooseEndpoint(normalized(card), AGENT)).toEqual({
      url: `${HOST}/v03`,
      transport: "JSONRPC",
      protocolVersion: "0.3",
      tenant: "acme",
      reason: "supportedInterfaces[1]",
    });
  });

  it("prefers supportedInterfaces over the legacy url of a hybrid card", () => {
    const card = validCardHybrid();
    card["url"] = `${HOST}/legacy`;
    expect(chooseEndpoint(normalized(card), AGENT)).toMatchObject({
      url: `${HOST}/a2a/v1`,
      reason: "supportedInterfaces[0]",
    });
  });

  it("uses a hybrid card's legacy url when supportedInterfaces has no JSONRPC entry", () => {
    const card = validCardHybrid();
    card["url"] = `${HOST}/legacy`;
    (card["supportedInterfaces"] as unknown[]).splice(0, 1);
    expect(chooseEndpoint(normalized(card), AGENT)).toMatchObject({
      url: `${HOST}/legacy`,
      reason: "card url (preferredTransport JSONRPC)",
    });
  });
});

describe("chooseEndpoint when the agent URL is the card's own URL", () => {
  const grpcOnly = (mutate: (card: RawCard) => void = () => {}) =>
    with03((c) => {
      c["preferredTransport"] = "GRPC";
      delete c["additionalInterfaces"];
      mutate(c);
    });

  it("uses the card's url", () => {
    const choice = chooseEndpoint(grpcOnly(), `${AGENT}/.well-known/agent-card.json`);
    expect(choice).toMatchObject({ url: `${HOST}/a2a/v1`, transport: "JSONRPC" });
    expect(choice.reason).toMatch(/^card url \(the agent URL is the card itself/);
  });

  it.each([
    [`${AGENT}/support/.well-known/agent-card.json?v=2`, `${AGENT}/support`, "/.well-known/agent-card.json"],
    [`${AGENT}/.well-known/agent.json`, `${AGENT}/`, "/.well-known/agent.json"],
    [`${AGENT}/cards/helpdesk.json`, `${AGENT}/cards/`, "helpdesk.json"],
  ])("without a card url, %s → %s", (given, url, cut) => {
    const choice = chooseEndpoint(
      grpcOnly((c) => delete c["url"]),
      given,
    );
    expect(choice).toEqual({
      url,
      transport: "JSONRPC",
      reason: `agent URL without ${cut} (the card names no JSON-RPC endpoint)`,
    });
  });
});

describe("chooseEndpointFor other transports", () => {
  it("finds the first interface with the transport", () => {
    expect(chooseEndpointFor(normalized(validCard03()), AGENT, "HTTP+JSON")).toMatchObject({
      url: `${HOST}/a2a/rest`,
      transport: "HTTP+JSON",
      reason: "additionalInterfaces[1]",
    });
  });

  it("accepts a gRPC host:port target", () => {
    expect(chooseEndpointFor(normalized(validCard10()), AGENT, "GRPC")).toMatchObject({
      url: "helpdesk-agent.example.com:443",
      reason: "supportedInterfaces[2]",
    });
  });

  it("returns null when the card offers no such transport", () => {
    expect(chooseEndpointFor(normalized(validCard02()), AGENT, "GRPC")).toBeNull();
  });

  it("moves a loopback gRPC target onto the agent host, keeping its port", () => {
    const card = validCard10();
    (card["supportedInterfaces"] as RawCard[])[2]!["url"] = "localhost:50051";
    expect(chooseEndpointFor(normalized(card), "https://agent.example.com/a2a", "GRPC")).toMatchObject({
      url: "agent.example.com:50051",
      rewrittenFrom: "localhost:50051",
    });
  });
});

describe("rewriteLoopback", () => {
  it.each([
    [
      "localhost moves onto the given host, path kept",
      "http://localhost:8080/a2a/v1",
      "https://agent.example.com/support",
      "https://agent.example.com/a2a/v1",
    ],
    [
      "the agent's port is used",
      "http://localhost:8080/a2a",
      "http://agent.internal:9000/",
      "http://agent.internal:9000/a2a",
    ],
    [
      "the query is kept",
      "http://localhost:8080/a2a?tenant=acme",
      "https://agent.example.com",
      "https://agent.example.com/a2a?tenant=acme",
    ],
    [
      "::1 is loopback",
      "http://[::1]:8080/a2a",
      "https://agent.example.com",
      "https://agent.example.com/a2a",
    ],
    [
      "127.0.0.2 counts as somewhere else",
      "http://127.0.0.1:8080/a2a",
      "http://127.0.0.2:8080",
      "http://127.0.0.2:8080/a2a",
    ],
    [
      "0.0.0.0 is rewritten even when reached on loopback",
      "http://0.0.0.0:8000/",
      "http://127.0.0.1:8000/",
      "http://127.0.0.1:8000/",
    ],
    [
      "0.0.0.0 is rewritten for a remote host",
      "http://0.0.0.0:8000/rpc",
      "https://agent.example.com",
      "https://agent.example.com/rpc",
    ],
  ])("%s", (_name, cardUrl, agentUrl, url) => {
    expect(rewriteLoopback(cardUrl, agentUrl)).toEqual({ url, rewrittenFrom: cardUrl });
  });

  it.each([
    ["127.0.0.1 reached at 127.0.0.1", "http://127.0.0.1:8080/a2a", "http://127.0.0.1:8080"],
    ["localhost reached at 127.0.0.1", "http://localhost:8080/a2a", "http://127.0.0.1:3000"],
    ["a public card URL", `${HOST}/a2a/v1`, "http://localhost:8080"],
    ["an unparseable agent URL", "http://localhost/a2a", "not a url"],
  ])("leaves %s alone", (_name, cardUrl, agentUrl) => {
    expect(rewriteLoopback(cardUrl, agentUrl)).toEqual({ url: cardUrl });
  });

  it("is applied by chooseEndpoint, naming the card's URL", () => {
    const card = with03((c) => {
      c["url"] = "http://localhost:10000/";
      delete c["additionalInterfaces"];
    });
    expect(chooseEndpoint(card, "https://helpdesk.partner.example/")).toEqual({
      url: "https://helpdesk.partner.example/",
      transport: "JSONRPC",
      protocolVersion: "0.3.0",
      rewrittenFrom: "http://localhost:10000/",
      reason: "card url (preferredTransport JSONRPC)",
    });
  });
});

describe("a relative interface URL is resolved against the card's own URL", () => {
  const CARD_URL = `${HOST}/agents/echo/.well-known/agent-card.json`;

  it("resolves a path against the card's origin, and validation still reports the card error", () => {
    const raw = validCard03();
    raw["url"] = "/a2a/echoAgent";
    delete raw["additionalInterfaces"];
    const validation = validateCard(raw);
    expect(validation.errors.map((e) => e.path)).toContain("url");
    const choice = chooseEndpoint(validation.card, AGENT, CARD_URL);
    expect(choice.url).toBe(`${HOST}/a2a/echoAgent`);
    expect(choice.reason).toMatch(/relative "\/a2a\/echoAgent" resolved against the card's URL/);
  });

  it("resolves a path without a leading slash against the card's folder", () => {
    expect(resolveAgainstCard("rpc", CARD_URL)).toBe(`${HOST}/agents/echo/.well-known/rpc`);
    expect(resolveAgainstCard("../../rpc", CARD_URL)).toBe(`${HOST}/agents/rpc`);
  });

  it("resolves 0.3 additionalInterfaces and 1.0 supportedInterfaces too", () => {
    const v03 = validCard03();
    v03["additionalInterfaces"] = [{ url: "/a2a/rest", transport: "HTTP+JSON" }];
    expect(chooseEndpointFor(normalized(v03), AGENT, "HTTP+JSON", CARD_URL)?.url).toBe(`${HOST}/a2a/rest`);
    const v10 = validCard10();
    v10["supportedInterfaces"] = [{ url: "/a2a/v1", protocolBinding: "JSONRPC", protocolVersion: "1.0" }];
    expect(chooseEndpoint(normalized(v10), AGENT, CARD_URL)).toMatchObject({
      url: `${HOST}/a2a/v1`,
      protocolVersion: "1.0",
    });
  });

  it("keeps absolute URLs, gRPC host:port targets and other schemes as they are", () => {
    expect(resolveAgainstCard("https://other.example/rpc", CARD_URL)).toBe("https://other.example/rpc");
    expect(resolveAgainstCard("grpc.example.com:443", CARD_URL)).toBe("grpc.example.com:443");
    expect(resolveAgainstCard("ftp://x/rpc", CARD_URL)).toBe("ftp://x/rpc");
  });

  it("without the card's URL, a relative URL is not callable and the agent URL is the last resort", () => {
    const raw = validCard03();
    raw["url"] = "/a2a/echoAgent";
    delete raw["additionalInterfaces"];
    expect(chooseEndpoint(normalized(raw), AGENT).url).toBe(AGENT);
  });
});

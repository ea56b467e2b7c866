import { describe, expect, it } from "vitest";
import type { RawCard } from "./fixtures.js";
import { validCard03, validCard10 } from "./fixtures.js";
import { validateCard } from "./validate.js";

// What the card rules let through: the forms the spec allows, which no rule may flag.

const HOST = "https://helpdesk-agent.example.com";

/** `card[key][i]` as a mutable object. */
function item(card: RawCard, key: string, i: number): RawCard {
  return (card[key] as RawCard[])[i]!;
}

describe("rules that pass", () => {
  it("accepts a non-JSON-RPC preferredTransport when an additional interface offers JSONRPC", () => {
    const card = validCard03();
    card["url"] = `${HOST}/a2a/grpc`;
    card["preferredTransport"] = "GRPC";
    const result = validateCard(card);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("accepts a card that offers HTTP+JSON or gRPC alone: JSON-RPC is one transport among three (0.3 §3.2, §3.2.1 MAY)", () => {
    for (const transport of ["HTTP+JSON", "GRPC"]) {
      const card = validCard03();
      card["url"] = `${HOST}/a2a/only`;
      card["preferredTransport"] = transport;
      delete card["additionalInterfaces"];
      expect(validateCard(card).errors, transport).toEqual([]);
    }
  });

  it("treats null as not stated", () => {
    const card = validCard03();
    card["iconUrl"] = null;
    card["provider"] = null;
    expect(validateCard(card)).toMatchObject({ errors: [], warnings: [] });
  });

  it("reads a 0.3 gRPC interface given as host:port, as gRPC dials it, and no other binding so", () => {
    const card = validCard03();
    item(card, "additionalInterfaces", 2)["url"] = "127.0.0.1:50051";
    expect(validateCard(card)).toMatchObject({ errors: [], warnings: [] });
    item(card, "additionalInterfaces", 1)["url"] = "127.0.0.1:8080";
    expect(validateCard(card).errors.map((e) => e.path)).toEqual(["additionalInterfaces[1].url"]);
  });

  it("reads a custom binding's interface with the URL scheme of its binding, as 1.0.1 §5.8's own wss:// example", () => {
    const card = validCard10();
    const interfaces = card["supportedInterfaces"] as Array<Record<string, unknown>>;
    interfaces.push({
      url: "wss://agent.example.com/a2a/websocket",
      protocolBinding: "https://example.com/bindings/websocket/v1",
      protocolVersion: "1.0",
    });
    expect(validateCard(card).errors).toEqual([]);
    // The standard bindings keep their rule, and a custom binding still needs a URL.
    interfaces[0] = { ...interfaces[0], url: "wss://agent.example.com/a2a/v1" };
    interfaces[3] = { ...interfaces[3], url: "not a url" };
    expect(validateCard(card).errors.map((e) => e.path)).toEqual([
      "supportedInterfaces[0].url",
      "supportedInterfaces[3].url",
    ]);
  });

  it("accepts one URL declared with two transports: 0.3 §5.6.2 and 1.0.1 §8.3.1 let URLs be reused where several transports are available at the same endpoint (seen at first sight: a false alarm at MUST)", () => {
    const card = validCard03();
    item(card, "additionalInterfaces", 1)["url"] = card["url"];
    expect(validateCard(card)).toMatchObject({ errors: [], warnings: [] });
  });

  it("takes an empty skill description as the string every version requires, with a warning (no minimum length in 0.2.5 or 0.3 §5.5.4)", () => {
    const card = validCard03();
    item(card, "skills", 0)["description"] = "";
    const result = validateCard(card);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.path)).toEqual(["skills[0].description"]);
  });

  it("sees the same URL as one endpoint despite a trailing slash", () => {
    const card = validCard03();
    card["url"] = HOST;
    item(card, "additionalInterfaces", 0)["url"] = `${HOST}/`;
    expect(validateCard(card)).toMatchObject({ errors: [], warnings: [] });
  });
});

describe("modes that are not media types", () => {
  it('warns, without failing the card, when defaultInputModes lists a bare word such as "text"', () => {
    const card = {
      name: "A",
      description: "d",
      url: "http://127.0.0.1:1/a2a",
      version: "1",
      protocolVersion: "0.3.0",
      capabilities: {},
      defaultInputModes: ["text"],
      defaultOutputModes: ["text/plain"],
      skills: [
        { id: "s", name: "S", description: "d", tags: ["t"], outputModes: ["application/json", "json"] },
      ],
    };
    const v = validateCard(card);
    expect(v.errors).toEqual([]);
    expect(v.warnings.map((w) => w.path)).toEqual(
      expect.arrayContaining(["defaultInputModes", "skills[0].outputModes"]),
    );
    expect(v.warnings.find((w) => w.path === "defaultInputModes")?.message).toMatch(
      /"text", not a media type/,
    );
    expect(v.warnings.some((w) => w.path === "defaultOutputModes")).toBe(false);
  });
});

describe("required extensions", () => {
  it("lists the URIs of the extensions marked required, and no others", () => {
    const card = {
      ...validCard10(),
      capabilities: {
        extensions: [
          { uri: "urn:example:signed:v1", required: true },
          { uri: "urn:example:citations:v1", required: false },
          { uri: "urn:example:geo:v1" },
          { required: true },
        ],
      },
    };
    const { card: normalized, errors } = validateCard(card);
    expect(errors).toEqual([]);
    expect(normalized.requiredExtensions).toEqual(["urn:example:signed:v1"]);
  });

  it("lists none for a card without extensions", () => {
    expect(validateCard(validCard03()).card.requiredExtensions).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { RawCard } from "./fixtures.js";
import { validCard03, validCard10, validCardHybrid } from "./fixtures.js";
import { detectGeneration } from "./normalize.js";
import { validateCard } from "./validate.js";

const HOST = "https://helpdesk-agent.example.com";

function item(card: RawCard, key: string, i: number): RawCard {
  return (card[key] as RawCard[])[i]!;
}

function paths(issues: Array<{ path: string }>): string[] {
  return issues.map((issue) => issue.path);
}

/** Moves `from` to `to` in `obj`, keeping the value. */
function rename(obj: RawCard, from: string, to: string): void {
  obj[to] = obj[from];
  delete obj[from];
}

describe("snake_case names are read with a warning", () => {
  it.each([
    ["default_input_modes", (c: RawCard) => rename(c, "defaultInputModes", "default_input_modes")],
    ["default_output_modes", (c: RawCard) => rename(c, "defaultOutputModes", "default_output_modes")],
    ["protocol_version", (c: RawCard) => rename(c, "protocolVersion", "protocol_version")],
    ["preferred_transport", (c: RawCard) => rename(c, "preferredTransport", "preferred_transport")],
    ["additional_interfaces", (c: RawCard) => rename(c, "additionalInterfaces", "additional_interfaces")],
    ["documentation_url", (c: RawCard) => rename(c, "documentationUrl", "documentation_url")],
    ["icon_url", (c: RawCard) => rename(c, "iconUrl", "icon_url")],
    ["security_schemes", (c: RawCard) => rename(c, "securitySchemes", "security_schemes")],
    [
      "capabilities.push_notifications",
      (c: RawCard) => rename(c["capabilities"] as RawCard, "pushNotifications", "push_notifications"),
    ],
    [
      "capabilities.state_transition_history",
      (c: RawCard) =>
        rename(c["capabilities"] as RawCard, "stateTransitionHistory", "state_transition_history"),
    ],
    ["skills[0].input_modes", (c: RawCard) => rename(item(c, "skills", 0), "inputModes", "input_modes")],
    ["skills[0].output_modes", (c: RawCard) => rename(item(c, "skills", 0), "outputModes", "output_modes")],
  ])("%s", (path, mutate) => {
    const card = validCard03();
    mutate(card);
    const result = validateCard(card);
    expect(result.errors).toEqual([]);
    expect(paths(result.warnings)).toEqual([path]);
    expect(result.warnings[0]?.message).toMatch(/: the spec spells this \w+; read anyway$/);
  });

  it("words the warning as docs/test-files.md does", () => {
    const card = validCard03();
    rename(card, "defaultInputModes", "default_input_modes");
    expect(validateCard(card).warnings[0]?.message).toBe(
      "default_input_modes: the spec spells this defaultInputModes; read anyway",
    );
  });

  it("reads the snake_case value into the normalised card", () => {
    const card = validCard03();
    rename(card, "preferredTransport", "preferred_transport");
    rename(card, "securitySchemes", "security_schemes");
    const normalized = validateCard(card).card;
    expect(normalized.preferredTransport).toBe("JSONRPC");
    expect(Object.keys(normalized.securitySchemes)).toEqual(["bearer"]);
  });

  it("reports a bad snake_case value at the snake_case path", () => {
    const card = validCard03();
    delete card["defaultOutputModes"];
    card["default_output_modes"] = [];
    expect(paths(validateCard(card).errors)).toEqual(["default_output_modes"]);
  });

  it("lets camelCase win when both spellings are present, with a warning", () => {
    const card = validCard03();
    card["default_input_modes"] = 42;
    const result = validateCard(card);
    expect(result.errors).toEqual([]);
    expect(paths(result.warnings)).toEqual(["default_input_modes"]);
    expect(result.warnings[0]?.message).toMatch(/defaultInputModes is also present and wins/);
  });

  it("reads 1.0 snake_case names", () => {
    const card = validCard10();
    rename(card, "supportedInterfaces", "supported_interfaces");
    rename(item(card, "supported_interfaces", 0), "protocolBinding", "protocol_binding");
    rename(item(card, "supported_interfaces", 1), "protocolVersion", "protocol_version");
    const result = validateCard(card);
    expect(result.errors).toEqual([]);
    expect(paths(result.warnings)).toEqual([
      "supported_interfaces",
      "supported_interfaces[0].protocol_binding",
      "supported_interfaces[1].protocol_version",
    ]);
    expect(result.card.generation).toBe("1.0");
    expect(result.card.interfaces[0]?.source).toBe("supported_interfaces[0]");
  });
});

interface Case {
  rule: string;
  mutate: (card: RawCard) => void;
  path: string;
}

// 1.0 cards, validated "to the same standard": each mutation of the valid 1.0 card yields one error at `path`.
const errors10: Case[] = [
  {
    rule: "supportedInterfaces not a list",
    mutate: (c) => (c["supportedInterfaces"] = "x"),
    path: "supportedInterfaces",
  },
  {
    rule: "supportedInterfaces empty",
    mutate: (c) => (c["supportedInterfaces"] = []),
    path: "supportedInterfaces",
  },
  {
    // Seen at first sight: ["a2a"] was also called empty, which contradicted the entry's own finding.
    rule: "every entry unreadable: each named, the list not called empty",
    mutate: (c) => (c["supportedInterfaces"] = ["a2a"]),
    path: "supportedInterfaces[0]",
  },
  {
    rule: "entry not an object",
    mutate: (c) => ((c["supportedInterfaces"] as unknown[])[1] = 7),
    path: "supportedInterfaces[1]",
  },
  {
    rule: "entry url missing",
    mutate: (c) => delete item(c, "supportedInterfaces", 0)["url"],
    path: "supportedInterfaces[0].url",
  },
  {
    rule: "entry url not http(s)",
    mutate: (c) => (item(c, "supportedInterfaces", 0)["url"] = "ftp://x"),
    path: "supportedInterfaces[0].url",
  },
  {
    rule: "host:port for a non-gRPC binding",
    mutate: (c) => (item(c, "supportedInterfaces", 0)["url"] = "helpdesk-agent.example.com:443"),
    path: "supportedInterfaces[0].url",
  },
  {
    rule: "protocolBinding missing",
    mutate: (c) => delete item(c, "supportedInterfaces", 1)["protocolBinding"],
    path: "supportedInterfaces[1].protocolBinding",
  },
  {
    rule: "protocolBinding not a string",
    mutate: (c) => (item(c, "supportedInterfaces", 1)["protocolBinding"] = 2),
    path: "supportedInterfaces[1].protocolBinding",
  },
  {
    rule: "protocolVersion missing",
    mutate: (c) => delete item(c, "supportedInterfaces", 2)["protocolVersion"],
    path: "supportedInterfaces[2].protocolVersion",
  },
  {
    rule: "protocolVersion not a string",
    mutate: (c) => (item(c, "supportedInterfaces", 2)["protocolVersion"] = 1),
    path: "supportedInterfaces[2].protocolVersion",
  },
  { rule: "name missing", mutate: (c) => delete c["name"], path: "name" },
  { rule: "description missing", mutate: (c) => delete c["description"], path: "description" },
  { rule: "version missing", mutate: (c) => delete c["version"], path: "version" },
  { rule: "capabilities missing", mutate: (c) => delete c["capabilities"], path: "capabilities" },
  {
    rule: "defaultInputModes empty",
    mutate: (c) => (c["defaultInputModes"] = []),
    path: "defaultInputModes",
  },
  {
    rule: "defaultOutputModes missing",
    mutate: (c) => delete c["defaultOutputModes"],
    path: "defaultOutputModes",
  },
  { rule: "skills missing", mutate: (c) => delete c["skills"], path: "skills" },
];

describe("A2A 1.0 cards", () => {
  it.each(errors10)("$rule → error at $path", (c) => {
    const card = validCard10();
    c.mutate(card);
    expect(paths(validateCard(card).errors)).toEqual([c.path]);
  });

  it("a card that says protocolVersion 1.0 but keeps only 0.3's url is an error at supportedInterfaces (a 1.0 client finds no interface)", () => {
    const card: RawCard = { ...validCard03(), protocolVersion: "1.0" };
    const result = validateCard(card);
    expect(paths(result.errors)).toEqual(["supportedInterfaces"]);
    expect(result.errors[0]?.message).toMatch(/no supportedInterfaces/);
    // The url still reaches the agent: the suite reads it as a 0.3 interface.
    expect(result.card.interfaces[0]?.url).toBe(card["url"]);
  });

  it("the same card before an agent that speaks 0.x on the wire is a 0.x card with a wrong version: no error at supportedInterfaces", () => {
    const card: RawCard = { ...validCard03(), protocolVersion: "1.0.0" };
    expect(paths(validateCard(card, "0.1").errors)).toEqual([]);
    expect(paths(validateCard(card, "1.0").errors)).toEqual(["supportedInterfaces"]);
  });

  it.each([
    [
      "capabilities.extendedAgentCard",
      (c: RawCard) => ((c["capabilities"] as RawCard)["extendedAgentCard"] = "on"),
    ],
    ["supportedInterfaces[0].tenant", (c: RawCard) => (item(c, "supportedInterfaces", 0)["tenant"] = 5)],
    [
      "supportedInterfaces[0].protocolBinding",
      (c: RawCard) => (item(c, "supportedInterfaces", 0)["protocolBinding"] = "jsonrpc"),
    ],
  ])("warns at %s", (path, mutate) => {
    const card = validCard10();
    mutate(card);
    const result = validateCard(card);
    expect(result.errors).toEqual([]);
    expect(paths(result.warnings)).toEqual([path]);
  });

  it("accepts gRPC host:port targets, IPv6 included", () => {
    const card = validCard10();
    item(card, "supportedInterfaces", 2)["url"] = "[::1]:50051";
    expect(validateCard(card).errors).toEqual([]);
  });

  it("needs no top-level url, protocolVersion or preferredTransport", () => {
    const result = validateCard(validCard10());
    expect(result.warnings).toEqual([]);
    expect(result.card).toMatchObject({ url: null, preferredTransport: null, protocolVersion: "1.0" });
  });

  it("converts securityRequirements to the 0.x shape and keeps oneof scheme wrappers", () => {
    const card = validCard10();
    card["securityRequirements"] = [
      { schemes: { oauth: { list: ["tickets.read", "refunds.write"] }, bearer: {} } },
    ];
    const normalized = validateCard(card).card;
    expect(normalized.security).toEqual([{ oauth: ["tickets.read", "refunds.write"], bearer: [] }]);
    expect(normalized.securitySchemes).toEqual({
      bearer: { httpAuthSecurityScheme: { scheme: "Bearer", bearerFormat: "JWT" } },
    });
  });

  it("lists supportedInterfaces in order with their binding, version and tenant", () => {
    const card = validCard10();
    item(card, "supportedInterfaces", 0)["tenant"] = "acme";
    expect(validateCard(card).card.interfaces).toEqual([
      {
        url: `${HOST}/a2a/v1`,
        transport: "JSONRPC",
        protocolVersion: "1.0",
        tenant: "acme",
        source: "supportedInterfaces[0]",
      },
      {
        url: `${HOST}/a2a/rest`,
        transport: "HTTP+JSON",
        protocolVersion: "1.0",
        source: "supportedInterfaces[1]",
      },
      {
        url: "helpdesk-agent.example.com:443",
        transport: "GRPC",
        protocolVersion: "1.0",
        source: "supportedInterfaces[2]",
      },
    ]);
  });
});

describe("hybrid cards (1.0 supportedInterfaces plus 0.3 fields)", () => {
  it("lists supportedInterfaces first and appends legacy interfaces not already listed", () => {
    const card = validCardHybrid();
    card["additionalInterfaces"] = [
      { url: `${HOST}/a2a/v1`, transport: "JSONRPC" },
      { url: `${HOST}/legacy/rest`, transport: "HTTP+JSON" },
    ];
    const result = validateCard(card);
    expect(result.errors).toEqual([]);
    expect(result.card.generation).toBe("1.0");
    expect(result.card.protocolVersion).toBe("1.0");
    expect(result.card.interfaces.map((i) => i.source)).toEqual([
      "supportedInterfaces[0]",
      "supportedInterfaces[1]",
      "supportedInterfaces[2]",
      "additionalInterfaces[1]",
    ]);
  });

  it("validates the 0.3 fields too", () => {
    const card = validCardHybrid();
    card["protocolVersion"] = "0.3.x";
    card["preferredTransport"] = 3;
    expect(paths(validateCard(card).errors)).toEqual(["protocolVersion", "preferredTransport"]);
  });

  it("only warns about a bad url when supportedInterfaces has a usable one", () => {
    const card = validCardHybrid();
    card["url"] = "not a url";
    const result = validateCard(card);
    expect(result.errors).toEqual([]);
    expect(paths(result.warnings)).toEqual(["url"]);
  });
});

describe("generation detection", () => {
  it.each([
    ["supportedInterfaces present", { supportedInterfaces: [], protocolVersion: "0.3.0" }, "1.0"],
    ["protocolVersion 0.3.0", { protocolVersion: "0.3.0" }, "0.3"],
    ["protocolVersion 0.2.5", { protocolVersion: "0.2.5" }, "0.2"],
    ["protocolVersion 0.1.0", { protocolVersion: "0.1.0" }, "0.1"],
    ["protocolVersion 1.0", { protocolVersion: "1.0" }, "1.0"],
    ["protocolVersion missing", {}, "0.2"],
    ["unknown protocolVersion", { protocolVersion: "0.4" }, "0.2"],
    ["0.1 shape", { authentication: { schemes: ["bearer"] } }, "0.1"],
    ["authentication beside securitySchemes", { authentication: {}, securitySchemes: {} }, "0.2"],
  ] as const)("%s → %s", (_name, card, generation) => {
    expect(detectGeneration({ ...card })).toBe(generation);
  });
});

describe("the normalised card", () => {
  it("lists url first, then additionalInterfaces without the repeated main pair", () => {
    const interfaces = validateCard(validCard03()).card.interfaces;
    expect(interfaces.map((i) => [i.source, i.transport, i.protocolVersion])).toEqual([
      ["url", "JSONRPC", "0.3.0"],
      ["additionalInterfaces[1]", "HTTP+JSON", "0.3.0"],
      ["additionalInterfaces[2]", "GRPC", "0.3.0"],
    ]);
  });

  it("gives the url JSONRPC when preferredTransport is not stated", () => {
    const card = validCard03();
    delete card["preferredTransport"];
    expect(validateCard(card).card.interfaces[0]).toMatchObject({ source: "url", transport: "JSONRPC" });
  });

  it("drops non-string tags and defaults capabilities to false", () => {
    const card = validCard03();
    item(card, "skills", 0)["tags"] = ["billing", 7];
    card["capabilities"] = { streaming: "yes" };
    const normalized = validateCard(card).card;
    expect(normalized.skills[0]?.tags).toEqual(["billing"]);
    expect(normalized.capabilities).toEqual({
      streaming: false,
      pushNotifications: false,
      stateTransitionHistory: false,
      extendedAgentCard: false,
    });
  });

  it("maps 0.3 supportsAuthenticatedExtendedCard to capabilities.extendedAgentCard", () => {
    const card = validCard03();
    card["supportsAuthenticatedExtendedCard"] = true;
    expect(validateCard(card).card.capabilities.extendedAgentCard).toBe(true);
  });

  it("reads a 0.1 card's authentication schemes", () => {
    const card: RawCard = {
      name: "Legacy",
      url: "https://legacy.example.com/a2a",
      version: "1",
      authentication: { schemes: ["bearer", 3] },
    };
    const result = validateCard(card);
    expect(result.card.generation).toBe("0.1");
    expect(result.card.legacyAuthSchemes).toEqual(["bearer"]);
    expect(result.warnings.find((w) => w.path === "protocolVersion")?.message).toMatch(/looks like A2A 0\.1/);
  });

  it("reads a 0.1 card whose only scheme is 'public' as an open agent", () => {
    const card: RawCard = { name: "Open", url: "https://open.example.com/", version: "1" };
    for (const schemes of [["public"], ["Public", "none"]])
      expect(validateCard({ ...card, authentication: { schemes } }).card.legacyAuthSchemes).toEqual([]);
    expect(
      validateCard({ ...card, authentication: { schemes: ["public", "Bearer"] } }).card.legacyAuthSchemes,
    ).toEqual(["Bearer"]);
  });

  it("keeps what it can read from a broken card", () => {
    const result = validateCard({ name: "Half", skills: [null, { id: "a", tags: "x" }] });
    expect(result.card).toMatchObject({ name: "Half", description: null, url: null, interfaces: [] });
    expect(result.card.skills).toEqual([{ id: "a", name: "", description: "", tags: [], examples: [] }]);
  });
});

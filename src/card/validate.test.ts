import { describe, expect, it } from "vitest";
import type { RawCard } from "./fixtures.js";
import { validCard02, validCard03, validCard10, validCardHybrid } from "./fixtures.js";
import { validateCard } from "./validate.js";

/** `card[key][i]` as a mutable object. */
function item(card: RawCard, key: string, i: number): RawCard {
  return (card[key] as RawCard[])[i]!;
}

function obj(card: RawCard, key: string): RawCard {
  return card[key] as RawCard;
}

function paths(issues: Array<{ path: string }>): string[] {
  return issues.map((issue) => issue.path);
}

interface Case {
  rule: string;
  mutate: (card: RawCard) => void;
  path: string;
  message?: RegExp;
  base?: () => RawCard;
}

function run(c: Case) {
  const card = (c.base ?? validCard03)();
  c.mutate(card);
  return validateCard(card);
}

describe("valid cards produce no errors", () => {
  it.each([
    ["a complete 0.3 card", validCard03, []],
    ["a complete 1.0 card", validCard10, []],
    ["a hybrid 1.0 + 0.3 card", validCardHybrid, []],
    ["a 0.2 card without protocolVersion (one warning)", validCard02, ["protocolVersion"]],
  ] as const)("%s", (_name, make, warnings) => {
    const result = validateCard(make());
    expect(result.errors).toEqual([]);
    expect(paths(result.warnings)).toEqual(warnings);
  });
});

describe("a card that is not a JSON object is one error at $", () => {
  it.each([[[]], ["card"], [null], [42], [undefined]])("%j", (raw) => {
    const result = validateCard(raw);
    expect(paths(result.errors)).toEqual(["$"]);
    expect(result.errors[0]?.message).toMatch(/must be a JSON object/);
    expect(result.card.interfaces).toEqual([]);
  });
});

// docs/test-files.md, card validation, "Error when" column: each mutation of the valid 0.3 card yields exactly one error, at `path`.
const errorCases: Case[] = [
  { rule: "name missing", mutate: (c) => delete c["name"], path: "name", message: /name is missing/ },
  { rule: "name empty", mutate: (c) => (c["name"] = ""), path: "name" },
  { rule: "name not a string", mutate: (c) => (c["name"] = 42), path: "name", message: /got 42/ },
  { rule: "description missing", mutate: (c) => delete c["description"], path: "description" },
  { rule: "description blank", mutate: (c) => (c["description"] = "   "), path: "description" },
  { rule: "version missing", mutate: (c) => delete c["version"], path: "version" },
  { rule: "version not a string", mutate: (c) => (c["version"] = 2), path: "version" },
  {
    rule: "url missing and no additionalInterfaces URL",
    mutate: (c) => {
      delete c["url"];
      delete c["additionalInterfaces"];
    },
    path: "url",
  },
  {
    rule: "url not http(s) and no additionalInterfaces URL",
    mutate: (c) => {
      c["url"] = "ftp://x";
      delete c["additionalInterfaces"];
    },
    path: "url",
    message: /url must be an http\(s\) URL, got "ftp:\/\/x"/,
  },
  {
    rule: "protocolVersion not a string",
    mutate: (c) => (c["protocolVersion"] = 0.3),
    path: "protocolVersion",
  },
  {
    rule: "protocolVersion not a version",
    mutate: (c) => (c["protocolVersion"] = "latest"),
    path: "protocolVersion",
    message: /such as "0\.3\.0", got "latest"/,
  },
  {
    rule: "protocolVersion with a v",
    mutate: (c) => (c["protocolVersion"] = "v0.3"),
    path: "protocolVersion",
  },
  {
    rule: "preferredTransport not a string",
    mutate: (c) => (c["preferredTransport"] = 1),
    path: "preferredTransport",
  },
  {
    rule: "additionalInterfaces not a list",
    mutate: (c) => (c["additionalInterfaces"] = {}),
    path: "additionalInterfaces",
  },
  {
    rule: "additionalInterfaces entry not an object",
    mutate: (c) => ((c["additionalInterfaces"] as unknown[])[1] = "rest"),
    path: "additionalInterfaces[1]",
  },
  {
    rule: "additionalInterfaces entry url not http(s)",
    mutate: (c) => (item(c, "additionalInterfaces", 1)["url"] = "ftp://x"),
    path: "additionalInterfaces[1].url",
  },
  {
    rule: "additionalInterfaces entry without transport",
    mutate: (c) => delete item(c, "additionalInterfaces", 1)["transport"],
    path: "additionalInterfaces[1].transport",
  },
  { rule: "capabilities missing", mutate: (c) => delete c["capabilities"], path: "capabilities" },
  {
    rule: "capabilities not an object",
    mutate: (c) => (c["capabilities"] = ["streaming"]),
    path: "capabilities",
  },
  {
    rule: "defaultInputModes missing",
    mutate: (c) => delete c["defaultInputModes"],
    path: "defaultInputModes",
  },
  {
    rule: "defaultInputModes empty",
    mutate: (c) => (c["defaultInputModes"] = []),
    path: "defaultInputModes",
  },
  {
    rule: "defaultInputModes not strings",
    mutate: (c) => (c["defaultInputModes"] = ["text/plain", 3]),
    path: "defaultInputModes",
    message: /defaultInputModes\[1\] is 3/,
  },
  {
    rule: "defaultOutputModes missing",
    mutate: (c) => delete c["defaultOutputModes"],
    path: "defaultOutputModes",
  },
  {
    rule: "defaultOutputModes empty",
    mutate: (c) => (c["defaultOutputModes"] = []),
    path: "defaultOutputModes",
  },
  {
    rule: "defaultOutputModes a string",
    mutate: (c) => (c["defaultOutputModes"] = "text"),
    path: "defaultOutputModes",
  },
  { rule: "skills missing", mutate: (c) => delete c["skills"], path: "skills" },
  { rule: "skills not a list", mutate: (c) => (c["skills"] = { refunds: {} }), path: "skills" },
  {
    rule: "skills empty on 1.0 (1.0.1 §5.7: a required array holds at least one element)",
    base: validCard10,
    mutate: (c) => (c["skills"] = []),
    path: "skills",
    message: /an A2A 1\.0 card must list at least one skill/,
  },
  {
    rule: "a skill without tags on 1.0 (AgentSkill.tags REQUIRED)",
    base: validCard10,
    mutate: (c) => (item(c, "skills", 0)["tags"] = []),
    path: "skills[0].tags",
    message: /an A2A 1\.0 skill must list at least one/,
  },
  {
    rule: "skill not an object",
    mutate: (c) => ((c["skills"] as unknown[])[1] = "refunds"),
    path: "skills[1]",
  },
  { rule: "skill without id", mutate: (c) => delete item(c, "skills", 1)["id"], path: "skills[1].id" },
  { rule: "skill without name", mutate: (c) => (item(c, "skills", 1)["name"] = ""), path: "skills[1].name" },
  {
    rule: "skill without description",
    mutate: (c) => delete item(c, "skills", 2)["description"],
    path: "skills[2].description",
  },
  {
    rule: "duplicate skill id",
    mutate: (c) => (item(c, "skills", 2)["id"] = "refunds"),
    path: "skills[2].id",
    message: /^skills\[2\]\.id "refunds" is a duplicate of skills\[1\]\.id$/,
  },
  {
    rule: "skill tags not a list",
    mutate: (c) => (item(c, "skills", 2)["tags"] = "account"),
    path: "skills[2].tags",
  },
  {
    rule: "skill tags not strings",
    mutate: (c) => (item(c, "skills", 2)["tags"] = ["account", { name: "login" }]),
    path: "skills[2].tags",
  },
];

describe("the validation table of docs/test-files.md, error column", () => {
  it.each(errorCases)("$rule → error at $path", (c) => {
    const result = run(c);
    expect(paths(result.errors)).toEqual([c.path]);
    if (c.message) expect(result.errors[0]?.message).toMatch(c.message);
  });
});

// docs/test-files.md, card validation, "Warning when" column (plus the 0.3 SHOULD that additionalInterfaces
// repeat the main pair, A2A 1.0 §8.4): no error, exactly these warnings.
const warningCases: Case[] = [
  {
    rule: "url missing but an additionalInterfaces entry has one",
    mutate: (c) => delete c["url"],
    path: "url",
    message: /url is missing; the card still has an endpoint at additionalInterfaces\[0\]/,
  },
  {
    rule: "url not http(s) but an additionalInterfaces entry has one",
    mutate: (c) => (c["url"] = "ftp://x"),
    path: "url",
  },
  {
    rule: "protocolVersion missing",
    mutate: (c) => delete c["protocolVersion"],
    path: "protocolVersion",
    message: /treated as A2A 0\.2/,
  },
  {
    rule: "capabilities.streaming not a boolean",
    mutate: (c) => (obj(c, "capabilities")["streaming"] = "yes"),
    path: "capabilities.streaming",
  },
  {
    rule: "capabilities.pushNotifications not a boolean",
    mutate: (c) => (obj(c, "capabilities")["pushNotifications"] = 1),
    path: "capabilities.pushNotifications",
  },
  {
    rule: "capabilities.stateTransitionHistory not a boolean",
    mutate: (c) => (obj(c, "capabilities")["stateTransitionHistory"] = "false"),
    path: "capabilities.stateTransitionHistory",
  },
  { rule: "skills empty", mutate: (c) => (c["skills"] = []), path: "skills" },
  { rule: "skill without tags", mutate: (c) => delete item(c, "skills", 0)["tags"], path: "skills[0].tags" },
  {
    rule: "skill with empty tags",
    mutate: (c) => (item(c, "skills", 0)["tags"] = []),
    path: "skills[0].tags",
  },
  {
    rule: "skill examples not a list",
    mutate: (c) => (item(c, "skills", 0)["examples"] = "Why?"),
    path: "skills[0].examples",
  },
  {
    rule: "skill inputModes not strings",
    mutate: (c) => (item(c, "skills", 0)["inputModes"] = [1]),
    path: "skills[0].inputModes",
  },
  {
    rule: "skill outputModes not a list",
    mutate: (c) => (item(c, "skills", 0)["outputModes"] = "text/plain"),
    path: "skills[0].outputModes",
  },
  {
    rule: "provider without organization",
    mutate: (c) => delete obj(c, "provider")["organization"],
    path: "provider.organization",
  },
  { rule: "provider not an object", mutate: (c) => (c["provider"] = "Example Corp"), path: "provider" },
  {
    rule: "documentationUrl not http(s)",
    mutate: (c) => (c["documentationUrl"] = "docs.example.com"),
    path: "documentationUrl",
  },
  { rule: "iconUrl not http(s)", mutate: (c) => (c["iconUrl"] = "ftp://x/icon.png"), path: "iconUrl" },
  {
    rule: "additionalInterfaces does not repeat the main pair (0.3 SHOULD)",
    mutate: (c) => (c["additionalInterfaces"] as unknown[]).splice(0, 1),
    path: "additionalInterfaces",
    message: /SHOULD/,
  },
  {
    rule: "preferredTransport spelled JSON-RPC",
    mutate: (c) => (c["preferredTransport"] = "JSON-RPC"),
    path: "preferredTransport",
    message: /the spec spells it JSONRPC/,
  },
  {
    rule: "additionalInterfaces transport spelled jsonrpc",
    mutate: (c) => (item(c, "additionalInterfaces", 0)["transport"] = "jsonrpc"),
    path: "additionalInterfaces[0].transport",
  },
  {
    rule: "supportsAuthenticatedExtendedCard not a boolean",
    mutate: (c) => (c["supportsAuthenticatedExtendedCard"] = "no"),
    path: "supportsAuthenticatedExtendedCard",
  },
];

describe("the validation table of docs/test-files.md, warning column", () => {
  it.each(warningCases)("$rule → warning at $path", (c) => {
    const result = run(c);
    expect(result.errors).toEqual([]);
    expect(paths(result.warnings)).toEqual([c.path]);
    if (c.message) expect(result.warnings[0]?.message).toMatch(c.message);
  });
});

describe("a capabilities list is an error, read leniently for the flags it names", () => {
  it("claims streaming and push from ['streaming', 'push-notifications', 'jsonrpc']", () => {
    const card = validCard03();
    card["capabilities"] = ["jsonrpc", "streaming", "push-notifications"];
    const result = validateCard(card);
    expect(paths(result.errors)).toEqual(["capabilities"]);
    expect(result.card.capabilities).toMatchObject({
      streaming: true,
      pushNotifications: true,
      stateTransitionHistory: false,
    });
  });

  it("claims nothing from a list of other words", () => {
    const card = validCard03();
    card["capabilities"] = ["request-response", 7];
    expect(validateCard(card).card.capabilities).toMatchObject({
      streaming: false,
      pushNotifications: false,
    });
  });
});

import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isConversation } from "./kinds/conversation.js";
import { loadTestFiles, parseTestDefinition, parseTestFile, readTestFiles } from "./test-definition.js";

const smokeExample = {
  module_id: "<module-id>",
  name: "Helpdesk agent card and endpoint",
  kind: "a2a",
  natural_language: "The helpdesk agent publishes a valid card and answers over JSON-RPC.",
  config: {
    agent_url: "https://helpdesk-agent.example.com",
    headers: { Authorization: "Bearer {{secrets.AGENT_TOKEN}}" },
    smoke_message: "What can you help me with?",
  },
};

const withConfig = (config: Record<string, unknown>) => ({
  ...smokeExample,
  config: { ...smokeExample.config, ...config },
});

describe("parseTestDefinition", () => {
  it("accepts the smoke example of docs/test-files.md and fills the defaults", () => {
    const { definition, warnings } = parseTestDefinition(smokeExample, "a.json");
    expect(definition.config).toMatchObject({
      strict_card: true,
      timeout_s: 60,
      smoke_message: "What can you help me with?",
    });
    expect(warnings).toEqual([]);
    expect(isConversation(definition.config)).toBe(false);
  });

  it.each([
    [{ timeout_s: 0 }, /a.json: config.timeout_s must be from 1 to 300, got 0/],
    [{ timeout_s: 301 }, /config.timeout_s must be from 1 to 300, got 301/],
    [{ timeout_s: 2.5 }, /config.timeout_s must be a whole number of seconds/],
    [{ strict_card: "yes" }, /config.strict_card must be true or false/],
    [{ headers: { A: 1 } }, /config.headers.A must be a string/],
    [{ agent_url: "" }, /config.agent_url is required/],
  ])("rejects %j with an error naming the field", (config, message) => {
    expect(() => parseTestDefinition(withConfig(config), "a.json")).toThrow(message);
  });

  it("reads conformance categories by their id prefixes and maps the old long names to them", () => {
    const file = {
      ...smokeExample,
      kind: "conformance",
      config: { agent_url: "https://a.example", categories: ["errors", "error-handling", "multi-transport"] },
    };
    const { definition } = parseTestDefinition(file, "c.json");
    expect((definition.config as { categories?: string[] }).categories).toEqual([
      "errors",
      "errors",
      "transport",
    ]);
    expect(() =>
      parseTestDefinition({ ...file, config: { ...file.config, categories: ["everything"] } }, "c.json"),
    ).toThrow(/config.categories.0 must list known categories \(card, lifecycle/);
  });

  it("rejects a missing name and an unknown kind", () => {
    const { name: _name, ...noName } = smokeExample;
    expect(() => parseTestDefinition(noName, "a.json")).toThrow(/a.json: name is required/);
    expect(() => parseTestDefinition({ ...smokeExample, kind: "mcp" }, "a.json")).toThrow(
      /kind must be "a2a"/,
    );
  });

  it("rejects unknown keys, suggesting the key that was probably meant", () => {
    expect(() => parseTestDefinition(withConfig({ smoke_mesage: "hi" }), "a.json")).toThrow(
      'a.json: config.smoke_mesage is not a known key; did you mean "config.smoke_message"?',
    );
    expect(() => parseTestDefinition({ ...smokeExample, agent_url: "http://x" }, "a.json")).toThrow(
      'agent_url is not a known key; it belongs under "config"',
    );
    expect(() => parseTestDefinition({ ...smokeExample, zzz: 1 }, "a.json")).toThrow(
      /zzz is not a known key; known keys: module_id, name, kind/,
    );
  });

  it("lists every problem in a definition at once", () => {
    const bad = { ...withConfig({ timeout_s: 0, colour: "red", strict_card: "yes" }), kind: "mcp", extra: 1 };
    let message = "";
    try {
      parseTestDefinition(bad, "a.json");
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split("\n")[0]).toBe("a.json: 5 problems:");
    expect(message).toContain('  - kind must be "a2a"');
    expect(message).toContain("  - config.timeout_s must be from 1 to 300, got 0");
    expect(message).toContain("  - config.strict_card must be true or false");
    expect(message).toContain("  - extra is not a known key");
    expect(message).toContain("  - config.colour is not a known key");
  });

  it("names a bad header, a header value with CR/LF and an agent URL that is not http(s) with the other problems, never echoing a header value", () => {
    const parse = (config: Record<string, unknown>) => () =>
      parseTestDefinition({ name: "t", kind: "conformance", config }, "t.json");
    expect(
      parse({
        agent_url: "ftp://agent.example",
        headers: { "X Bad": "v", Authorization: "Bearer s3cret\r\nX-Injected: 1" },
        identities: [{ name: "bob", headers: { Cookie: "sid=bob-secret\n" } }],
        timeout_s: "x",
      }),
    ).toThrow(
      [
        "t.json: 5 problems:",
        '  - config.agent_url must be an http:// or https:// URL with a host, got "ftp://agent.example"',
        `  - config.headers.X Bad the header name "X Bad" is not an HTTP token (RFC 9110 §5.1: letters, digits and !#$%&'*+.^_\`|~- only; no colon or space)`,
        '  - config.headers.Authorization the value of header "Authorization" has CR, LF or another character a header cannot carry (RFC 9110 §5.5)',
        '  - config.timeout_s must be a number, got "x"',
        '  - config.identities.0.headers.Cookie the value of header "Cookie" has CR, LF or another character a header cannot carry (RFC 9110 §5.5)',
      ].join("\n"),
    );
    expect(parse({ agent_url: "{{secrets.AGENT_URL}}" })).not.toThrow();
  });

  it("treats persona, goal or success_criteria as a conversation", () => {
    expect(
      isConversation(parseTestDefinition(withConfig({ goal: "refund" }), "a.json").definition.config),
    ).toBe(true);
  });
});

describe("loadTestFiles", () => {
  it("loads files, arrays and folders in name order, and names a file that is not JSON", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-tests-"));
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "b.json"), JSON.stringify([smokeExample, { ...smokeExample, name: "second" }]));
    writeFileSync(join(dir, "sub", "a.json"), JSON.stringify(smokeExample));
    writeFileSync(join(dir, "notes.txt"), "ignored");
    const loaded = await loadTestFiles([dir]);
    expect(loaded.map((t) => t.source.replace(dir, ""))).toEqual(["/b.json[0]", "/b.json[1]", "/sub/a.json"]);
    writeFileSync(join(dir, "broken.json"), "{");
    await expect(loadTestFiles([join(dir, "broken.json")])).rejects.toThrow(
      /broken.json: not valid JSON at line 1, column 2: expected a property name in double quotes/,
    );
    await expect(loadTestFiles([join(dir, "nope")])).rejects.toThrow(/nope: cannot read/);
  });
});

describe("parseTestFile", () => {
  it("names the line and column of a JSON error and shows the offending line", () => {
    const text = '{\n  "name": "x",\n  "kind": "a2a",\n  "config": { "agent_url": "http://x", }\n}';
    expect(() => parseTestFile(text, "t.json")).toThrow(
      [
        "t.json: not valid JSON at line 4, column 40: a trailing comma before '}', found \"}\"",
        '  4 |   "config": { "agent_url": "http://x", }',
        "    |                                        ^",
      ].join("\n"),
    );
    expect(() => parseTestFile('{"name": "x" "kind": 1}', "t.json")).toThrow(
      /line 1, column 14: expected ',' or '}' after the property value, found "\\""/,
    );
    expect(() => parseTestFile('{"name": "x', "t.json")).toThrow(
      /line 1, column 10: a string that is never closed/,
    );
  });

  it("rejects an empty file and an empty array", () => {
    expect(() => parseTestFile("  \n", "t.json")).toThrow("t.json: the file is empty");
    expect(() => parseTestFile("[]", "t.json")).toThrow("t.json: the array is empty");
  });
});

describe("readTestFiles", () => {
  it("returns every valid test of a folder and each invalid file with its problems", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pw-tests-"));
    writeFileSync(join(dir, "a.json"), JSON.stringify(smokeExample));
    writeFileSync(join(dir, "b.json"), "[]");
    writeFileSync(join(dir, "c.json"), JSON.stringify(withConfig({ smoke_mesage: "hi" })));
    writeFileSync(join(dir, "d.json"), JSON.stringify({ ...smokeExample, name: "last" }));
    const { tests, invalid } = await readTestFiles([dir]);
    expect(tests.map((t) => t.definition.name)).toEqual([smokeExample.name, "last"]);
    expect(invalid.map((f) => f.source.replace(dir, ""))).toEqual(["/b.json", "/c.json"]);
    expect(invalid[1]?.message).toMatch(/did you mean "config.smoke_message"/);
  });
});

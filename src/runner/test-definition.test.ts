import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isConversation, loadTestFiles, parseTestDefinition } from "./test-definition.js";

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
  it("accepts seed 000's smoke example and fills the defaults", () => {
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

  it("warns about unknown keys instead of failing", () => {
    const { warnings } = parseTestDefinition({ ...withConfig({ colour: "red" }), extra: 1 }, "a.json");
    expect(warnings).toEqual([
      'a.json: unknown key "extra" ignored',
      'a.json: unknown key "config.colour" ignored',
    ]);
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
    await expect(loadTestFiles([join(dir, "broken.json")])).rejects.toThrow(/broken.json: not valid JSON/);
    await expect(loadTestFiles([join(dir, "nope")])).rejects.toThrow(/nope: cannot read/);
  });
});

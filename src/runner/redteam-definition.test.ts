import { describe, expect, it } from "vitest";
import { parseTestDefinition } from "./test-definition.js";

describe("redteam test definitions", () => {
  it("take their agent from an A2A target, as a target only (the card is not validated)", () => {
    const test = parseTestDefinition(
      {
        name: "attack the helpdesk",
        kind: "redteam",
        target: { type: "a2a", agent_url: "http://127.0.0.1:9999", headers: { Authorization: "Bearer a" } },
        config: {
          packs: ["data-exfiltration"],
          attempts: 5,
          canaries: ["SECRET-CANARY"],
          identities: [{ name: "bob", headers: { Authorization: "Bearer b" } }],
        },
      },
      "rt.json",
    );
    expect(test.targetOnly).toBe(true);
    expect(test.definition.config).toMatchObject({
      agent_url: "http://127.0.0.1:9999",
      attempts: 5,
      strict_card: false,
    });
    expect(test.definition.config.headers).toEqual({ Authorization: "Bearer a" });
  });

  it("name an unknown pack and an out-of-range attempts count", () => {
    const bad = {
      name: "x",
      kind: "redteam",
      config: { agent_url: "http://127.0.0.1:1", packs: ["jailbrake"], attempts: 0 },
    };
    expect(() => parseTestDefinition(bad, "rt.json")).toThrow(
      /config\.packs\.0 must list known packs[\s\S]*config\.attempts must be from 1 to 100/,
    );
  });
});

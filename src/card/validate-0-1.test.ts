import { describe, expect, it } from "vitest";
import type { RawCard } from "./fixtures.js";
import { validateCard } from "./validate.js";

const paths = (issues: Array<{ path: string }>): string[] => issues.map((issue) => issue.path);

describe("a card read as A2A 0.1", () => {
  it("reads a versionless card before an agent that speaks 0.1 as a 0.1 card: description and default modes optional", () => {
    // As seen at first sight: the card of a 0.1 server with the five members 0.1.0's schema requires.
    const card: RawCard = {
      name: "My Hono Agent",
      url: "http://127.0.0.1:4790",
      version: "1.0",
      capabilities: { streaming: true },
      skills: [{ id: "echo", name: "Echo", tags: ["echo"] }],
    };
    const asRead = validateCard(card);
    expect(paths(asRead.errors)).toEqual(
      expect.arrayContaining([
        "description",
        "defaultInputModes",
        "defaultOutputModes",
        "skills[0].description",
      ]),
    );
    const asOneZeroOne = validateCard(card, "0.1");
    expect(asOneZeroOne.errors).toEqual([]);
    expect(asOneZeroOne.card.generation).toBe("0.1");
    expect(asOneZeroOne.warnings.find((w) => w.path === "protocolVersion")?.message).toMatch(
      /read as A2A 0\.1, which its agent speaks on the wire/,
    );
    // A card that only looks like 0.1 (authentication, no version), read without a 0.1 wire, may be any
    // version's: the members later versions require are still required (seen at first sight on a 1.0 agent).
    const looksOld = { ...card, authentication: { schemes: ["bearer"] } };
    expect(paths(validateCard(looksOld).errors)).toContain("defaultInputModes");
    expect(paths(validateCard(looksOld, "1.0").errors)).toContain("defaultInputModes");
    expect(validateCard(looksOld, "0.1").errors).toEqual([]);
    // What a 0.1 card gives is still judged: a description that is no string is an error.
    expect(paths(validateCard({ ...card, description: 5 }, "0.1").errors)).toEqual(["description"]);
  });
});

import { expect } from "vitest";
import type { Card, FlawCheck } from "./flaw-probe.js";
import { expectSmokePasses, fetchCard, get } from "./flaw-probe.js";
import { SIGNATURE_CHECKS } from "./signature-checks.js";

type Skill = Record<string, unknown>;

function skills(card: Card): Skill[] {
  return card.skills as Skill[];
}

/** A card flaw is visible in the served JSON, and the agent behind it still works. */
function cardShows(predicate: (card: Card) => void): FlawCheck {
  return async (probe) => {
    predicate(await fetchCard(probe));
    await expectSmokePasses(probe, `${probe.agent.url}/a2a/jsonrpc`);
  };
}

export const CARD_CHECKS: Record<string, FlawCheck> = {
  ...SIGNATURE_CHECKS,
  "card-missing-name": cardShows((c) => expect(c).not.toHaveProperty("name")),
  "card-only-required-fields": cardShows((c) => {
    expect(c).not.toHaveProperty("provider");
    for (const skill of skills(c))
      expect(Object.keys(skill).sort()).toEqual(["description", "id", "name", "tags"]);
  }),
  "card-empty-description": cardShows((c) => expect(c.description).toBe("")),
  "card-missing-protocol-version": cardShows((c) => expect(c).not.toHaveProperty("protocolVersion")),
  "card-missing-preferred-transport": cardShows((c) => expect(c).not.toHaveProperty("preferredTransport")),
  "card-missing-version": cardShows((c) => expect(c).not.toHaveProperty("version")),
  "card-bad-url": cardShows((c) => {
    expect(c.url).toBe("ftp://helpdesk.invalid/a2a");
    expect(c).not.toHaveProperty("additionalInterfaces");
  }),
  "card-url-only-in-interfaces": async (probe) => {
    const card = await fetchCard(probe);
    expect(card).not.toHaveProperty("url");
    const entry = (card.additionalInterfaces as Card[]).find((i) => i.transport === "JSONRPC");
    await expectSmokePasses(probe, String(entry?.url));
  },
  "card-bad-protocol-version": cardShows((c) => expect(c.protocolVersion).toBe(3)),
  "card-no-protocol-version": cardShows((c) => expect(c).not.toHaveProperty("protocolVersion")),
  "card-bad-preferred-transport": cardShows((c) => expect(c.preferredTransport).toBe(5)),
  "card-main-interface-unlisted": cardShows((c) => {
    expect(Array.isArray(c.additionalInterfaces)).toBe(true);
    expect((c.additionalInterfaces as Array<{ url: unknown }>).map((i) => i.url)).not.toContain(c.url);
  }),
  "card-interfaces-not-list": cardShows((c) => {
    expect(typeof c.additionalInterfaces).toBe("object");
    expect(Array.isArray(c.additionalInterfaces)).toBe(false);
  }),
  "card-no-capabilities": cardShows((c) => expect(c).not.toHaveProperty("capabilities")),
  "card-capability-not-boolean": cardShows((c) => expect(c.capabilities).toMatchObject({ streaming: "yes" })),
  "card-modes-not-media-types": cardShows((c) => expect(c.defaultInputModes).toEqual(["text"])),
  "card-no-input-modes": cardShows((c) => expect(c.defaultInputModes).toEqual([])),
  "card-skills-not-list": cardShows((c) => expect(c.skills).toEqual({})),
  "card-no-skills": cardShows((c) => expect(c.skills).toEqual([])),
  "card-skill-missing-id": cardShows((c) => expect(skills(c)[0]).not.toHaveProperty("id")),
  "card-duplicate-skill-id": cardShows((c) => expect(skills(c)[1]?.id).toBe(skills(c)[0]?.id)),
  "card-skill-tags-not-strings": cardShows((c) => expect(skills(c)[0]?.tags).toEqual([1, 2])),
  "card-claims-extended-card": cardShows((c) =>
    expect((c.capabilities as Record<string, unknown>).extendedAgentCard).toBe(true),
  ),
  "card-skill-no-tags": cardShows((c) => expect(skills(c)[0]).not.toHaveProperty("tags")),
  "card-skill-examples-not-list": cardShows((c) => expect(skills(c)[0]?.examples).toBe("x")),
  "card-no-provider-organization": cardShows((c) => {
    expect(c.provider).not.toHaveProperty("organization");
    expect(c.provider).toHaveProperty("url");
  }),
  "card-bad-documentation-url": cardShows((c) => expect(c.documentationUrl).toBe("docs.example")),
  "card-snake-case": cardShows((c) => {
    expect(c.default_input_modes).toEqual(["text/plain"]);
    expect(c).not.toHaveProperty("defaultInputModes");
  }),
  "card-version-lies-old": cardShows((c) => expect(c.protocolVersion).toBe("0.1.0")),
  "card-provider-no-url": cardShows((c) => expect(c.provider).toEqual({ organization: "Plainwright" })),
  "card-scheme-incomplete": cardShows((c) =>
    expect(c.securitySchemes ?? {}).toHaveProperty(
      "key",
      "supportedInterfaces" in c ? { apiKeySecurityScheme: {} } : { type: "apiKey" },
    ),
  ),
  "card-version-says-0-2": cardShows((c) => expect(c.protocolVersion).toBe("0.2.0")),
  "card-interface-missing-binding": cardShows((c) => {
    expect((c.supportedInterfaces as Card[])[0]).not.toHaveProperty("protocolBinding");
  }),
  "card-no-cache-headers": async (probe) => {
    const response = await get(probe.agent.cardUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBeNull();
    expect(response.headers.get("etag")).toBeNull();
  },
};

import { describe, expect, it } from "vitest";
import { validCard02, validCard03 } from "../card/fixtures.js";
import { validateCard } from "../card/validate.js";
import { cardRequiresAuth, legacyAuthClaim } from "./auth.js";

/** A card whose only word on security is 0.1's `authentication` member. */
function leftover(schemes: string[]) {
  const { securitySchemes: _s, security: _r, ...card } = validCard02();
  return validateCard({ ...card, authentication: { schemes } }).card;
}

// 0.2.5 §4.3 still says "The client discovers the server's required authentication schemes via the
// `authentication` field in the AgentCard", though its §5.5 defines securitySchemes and security instead.
describe("a 0.2 card's 0.1-style authentication member is read as a claim, not a requirement", () => {
  it("names the schemes of a 0.2 card that declares nothing else", () => {
    const card = leftover(["x402", "Bearer"]);
    expect(legacyAuthClaim(card, "0.2")).toEqual(["x402", "Bearer"]);
    // Open 0.2 agents carry the member too (OmniRoute): the wire, not the claim, puts credentials in force.
    expect(cardRequiresAuth(card, "0.2")).toBe(false);
  });

  it("is no claim on another wire, for open schemes, or beside securitySchemes and security", () => {
    expect(legacyAuthClaim(leftover(["Bearer"]), "0.3")).toEqual([]);
    expect(legacyAuthClaim(leftover(["Bearer"]), "0.1")).toEqual([]);
    expect(legacyAuthClaim(leftover(["public"]), "0.2")).toEqual([]);
    const declared = validateCard({ ...validCard03(), authentication: { schemes: ["Bearer"] } }).card;
    expect(legacyAuthClaim(declared, "0.2")).toEqual([]);
  });
});

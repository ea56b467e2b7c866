import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import extendedCard from "./extended-card.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 agent whose card lists no skill and claims an extended card: GetExtendedAgentCard answers the public
 * card itself (seen at first sight), or, with `ownProblem`, one whose interface has no URL besides.
 */
async function publicCardAsExtended(ownProblem: boolean): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    const card = { ...handCard10(url), skills: [], capabilities: { extendedAgentCard: true } };
    if (request.kind === "card") return card;
    if (request.method !== "GetExtendedAgentCard") return refusal(-32601);
    return {
      result: ownProblem
        ? { ...card, supportedInterfaces: [{ protocolBinding: "JSONRPC", protocolVersion: "1.0" }] }
        : card,
    };
  });
  return agent.url;
}

describe("card.extended-card and a problem the public card has too", () => {
  it("leaves the public card's problem to card validation, said once", async () => {
    const finding = (await verdictsOn(await publicCardAsExtended(false), [extendedCard])).get(
      extendedCard.id,
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/its problems those of the public card/);
  });

  it("fails a problem of the extended card's own", async () => {
    const finding = (await verdictsOn(await publicCardAsExtended(true), [extendedCard])).get(extendedCard.id);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/the extended card is not a valid agent card: supportedInterfaces/);
  });
});

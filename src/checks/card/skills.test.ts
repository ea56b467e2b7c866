import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import requiredFields from "./required-fields.js";
import skills from "./skills.js";

const startHandAgent = handAgentsClosedAfterAll();

/** A 1.0 agent whose card is `edit` of a valid one; every call is refused as unknown. */
async function cardAgent(edit: (card: Record<string, unknown>) => Record<string, unknown>): Promise<string> {
  const agent = await startHandAgent((request, url) =>
    request.kind === "card" ? edit(handCard10(url)) : refusal(-32601),
  );
  return agent.url;
}

describe("card.skills and card.required-fields report a skills defect once", () => {
  it("leaves a card without skills to card.required-fields", async () => {
    const url = await cardAgent(({ skills: _none, ...card }) => card);
    const byId = await verdictsOn(url, [requiredFields, skills]);
    expect(byId.get("card.required-fields")).toMatchObject({ status: "fail" });
    expect(byId.get("card.required-fields")?.message).toMatch(/skills/);
    expect(byId.get("card.skills")).toMatchObject({ status: "skip" });
    expect(byId.get("card.skills")?.message).toMatch(/card.required-fields reports it/);
  });

  it("leaves a skill without its id to card.skills", async () => {
    const url = await cardAgent((card) => ({
      ...card,
      skills: [{ name: "Echo", description: "Says it back", tags: ["echo"] }],
    }));
    const byId = await verdictsOn(url, [requiredFields, skills]);
    expect(byId.get("card.skills")).toMatchObject({ status: "fail", level: "MUST" });
    expect(byId.get("card.skills")?.message).toMatch(/skills\[0\]\.id/);
    expect(byId.get("card.required-fields")).toMatchObject({ status: "pass" });
  });
});

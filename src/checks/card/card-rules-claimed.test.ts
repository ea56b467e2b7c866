import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import schemaValid from "./schema-valid.js";
import skills from "./skills.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * An agent that speaks A2A 0.1 on the wire (tasks/send with the client's task id, finished at once) behind a
 * card stating `protocolVersion` whose skill has no tags and whose provider has no url (seen at first sight).
 */
async function agent01(protocolVersion: string): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") {
      const { additionalInterfaces: _none, ...card } = handCard03(url);
      return {
        ...card,
        protocolVersion,
        provider: { organization: "Acme" },
        skills: [{ id: "echo", name: "Echo", description: "Echoes" }],
      };
    }
    const id = typeof request.params.id === "string" ? request.params.id : "";
    if (request.method === "tasks/send")
      return { result: { id, status: { state: "completed" }, artifacts: [] } };
    if (request.method === "tasks/get") return refusal(-32001);
    return refusal(-32601);
  });
  return agent.url;
}

describe("a card held to the version it states", () => {
  it("judges a card saying 0.3.0 by 0.3's rules though the agent speaks 0.1: skill tags and provider url are required", async () => {
    const byId = await verdictsOn(await agent01("0.3.0"), [skills, schemaValid]);
    expect(byId.get("card.skills")).toMatchObject({ status: "fail" });
    expect(byId.get("card.skills")?.message).toMatch(/no tags field/);
    expect(byId.get("card.schema-valid")).toMatchObject({ status: "fail" });
    expect(byId.get("card.schema-valid")?.message).toMatch(
      /provider\.url is required by the A2A 0\.3\.0 JSON schema/,
    );
  });

  it("leaves a card saying 0.1.0 on a 0.1 agent to 0.1's rules, which make tags optional", async () => {
    const byId = await verdictsOn(await agent01("0.1.0"), [skills]);
    expect(byId.get("card.skills")).toMatchObject({ status: "pass" });
  });
});

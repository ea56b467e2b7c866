import { describe, expect, it } from "vitest";
import { handAgentsClosedAfterAll, handCard03, verdictsOn } from "../../runner/testing/hand-agent.js";
import requiredFields from "./required-fields.js";

const start = handAgentsClosedAfterAll();

describe("card.required-fields", () => {
  it("fails required members present only in snake_case, though the card is still read with them", async () => {
    const agent = await start((request, url) => {
      if (request.kind === "card") {
        const { defaultInputModes, defaultOutputModes, ...card } = handCard03(url);
        return { ...card, default_input_modes: defaultInputModes, default_output_modes: defaultOutputModes };
      }
      return { result: { kind: "task", id: "t", contextId: "c", status: { state: "completed" } } };
    });
    const finding = (await verdictsOn(agent.url, [requiredFields])).get("card.required-fields");
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /only in snake_case: defaultInputModes \(spelled default_input_modes\), defaultOutputModes \(spelled default_output_modes\)/,
    );
  });

  it("passes the same card in camelCase", async () => {
    const agent = await start((request, url) =>
      request.kind === "card"
        ? handCard03(url)
        : { result: { kind: "task", id: "t", contextId: "c", status: { state: "completed" } } },
    );
    const finding = (await verdictsOn(agent.url, [requiredFields])).get("card.required-fields");
    expect(finding).toMatchObject({ status: "pass" });
  });
});

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

  it("judges a versionless card before a 0.1 agent as a 0.1 card: description and default modes may be left out", async () => {
    // A 0.1 server seen at first sight: its card has the five members 0.1.0 requires and no version.
    const card = (url: string) => ({
      name: "Tasks agent",
      url,
      version: "1.0",
      capabilities: { streaming: false },
      skills: [{ id: "echo", name: "Echo", tags: ["echo"] }],
    });
    const task = { id: "t1", sessionId: "s1", status: { state: "completed" } };
    const agent = await start((request, url) => {
      if (request.kind === "card") return card(url);
      if (request.method === "tasks/send")
        return request.params.message ? { result: task } : { error: { code: -32602, message: "no message" } };
      if (request.method === "tasks/get") return { error: { code: -32001, message: "Task not found" } };
      return { error: { code: -32601, message: "Method not found" } };
    });
    const finding = (await verdictsOn(agent.url, [requiredFields])).get("card.required-fields");
    expect(finding).toMatchObject({ status: "pass" });
  });
});

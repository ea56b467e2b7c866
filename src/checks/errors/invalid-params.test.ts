import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import invalidParams from "./invalid-params.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent that answers -32602 to any message/send without params of its own (`from_agent`, seen at first
 * sight), well-formed or not; other methods refuse their malformed params with -32602 too.
 */
async function ownParamsRequired(): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    if (request.method === "message/send" && request.params.from_agent !== undefined)
      return { result: { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } } };
    return refusal(-32602);
  });
  return agent.url;
}

describe("errors.invalid-params and an agent that refuses well-formed messages alike", () => {
  it("does not pass on refusals that show nothing: a well-formed message is refused -32602 too", async () => {
    const finding = (await verdictsOn(await ownParamsRequired(), [invalidParams], "JSONRPC")).get(
      "errors.invalid-params",
    );
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/so was a well-formed message/);
  });
});

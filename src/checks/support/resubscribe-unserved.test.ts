import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import subscribeRunning0x from "../streaming/subscribe-running-0x.js";
import subscribeUnknownTask0x from "../streaming/subscribe-unknown-task-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

/** A streaming agent that serves its send (0.1 tasks/send or 0.3 message/send) and no tasks/resubscribe. */
async function noResubscribe(generation: "0.1" | "0.3"): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card")
      return generation === "0.3"
        ? { ...handCard03(url), capabilities: { streaming: true } }
        : { name: "Tasks agent", url, version: "1", capabilities: { streaming: true }, skills: [] };
    const send = generation === "0.3" ? "message/send" : "tasks/send";
    if (request.method === send) return refusal(-32602);
    if (request.method === "tasks/get") return refusal(-32001);
    return refusal(-32601);
  });
  return agent.url;
}

const judged = async (generation: "0.1" | "0.3") =>
  (await verdictsOn(await noResubscribe(generation), [subscribeUnknownTask0x])).get(
    "streaming.subscribe-unknown-task-0x",
  );

describe("a streaming agent that does not serve tasks/resubscribe", () => {
  it("is a note from 0.2 on, where the method is a MAY (0.3 §11.1.3)", async () => {
    const finding = await judged("0.3");
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/leaves optional \(MAY\)/);
  });

  it("fails on 0.1, whose streaming card claims tasks/resubscribe (0.1 §5.5.2): streaming.subscribe-running-0x's finding alone", async () => {
    const byId = await verdictsOn(await noResubscribe("0.1"), [subscribeUnknownTask0x, subscribeRunning0x]);
    const running = byId.get("streaming.subscribe-running-0x");
    expect(running).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(running?.message).toMatch(
      /A2A 0\.1 §5\.5\.2 says covers tasks\/sendSubscribe and tasks\/resubscribe/,
    );
    const unknown = byId.get("streaming.subscribe-unknown-task-0x");
    expect(unknown).toMatchObject({ status: "skip" });
    expect(unknown?.message).toMatch(/which streaming\.subscribe-running-0x reports/);
  });
});

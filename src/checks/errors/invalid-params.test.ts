import { afterAll, describe, expect, it } from "vitest";
import { validCard03 } from "../../card/fixtures.js";
import { refusal, startHandAgent, verdictsOn, type HandAgent } from "../../runner/testing/hand-agent.js";
import sendReturnsTask from "../lifecycle/send-returns-task.js";
import invalidParams from "./invalid-params.js";

const agents: HandAgent[] = [];
afterAll(() => Promise.all(agents.map((a) => a.close())));

/**
 * A 0.3 agent of its own dialect, as one seen at first sight: every message/send is answered
 * {"status": "accepted"}, neither a Task nor a Message, whatever its params; `serves` false: no method at all.
 */
async function acceptsAnything(serves: boolean): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return { ...validCard03(), url };
    if (serves && request.method === "message/send") return { result: { status: "accepted" } };
    return refusal(serves ? -32001 : -32601);
  });
  agents.push(agent);
  return agent.url;
}

describe("errors.invalid-params", () => {
  it("judges malformed params even when the send answers neither a Task nor a Message", async () => {
    const byId = await verdictsOn(await acceptsAnything(true), [sendReturnsTask, invalidParams], "JSONRPC");
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.invalid-params")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.invalid-params")?.message).toMatch(
      /\{"message": 5\}.* was answered with a result/,
    );
  });

  it("skips a binding that serves none of the methods (the send's own check reports it)", async () => {
    const byId = await verdictsOn(await acceptsAnything(false), [sendReturnsTask, invalidParams], "JSONRPC");
    expect(byId.get("errors.invalid-params")).toMatchObject({ status: "skip" });
    expect(byId.get("errors.invalid-params")?.message).toMatch(/MethodNotFound \(-32601\)/);
  });
});

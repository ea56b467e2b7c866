import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import sendReturnsTask from "../lifecycle/send-returns-task.js";
import unknownTaskMessage0x from "../lifecycle/unknown-task-message-0x.js";
import pushUnknownTask0x from "../push/unknown-task-not-found-0x.js";
import invalidParams from "./invalid-params.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent of its own dialect, as one seen at first sight: every message/send is answered
 * {"status": "accepted"}, neither a Task nor a Message, whatever its params; `serves` false: no method at all.
 */
async function acceptsAnything(serves: boolean): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    if (serves && request.method === "message/send") return { result: { status: "accepted" } };
    return refusal(serves ? -32001 : -32601);
  });
  return agent.url;
}

// The probes that need no task of their own run even when the send yields none: a send that answers
// neither Task nor Message leaves them their input (issue: read leniently, skip only for want of input).
describe("checks that need no task", () => {
  it("judges malformed params even when the send answers neither a Task nor a Message", async () => {
    const byId = await verdictsOn(await acceptsAnything(true), [sendReturnsTask, invalidParams], "JSONRPC");
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.invalid-params")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.invalid-params")?.message).toMatch(
      /\{"message": 5\}.* was answered with a result/,
    );
  });

  it("judges a message naming a never-issued task, and the push methods, when the send yields no task", async () => {
    const byId = await verdictsOn(
      await acceptsAnything(true),
      [sendReturnsTask, unknownTaskMessage0x, pushUnknownTask0x],
      "JSONRPC",
    );
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "fail" });
    expect(byId.get("lifecycle.unknown-task-message-0x")).toMatchObject({ status: "fail" });
    expect(byId.get("lifecycle.unknown-task-message-0x")?.message).toMatch(
      /was not refused with TaskNotFound/,
    );
    // This card claims no push: not applicable, but never "not run because the send failed".
    expect(byId.get("push.unknown-task-not-found-0x")?.message).not.toMatch(/depends on/);
  });

  it("errors.invalid-params skips a binding that serves none of the methods (the send's own check reports it)", async () => {
    const byId = await verdictsOn(await acceptsAnything(false), [sendReturnsTask, invalidParams], "JSONRPC");
    expect(byId.get("errors.invalid-params")).toMatchObject({ status: "skip" });
    expect(byId.get("errors.invalid-params")?.message).toMatch(/MethodNotFound \(-32601\)/);
  });
});

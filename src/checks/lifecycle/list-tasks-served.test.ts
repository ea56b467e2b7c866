import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import listTasks from "./list-tasks.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 agent that answers every message with a Message (or, `refusesSends`, refuses every message as a skill it
 * does not know); `lists`: it serves ListTasks (an empty page).
 */
async function answersWithMessages(lists: boolean, refusesSends = false): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    if (request.method === "SendMessage" && refusesSends)
      return { error: { code: -32004, message: "unsupported skill ''" } };
    if (request.method === "SendMessage")
      return { result: { message: { messageId: "m1", role: "ROLE_AGENT", parts: [{ text: "hello" }] } } };
    if (request.method === "ListTasks" && lists)
      return { result: { tasks: [], nextPageToken: "", pageSize: 10, totalSize: 0 } };
    return refusal(-32601);
  });
  return agent.url;
}

describe("lifecycle.list-tasks on an agent that makes no task", () => {
  it("passes when ListTasks is served", async () => {
    const finding = (await verdictsOn(await answersWithMessages(true), [listTasks])).get(
      "lifecycle.list-tasks",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/ListTasks is served \(0 task\(s\)\)/);
  });

  it("fails when ListTasks, a core operation, is not served", async () => {
    const finding = (await verdictsOn(await answersWithMessages(false), [listTasks])).get(
      "lifecycle.list-tasks",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/MethodNotFound .*core operations/);
  });

  it("fails an unserved ListTasks also behind a refused send, with no task of its own", async () => {
    const finding = (await verdictsOn(await answersWithMessages(false, true), [listTasks])).get(
      "lifecycle.list-tasks",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/core operations .*the suite's send failed/);
  });
});

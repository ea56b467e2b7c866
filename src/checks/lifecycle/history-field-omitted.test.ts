import { describe, expect, it } from "vitest";
import { handAgentsClosedAfterAll, handCard10, verdictsOn } from "../../runner/testing/hand-agent.js";
import historyFieldOmitted from "./history-field-omitted.js";

const startHandAgent = handAgentsClosedAfterAll();

const message = { messageId: "m1", role: "ROLE_USER", parts: [{ text: "hello" }] };

/**
 * A 1.0 agent whose SendMessage returns the whole history whatever historyLength says, and whose GetTask with
 * historyLength 0 returns `history: []` (seen at first sight), or leaves it out when `omits`.
 */
async function emptyHistoryOnGet(omits: boolean, listsHistory = false): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    const task = { id: "t1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } };
    if (request.method === "ListTasks") {
      const listed = listsHistory ? { ...task, history: [message] } : task;
      return { result: { tasks: [listed], nextPageToken: "", pageSize: 10, totalSize: 1 } };
    }
    if (request.method === "SendMessage") return { result: { task: { ...task, history: [message] } } };
    if (request.params.historyLength === 0) return { result: omits ? task : { ...task, history: [] } };
    return { result: { ...task, history: [message] } };
  });
  return agent.url;
}

describe("lifecycle.history-field-omitted judges each operation on its own", () => {
  it("fails an empty history field from GetTask, though SendMessage returned messages", async () => {
    const finding = (await verdictsOn(await emptyHistoryOnGet(false), [historyFieldOmitted])).get(
      historyFieldOmitted.id,
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/GetTask of t1 with historyLength 0 returned a history field/);
  });

  it("passes GetTask leaving the field out, and leaves SendMessage's messages to history-length-zero", async () => {
    const finding = (await verdictsOn(await emptyHistoryOnGet(true), [historyFieldOmitted])).get(
      historyFieldOmitted.id,
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/SendMessage \(task t1\) returned messages/);
    expect(finding?.message).toMatch(/out of GetTask and ListTasks replies/);
  });

  it("fails ListTasks with historyLength 0 listing its tasks with their history (1.0.1 §3.2.4)", async () => {
    const finding = (await verdictsOn(await emptyHistoryOnGet(true, true), [historyFieldOmitted])).get(
      historyFieldOmitted.id,
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /ListTasks with historyLength 0 listed 1 of 1 task\(s\) with a history field \(1 message/,
    );
  });
});

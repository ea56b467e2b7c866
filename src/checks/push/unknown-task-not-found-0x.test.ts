import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard01,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import unknownTaskNotFound0x from "./unknown-task-not-found-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

/** A 0.1 agent that claims push and answers `pushAnswer` when a push method names a task it never issued. */
async function pushAgent01(pushAnswer: (method: string) => unknown): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card")
      return { ...handCard01(url), capabilities: { streaming: false, pushNotifications: true } };
    if (request.method.startsWith("tasks/pushNotification/")) return pushAnswer(request.method);
    // tasks/send answered as 0.1 answers it, so the wire says 0.1.
    if (request.method === "tasks/send")
      return { result: { id: request.params.id, status: { state: "completed" } } };
    return refusal(-32601);
  });
  return agent.url;
}

const judged = async (pushAnswer: (method: string) => unknown) =>
  (await verdictsOn(await pushAgent01(pushAnswer), [unknownTaskNotFound0x])).get(
    "push.unknown-task-not-found-0x",
  );

// A2A 0.1 §7.5-§7.6 define set and get only: no list method to blame a 0.1 agent for (seen at first sight).
describe("push.unknown-task-not-found-0x on A2A 0.1", () => {
  it("passes an agent whose set and get of a never-issued task answer TaskNotFound", async () => {
    const finding = await judged(() => refusal(-32001));
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).not.toMatch(/pushList|listing/);
  });

  it("fails a get of a never-issued task answered with a result", async () => {
    const finding = await judged((method) =>
      method === "tasks/pushNotification/get" ? { result: { subscription: null } } : refusal(-32001),
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/reading the push config of .*: TaskNotFound \(-32001\) is due/);
  });
});

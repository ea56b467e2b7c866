import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard10,
  refusal,
  verdictsOn,
  handCard01,
} from "../../runner/testing/hand-agent.js";
import contextKept from "./context-kept.js";
import contextKept0x from "./context-kept-0x.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 1.0 agent that generates no contextId: its tasks complete at once in no context. With `keepsGiven`, a
 * message that names a context gets a task in that context, as 1.0.1 §3.4.1 lets an agent do.
 */
async function contextless(keepsGiven: boolean, spelling = "contextId"): Promise<string> {
  const contexts = new Map<string, string | undefined>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    const task = (id: string) => ({
      id,
      [spelling]: contexts.get(id),
      status: { state: "TASK_STATE_COMPLETED" },
    });
    if (request.method === "SendMessage") {
      const given = ((request.params.message ?? {}) as { contextId?: string }).contextId;
      const id = `t${contexts.size + 1}`;
      contexts.set(id, keepsGiven ? given : undefined);
      return { result: { task: task(id) } };
    }
    const id = String(request.params.id);
    return contexts.has(id) ? { result: task(id) } : refusal(-32001);
  });
  return agent.url;
}

const judged = async (keepsGiven: boolean, spelling?: string) =>
  (await verdictsOn(await contextless(keepsGiven, spelling), [contextKept])).get("lifecycle.context-kept");

// A2A 1.0.1 §3.4.1: "If an agent cannot accept a client-provided contextId, it MUST reject the request with an
// error"; an agent MAY generate no contextId of its own.
describe("lifecycle.context-kept on an agent that generates no contextId", () => {
  it("fails a task answered in no context to a message that gave one (neither kept nor refused)", async () => {
    const finding = await judged(false);
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /answered with task t\d+ in no context: the context was neither kept nor refused/,
    );
  });

  it("passes an agent that keeps the context the client gave", async () => {
    const finding = await judged(true);
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/generates no contextId .*; a client-made context .* was kept/);
  });

  it("reads a context kept under the proto's spelling context_id as kept (the spelling is lifecycle.wire-format's)", async () => {
    // Seen at first sight: a false alarm at MUST, the kept context unread because of its spelling.
    const finding = await judged(true, "context_id");
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/a client-made context .* was kept/);
  });
});

/** A 0.1 agent (tasks/send, tasks in a session) that starts a new session for every task, whatever it is given. */
async function newSessionEachTask(): Promise<string> {
  let n = 0;
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard01(url);
    const id = typeof request.params.id === "string" ? request.params.id : "";
    if (request.method === "tasks/send") {
      n += 1;
      return { result: { id, sessionId: `s${n}`, status: { state: "completed" } } };
    }
    return refusal(request.method === "tasks/get" ? -32001 : -32601);
  });
  return agent.url;
}

describe("lifecycle.context-kept-0x on A2A 0.1", () => {
  it("speaks of sessions, as 0.1 groups its tasks by sessionId", async () => {
    const byId = await verdictsOn(await newSessionEachTask(), [contextKept0x]);
    const finding = byId.get("lifecycle.context-kept-0x");
    expect(finding?.status).toBe("fail");
    expect(finding?.message).toMatch(/a message sent in session s\d+ was answered in session s\d+/);
  });
});

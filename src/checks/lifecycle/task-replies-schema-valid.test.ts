import { describe, expect, it } from "vitest";
import { oneCheckRunner } from "../../runner/testing/one-check.js";
import {
  handAgentsClosedAfterAll,
  rawAgentsClosedAfterAll,
  handCard01,
  handCard03,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import check from "./task-replies-schema-valid.js";
import replyWellFormed from "./reply-well-formed.js";

const run = oneCheckRunner(check);
const startHandAgent = handAgentsClosedAfterAll();
const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A 0.3 agent whose tasks (sent, read, canceled alike) carry no kind, and whose agent message in the history
 * carries neither kind nor messageId (seen at first sight): the send's reply shows both defects.
 */
async function taskWithoutKinds(): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    const id = request.method === "message/send" ? "t1" : String(request.params.id);
    const state = request.method === "tasks/cancel" ? "canceled" : "completed";
    const history = [
      { kind: "message", messageId: "m1", role: "user", parts: [{ kind: "text", text: "hi" }] },
      { role: "agent", parts: [{ kind: "text", text: "Echo: hi" }], taskId: id },
    ];
    if (id !== "t1") return { error: { code: -32001, message: "Task not found" } };
    return { result: { id, contextId: "c1", status: { state }, history } };
  });
  return agent.url;
}

const verdicts = async (...args: Parameters<typeof run>) =>
  ((await run(...args)).findings ?? [])
    .filter((f) => f.id === check.id)
    .map((f) => `${f.transport ?? "agent"} ${f.status}: ${f.message ?? ""}`);

describe("lifecycle.task-replies-schema-valid", () => {
  it.each(["0.3", "1.0"] as const)(
    "passes the reference agent %s over its JSON bindings",
    async (protocol) => {
      const found = await verdicts(protocol);
      expect(found.filter((v) => v.startsWith("JSONRPC"))).toEqual([
        expect.stringMatching(
          protocol === "1.0"
            ? /^JSONRPC pass: the replies of GetTask, ListTasks, CancelTask match/
            : /^JSONRPC pass: the replies of tasks\/get, tasks\/cancel match/,
        ),
      ]);
      expect(found.find((v) => v.startsWith("HTTP+JSON"))).toMatch(
        protocol === "1.0" ? / pass: / : / skip: /,
      );
    },
  );

  it.each(["0.3", "1.0"] as const)(
    "fails a %s cancel reply whose messages lack their messageId",
    async (protocol) => {
      const found = await verdicts(protocol, "cancel-reply-message-without-id");
      expect(found.find((v) => v.startsWith("JSONRPC"))).toMatch(
        /^JSONRPC fail: .*CancelTask: history\[0\]\.messageId is required by the A2A (0\.3\.0 JSON schema|1\.0\.1 proto)/,
      );
    },
  );

  it("fails read and cancel replies that repeat the send's defects, saying the send's reply shows the same", async () => {
    const byId = await verdictsOn(await taskWithoutKinds(), [check, replyWellFormed]);
    expect(byId.get(check.id)?.status).toBe("fail");
    expect(byId.get(check.id)?.message).toMatch(
      /GetTask: .*history\[1\]\.messageId is required.*the send's reply shows the same \(lifecycle\.reply-well-formed/,
    );
    const reply = byId.get(replyWellFormed.id);
    expect(reply?.status).toBe("fail");
    // The Task's own kind by the hand rules, then what lies deeper, from the schema.
    expect(reply?.message).toMatch(
      /without kind: "task".*history\[1\]\.kind is required.*history\[1\]\.messageId is required/,
    );
  });

  it("leaves a defect of the send reply to the check that owns it", async () => {
    const found = await verdicts("0.3", "send-task-missing-kind");
    expect(found.find((v) => v.startsWith("JSONRPC"))).toMatch(/^JSONRPC pass: /);
  });

  it("judges a 0.1 agent's replies against the 0.1.0 schema: a cancel reply's text part without its type", async () => {
    // Seen at first sight on a 0.1 server: the message it writes on cancel has parts [{text}] without "type",
    // which 0.1 requires (§6.5; a2a.json at v0.1.0, TextPart.required = [type, text]).
    const card = (url: string) => ({ name: "Tasks", url, version: "1", capabilities: {}, skills: [] });
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return card(url);
      const params = request.params as { id?: string; message?: unknown };
      if (request.method === "tasks/send") {
        if (!params.message) return { error: { code: -32602, message: "no message" } };
        return { result: { id: params.id, status: { state: "completed" } } };
      }
      if (request.method === "tasks/get")
        return { result: { id: params.id, status: { state: "completed" } } };
      if (request.method === "tasks/cancel") {
        const message = { role: "agent", parts: [{ text: "Task cancelled by request." }] };
        return { result: { id: params.id, status: { state: "canceled", message } } };
      }
      return { error: { code: -32601, message: "Method not found" } };
    });
    const finding = (await verdictsOn(agent.url, [check])).get(check.id);
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /CancelTask: status\.message\.parts\[0\] matches none of the forms the schema allows \(A2A 0\.1\.0 JSON schema\)/,
    );
  });

  it("judges a cancel reply that is no Task at all: {ok: true} breaks 0.1's result Task", async () => {
    // Seen at first sight on a 0.1 server: every tasks/cancel is answered {"ok": true}; the client cannot read it
    // as a Task, and that unreadable result is still the reply whose shape 0.1 §7.4 gives (result: Task).
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard01(url);
      const params = request.params as { id?: string };
      if (request.method === "tasks/send" || request.method === "tasks/get")
        return { result: { id: params.id, sessionId: "s1", status: { state: "completed" } } };
      if (request.method === "tasks/cancel") return { result: { ok: true } };
      return { error: { code: -32601, message: "Method not found" } };
    });
    const finding = (await verdictsOn(agent.url, [check])).get(check.id);
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/CancelTask: .*status.* is required by the A2A 0\.1\.0 JSON schema/);
  });

  it("judges the reads of a task that never settles (seen at first sight: it skipped while the reads carried the defects)", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      const message = { role: "agent", parts: [{ type: "text", text: "still at it" }] };
      const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "submitted", message } };
      if (request.method === "message/send") return { result: { ...task, status: { state: "submitted" } } };
      if (request.method === "tasks/get")
        return request.params.id === "t1"
          ? { result: task }
          : { error: { code: -32001, message: "Task not found" } };
      return { error: { code: -32601, message: "Method not found" } };
    });
    const finding = (await verdictsOn(agent.url, [check])).get(check.id);
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(/GetTask: status\.message\.parts\[0\] matches none/);
  });

  it("cancels a finished task a stream made when every send answers with a Message (seen at first sight: no task to cancel)", async () => {
    const url = await startRawAgent((call, res, agentUrl) => {
      res.setHeader("content-type", "application/json");
      if (!call)
        return void res.end(JSON.stringify({ ...handCard03(agentUrl), capabilities: { streaming: true } }));
      const id =
        typeof call.params.id === "string" ? call.params.id : `t-${Math.random().toString(36).slice(2)}`;
      const task = { kind: "task", id, contextId: "c1", status: { state: "completed" } };
      const reply = (body: object) => void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...body }));
      if (call.method === "message/send")
        return reply({
          result: { kind: "message", messageId: "m1", role: "agent", parts: [{ kind: "text", text: "hi" }] },
        });
      if (call.method === "message/stream") {
        res.setHeader("content-type", "text/event-stream");
        return void res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task })}\n\n`);
      }
      if (call.method === "tasks/get") return reply({ result: task });
      if (call.method === "tasks/cancel") return reply({ result: { success: true } });
      return reply({ error: { code: -32601, message: "Method not found" } });
    });
    const finding = (await verdictsOn(url, [check])).get(check.id);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/tasks\/cancel|CancelTask/);
  });
});

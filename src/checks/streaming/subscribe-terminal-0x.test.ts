import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../../runner/testing/hand-agent.js";
import eventsWellFormed from "./events-well-formed.js";
import subscribeTerminal0x from "./subscribe-terminal-0x.js";

const startRawAgent = rawAgentsClosedAfterAll();

type Resubscribe = (id: unknown, res: import("node:http").ServerResponse) => void;

/** A streaming 0.3 agent whose tasks complete at once; tasks/resubscribe is answered by `resubscribe`. */
function completesAtOnce(resubscribe: Resubscribe): Promise<string> {
  const tasks = new Set<string>();
  return startRawAgent((call, res, url) => {
    res.setHeader("content-type", "application/json");
    if (!call) return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    const task = (id: string) => ({ kind: "task", id, contextId: "c1", status: { state: "completed" } });
    const reply = (body: object) => res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...body }));
    if (call.method === "message/send") {
      const id = `t${tasks.size + 1}`;
      tasks.add(id);
      return void reply({ result: task(id) });
    }
    const id = String(call.params.id);
    if (call.method === "tasks/resubscribe") return resubscribe(call.id, res);
    if (!tasks.has(id)) return void reply({ error: { code: -32001, message: "Task not found" } });
    reply({ result: task(id) });
  });
}

const judged = async (resubscribe: Resubscribe) =>
  (await verdictsOn(await completesAtOnce(resubscribe), [subscribeTerminal0x])).get(
    "streaming.subscribe-terminal-0x",
  );

describe("streaming.subscribe-terminal-0x", () => {
  it("fails a resubscription to a finished task that is an event stream closing with nothing in it", async () => {
    const finding = await judged((_id, res) => {
      res.setHeader("content-type", "text/event-stream");
      res.end();
    });
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/closed with no event and no error: the request got no response at all/);
  });

  it("passes any answer: a refusal before the stream, or the task's final state in it", async () => {
    const refused = await judged((id, res) =>
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32004, message: "Task is over" } })),
    );
    expect(refused).toMatchObject({ status: "pass" });
    const final = await judged((id, res) => {
      res.setHeader("content-type", "text/event-stream");
      const event = {
        kind: "status-update",
        taskId: "t1",
        contextId: "c1",
        status: { state: "completed" },
        final: true,
      };
      res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id, result: event })}\n\n`);
    });
    expect(final).toMatchObject({ status: "pass" });
  });

  it("notes an agent that does not serve tasks/resubscribe at all (a MAY in 0.3 §11.1.3)", async () => {
    const finding = await judged((id, res) =>
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } })),
    );
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/not supported, a MAY/);
  });

  it("reads a refusal written as bare JSON under text/event-stream as the answer; the missing framing is events-well-formed's", async () => {
    // Seen at first sight: the refusal's JSON is the whole body of an event stream, with no "data:" line.
    const agent = await completesAtOnce((id, res) => {
      res.setHeader("content-type", "text/event-stream");
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32001, message: "Task not found" } }));
    });
    const byId = await verdictsOn(agent, [subscribeTerminal0x, eventsWellFormed]);
    expect(byId.get(subscribeTerminal0x.id)).toMatchObject({ status: "pass" });
    expect(byId.get(subscribeTerminal0x.id)?.message).toMatch(/was answered in the stream/);
    expect(byId.get(eventsWellFormed.id)).toMatchObject({ status: "fail" });
    expect(byId.get(eventsWellFormed.id)?.message).toMatch(/one JSON-RPC response without SSE framing/);
  });
});

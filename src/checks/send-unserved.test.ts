import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { MUTATIONS } from "../mutation/mutations/index.js";
import { conformThroughProxy } from "../runner/testing/conform-through-proxy.js";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../runner/testing/hand-agent.js";
import invalidParams from "./errors/invalid-params.js";
import sendReturnsTask from "./lifecycle/send-returns-task.js";

const sendUnserved = MUTATIONS.find((m) => m.id === "send-method-not-served");

describe("an agent that serves the streaming method but not the send method", () => {
  let agent: RunningAgent;
  beforeAll(async () => {
    agent = await startReferenceAgent({ port: 0, protocol: "0.3", slowTaskMs: 2000 });
  });
  afterAll(() => agent.close());

  it("is tested with the task a stream made: the unserved send is one finding, the task checks still run", async () => {
    const { findings } = await conformThroughProxy(agent, sendUnserved, ["lifecycle"]);
    const jsonRpc = findings.filter((f) => f.transport === "JSONRPC");
    const of = (id: string) => jsonRpc.find((f) => f.id === id);
    expect(of("lifecycle.send-returns-task")).toMatchObject({ status: "fail" });
    expect(of("lifecycle.send-returns-task")?.message).toMatch(
      /message\/send is not served .*took the message only as a stream \(message\/stream\); the suite sent every later message that way/,
    );
    // The task the stream made is read back and judged, not skipped behind the send's failure.
    expect(of("lifecycle.get-task")).toMatchObject({ status: "pass" });
    expect(of("lifecycle.reaches-terminal")?.status).toBe("pass");
  });
});

const startRawAgent = rawAgentsClosedAfterAll();

/**
 * A streaming 0.3 agent that serves message/stream, tasks/get and tasks/cancel but not message/send, and runs a
 * task on any stream, however malformed its message (seen at first sight).
 */
function streamsAnything(): Promise<string> {
  const tasks = new Set<string>();
  return startRawAgent((call, res, url) => {
    const json = (value: unknown) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(value));
    };
    if (!call) return json({ ...handCard03(url), capabilities: { streaming: true } });
    const task = (id: string) => ({ kind: "task", id, contextId: "c1", status: { state: "completed" } });
    if (call.method === "message/stream") {
      const id = `t${tasks.size + 1}`;
      tasks.add(id);
      res.setHeader("content-type", "text/event-stream");
      return void res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task(id) })}\n\n`);
    }
    const id = typeof call.params.id === "string" ? call.params.id : "";
    if (call.method === "tasks/get" && tasks.has(id))
      return json({ jsonrpc: "2.0", id: call.id, result: task(id) });
    const code = call.method === "tasks/get" || call.method === "tasks/cancel" ? -32001 : -32601;
    json({ jsonrpc: "2.0", id: call.id, error: { code, message: "refused" } });
  });
}

describe("malformed messages to an agent that takes messages only as streams", () => {
  it("are sent as streams: a stream that runs a task on a malformed message fails errors.invalid-params", async () => {
    const byId = await verdictsOn(await streamsAnything(), [sendReturnsTask, invalidParams]);
    expect(byId.get("lifecycle.send-returns-task")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.invalid-params")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.invalid-params")?.message).toMatch(/message\/stream .* was answered with/);
    expect(byId.get("errors.invalid-params")?.message).not.toMatch(/-32601/);
  });
});

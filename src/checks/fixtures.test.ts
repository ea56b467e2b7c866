import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { handCard03, rawAgentsClosedAfterAll, verdictsOn } from "../runner/testing/hand-agent.js";
import subscribeTerminal0x from "./streaming/subscribe-terminal-0x.js";

const startRawAgent = rawAgentsClosedAfterAll();

/** Writes one event stream: each result as a JSON-RPC response, then the end. */
function streamOf(res: ServerResponse, id: unknown, results: object[]): void {
  res.setHeader("content-type", "text/event-stream");
  for (const result of results) res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`);
  res.end();
}

/**
 * A streaming 0.3 agent like one seen at first sight: every task asks back first; an answer by message/send
 * is taken (the task comes back submitted) and never run; the same answer by message/stream completes the
 * task; tasks/get is not served; and a resubscription to a finished task is an event stream with nothing in it.
 */
function answersOnlyByStream(): Promise<string> {
  let made = 0;
  const task = (id: string, state: string) => ({ kind: "task", id, contextId: `c-${id}`, status: { state } });
  return startRawAgent((call, res, url) => {
    if (!call) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ...handCard03(url), capabilities: { streaming: true } }));
    }
    const reply = (body: object) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...body }));
    };
    const message = (call.params.message ?? {}) as { taskId?: string };
    if (call.method === "message/send")
      return void reply({
        result: message.taskId ? task(message.taskId, "submitted") : task(`t${++made}`, "input-required"),
      });
    if (call.method === "message/stream") {
      if (!message.taskId) return streamOf(res, call.id, [task(`t${++made}`, "input-required")]);
      const id = message.taskId;
      const update = (state: string, final: boolean) => ({
        kind: "status-update",
        taskId: id,
        contextId: `c-${id}`,
        status: { state },
        final,
      });
      return streamOf(res, call.id, [
        task(id, "submitted"),
        update("working", false),
        update("completed", true),
      ]);
    }
    if (call.method === "tasks/resubscribe") return streamOf(res, call.id, []);
    reply({ error: { code: -32601, message: "Method not found" } });
  });
}

describe("a finished task of an agent whose answered tasks cannot be read back", () => {
  it("is made by answering a fresh asking task by stream, and the checks of finished tasks judge it", async () => {
    const finding = (await verdictsOn(await answersOnlyByStream(), [subscribeTerminal0x])).get(
      "streaming.subscribe-terminal-0x",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/closed with no event and no error/);
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import replyWellFormed from "../checks/lifecycle/reply-well-formed.js";
import refusalAnswered from "../checks/streaming/refusal-answered.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance } from "./run-conformance.js";
import { handCard03 } from "./testing/hand-agent.js";
import { QUIET_FACTOR, QUIET_FLOOR_MS, WorkPace } from "./work-pace.js";

describe("how long a message stream may stay silent in a conformance run", () => {
  it("the whole request timeout until a task of the agent's has been timed", () => {
    expect(new WorkPace(60_000, false).quietLimitMs()).toBe(60_000);
  });

  it("several times the slowest task timed, never under the floor nor over the timeout", () => {
    const pace = new WorkPace(60_000, false);
    pace.timed(800);
    expect(pace.quietLimitMs()).toBe(QUIET_FLOOR_MS);
    pace.timed(5000);
    pace.timed(1000);
    expect(pace.quietLimitMs()).toBe(QUIET_FACTOR * 5000);
    pace.timed(40_000);
    expect(pace.quietLimitMs()).toBe(60_000);
  });

  it("stays at the timeout when the user said the agent's tasks are slow", () => {
    const pace = new WorkPace(60_000, true);
    pace.timed(800);
    expect(pace.quietLimitMs()).toBe(60_000);
  });
});

/**
 * As seen at first sight: a send finishes at once; a stream sends one event no client can read and then
 * neither ends nor says another word.
 */
async function silentStreams(): Promise<string> {
  let url = "";
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      if (req.method === "GET") return void res.end(JSON.stringify(handCard03(url)));
      const call = JSON.parse(body) as { id: unknown; method: string };
      if (call.method !== "message/stream") {
        const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
        return void res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: task }));
      }
      res.setHeader("content-type", "text/event-stream");
      res.write('event: connected\ndata: {"taskId":"t-2"}\n\n');
    });
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return url;
}

const servers: http.Server[] = [];
afterAll(() => {
  for (const server of servers) server.closeAllConnections();
  return Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
});

describe("a conformance run on an agent whose streams go silent without ending", () => {
  it("judges a check that reads two such streams on what arrived, not cut off at its budget", async () => {
    // Without the lowered limit each stream would take the whole 30 s timeout, and the check its budget.
    const result = await runConformance({
      agentUrl: await silentStreams(),
      headers: {},
      timeoutMs: 30_000,
      policy: commandLinePolicy,
      catalogue: [replyWellFormed, refusalAnswered],
    });
    const byId = new Map((result.findings ?? []).map((f) => [f.id, f]));
    expect(byId.get("lifecycle.reply-well-formed")?.status).toBe("pass");
    const refusal = byId.get("streaming.refusal-answered");
    expect(refusal?.message).not.toMatch(/did not finish/);
    expect(refusal).toMatchObject({ status: "skip" });
    expect(refusal?.message).toMatch(/events-well-formed/);
  }, 90_000);
});

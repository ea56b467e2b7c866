import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { MUTATIONS } from "../mutation/mutations/index.js";
import { conformThroughProxy } from "../runner/testing/conform-through-proxy.js";

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

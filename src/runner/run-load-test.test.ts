import { afterEach, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runTestDefinition } from "./run-test.js";
import { parseTestDefinition } from "./test-definition.js";
import { holdingAgent } from "./testing/holding-agent.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

describe("a load test file stops when its run is cancelled", () => {
  it("the load itself ends (not only the wait for it), and nothing is sent after it returned", async () => {
    // The connect step's message is answered; the load's are held.
    const agent = await holdingAgent(1);
    closers.push(agent.close);
    const test = parseTestDefinition(
      {
        name: "held load",
        kind: "load",
        // An hour of load at two requests at a time: only the cancel can end this run inside the test's bound.
        config: { agent_url: agent.url, timeout_s: 300, load: { concurrency: 2, duration_s: 3600 } },
      },
      "held-load.json",
    );
    const cancel = new AbortController();
    const running = runTestDefinition(test, {
      secrets: { values: {}, env: {} },
      policy: commandLinePolicy,
      signal: cancel.signal,
      // The run's own result, once the load has stopped, rather than an immediate "stopped".
      abortGraceMs: 60_000,
    });
    // The load's two messages at a time are held.
    await agent.held(2);
    cancel.abort(new Error("canceled"));
    const result = await running;
    expect(result.kind).toBe("load");
    expect(result.load?.stopped_by).toBe("interrupted");
    const sent = agent.count();
    // The engine has returned: whatever it still had queued would have been sent by now, and nothing was.
    await new Promise((r) => setImmediate(r));
    expect(agent.count()).toBe(sent);
  }, 60_000);

  it("counts the requests it cancelled at the interrupt neither as errors nor in the latency, and is never passed", async () => {
    // The connect step's message and the load's first four are answered; the next two are held.
    const agent = await holdingAgent(5);
    closers.push(agent.close);
    const test = parseTestDefinition(
      {
        name: "interrupted load",
        kind: "load",
        config: { agent_url: agent.url, timeout_s: 300, load: { concurrency: 2, duration_s: 3600 } },
      },
      "interrupted-load.json",
    );
    const cancel = new AbortController();
    const running = runTestDefinition(test, {
      secrets: { values: {}, env: {} },
      policy: commandLinePolicy,
      signal: cancel.signal,
      abortGraceMs: 60_000,
    });
    await agent.held(2);
    cancel.abort(new Error("interrupted by SIGINT"));
    const result = await running;
    const load = result.load!;
    expect(load.requests).toMatchObject({ completed: 4, succeeded: 4, failed: 0, interrupted: 2 });
    expect(load.errors.total).toBe(0);
    expect(load.latency.count).toBe(4);
    expect(result.status).not.toBe("passed");
    expect(result.reason).toContain("interrupted");
  }, 60_000);
});

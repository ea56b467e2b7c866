import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runTestDefinition } from "./run-test.js";
import { parseTestDefinition } from "./test-definition.js";

/** An agent that holds every message it gets (and answers anything else) and counts them; `held(n)` resolves once n are held. */
async function holdingAgent() {
  let count = 0;
  const waiters: Array<[number, () => void]> = [];
  const server = http.createServer((req, res) => {
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          name: "Holds",
          description: "Holds every message",
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/a2a`,
          version: "1.0.0",
          protocolVersion: "0.3.0",
          capabilities: {},
          defaultInputModes: ["text/plain"],
          defaultOutputModes: ["text/plain"],
          skills: [{ id: "hold", name: "Hold", description: "Holds", tags: ["hold"] }],
        }),
      );
      return;
    }
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const rpc = JSON.parse(body) as { id: unknown; method: string };
      count++;
      // What the connect step sends (its probes, its first message) is answered; the load's messages are held.
      if (!rpc.method.startsWith("message/") || count === 1) {
        res.writeHead(200, { "content-type": "application/json" });
        const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
        res.end(JSON.stringify({ jsonrpc: "2.0", id: rpc.id, result: task }));
        return;
      }
      for (const [n, resolve] of waiters) if (count >= n) resolve();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => count,
    held: (n: number) =>
      new Promise<void>((resolve) => (count >= n ? resolve() : waiters.push([n, resolve]))),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

describe("a load test file stops when its run is cancelled", () => {
  it("the load itself ends (not only the wait for it), and nothing is sent after it returned", async () => {
    const agent = await holdingAgent();
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
    // The connect step's message, then the load's two at a time.
    await agent.held(3);
    cancel.abort(new Error("canceled"));
    const result = await running;
    expect(result.kind).toBe("load");
    expect(result.load?.stopped_by).toBe("interrupted");
    const sent = agent.count();
    // The engine has returned: whatever it still had queued would have been sent by now, and nothing was.
    await new Promise((r) => setImmediate(r));
    expect(agent.count()).toBe(sent);
  }, 60_000);
});

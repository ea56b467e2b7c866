import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runTestDefinition } from "./run-test.js";
import { parseTestDefinition } from "./test-definition.js";

let agent: RunningAgent;
beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0", slowTaskMs: 1500 });
});
afterAll(() => agent.close());

const conformanceTest = (config: Record<string, unknown>) => ({
  name: "Helpdesk conformance",
  kind: "conformance",
  config: { agent_url: agent.url, ...config },
});

describe("a test file of kind conformance", () => {
  it("runs the suite with the file's hints, bindings and categories", async () => {
    const test = parseTestDefinition(
      conformanceTest({
        hints: { "input-required": "This is ambiguous", slow: "slow please" },
        transports: ["jsonrpc"],
        categories: ["lifecycle"],
        timeout_s: 10,
      }),
      "conformance.json",
    );
    const result = await runTestDefinition(test, {
      secrets: { values: {}, env: {} },
      policy: commandLinePolicy,
    });
    expect(result.kind).toBe("conformance");
    expect(result.name).toBe("Helpdesk conformance");
    expect(result.status, result.reason).toBe("passed");
    const findings = result.findings ?? [];
    expect(findings.length).toBeGreaterThan(5);
    expect(new Set(findings.map((f) => f.category))).toEqual(new Set(["lifecycle"]));
    // Checks of the agent as a whole (lifecycle.skill-examples) name no binding; the others ran on JSON-RPC only.
    expect(new Set(findings.filter((f) => f.transport).map((f) => f.transport))).toEqual(
      new Set(["JSONRPC"]),
    );
    // The hints made the input-required and cancel checks apply instead of skipping.
    expect(findings.find((f) => f.id === "lifecycle.input-required-continues")?.status).toBe("pass");
    expect(findings.find((f) => f.id === "lifecycle.cancel-running")?.status).toBe("pass");
  });

  it.each([
    [{ hints: { sleepy: "x" } }, /config.hints/],
    [{ transports: ["soap"] }, /config.transports.0 must list jsonrpc, rest or grpc/],
    [{ levels: ["COULD"] }, /config.levels.0 must list MUST, SHOULD or MAY/],
    [{ peer_url: "not a url" }, /config.peer_url must be a URL/],
  ])("rejects %j naming the field", (config, message) => {
    expect(() => parseTestDefinition(conformanceTest(config), "c.json")).toThrow(message);
  });
});

describe("the headers a test gives", () => {
  it("are redacted by value whatever their names; headers that describe the request stay readable", async () => {
    const test = parseTestDefinition(
      {
        name: "session header",
        kind: "a2a",
        config: {
          agent_url: agent.url,
          headers: {
            "X-Bob-Session": "bob-session-7f3a9c",
            "X-Trace-Tag": "nightly-build-42",
            Accept: "application/json",
          },
          timeout_s: 10,
        },
      },
      "session.json",
    );
    const result = await runTestDefinition(test, {
      secrets: { values: {}, env: {} },
      policy: commandLinePolicy,
    });
    const text = JSON.stringify(result);
    expect(result.traffic.length).toBeGreaterThan(0);
    expect(text).not.toContain("bob-session-7f3a9c");
    expect(text).not.toContain("nightly-build-42");
    expect(result.traffic.some((t) => Object.values(t.request_headers).includes("application/json"))).toBe(
      true,
    );
  });
});

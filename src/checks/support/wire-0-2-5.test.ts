import { describe, expect, it } from "vitest";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import { handCard03, httpAgentsClosedAfterAll } from "../../runner/testing/hand-agent.js";
import requiredFields from "../card/required-fields.js";
import sendReturnsTask from "../lifecycle/send-returns-task.js";
import terminalTaskRejectsMessage from "../lifecycle/terminal-task-rejects-message.js";

const startHttpAgent = httpAgentsClosedAfterAll();

/**
 * A 0.2 agent (card at the 0.2 path, no protocolVersion) that runs every message as a new completed task, a
 * finished task's id included; with `serves025`, it serves tasks/pushNotificationConfig/list, which 0.2.5 added.
 */
async function versionless02(serves025: boolean): Promise<string> {
  let made = 0;
  return startHttpAgent((req, body, res, base) => {
    res.setHeader("content-type", "application/json");
    if (req.method === "GET") {
      if (req.url !== "/.well-known/agent.json") {
        res.statusCode = 404;
        return void res.end("{}");
      }
      const { protocolVersion: _v, preferredTransport: _t, ...card } = handCard03(base);
      return void res.end(JSON.stringify(card));
    }
    const call = JSON.parse(body) as { id?: unknown; method?: string; params?: { id?: string } };
    const task = (id: string) => ({ kind: "task", id, contextId: "c1", status: { state: "completed" } });
    const reply =
      call.method === "message/send"
        ? { result: task(`t${++made}`) }
        : call.method === "tasks/get"
          ? { result: task(call.params?.id ?? "t1") }
          : call.method === "tasks/pushNotificationConfig/list" && serves025
            ? { result: [] }
            : { error: { code: -32601, message: "Method not found" } };
    res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id ?? null, ...reply }));
  });
}

const run = async (serves025: boolean) => {
  const result = await runConformance({
    agentUrl: await versionless02(serves025),
    headers: {},
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue: [sendReturnsTask, requiredFields, terminalTaskRejectsMessage],
  });
  return (id: string) => result.findings?.find((f) => f.id === id);
};

describe("a versionless 0.2 card before an agent that serves a method only 0.2.5 has", () => {
  it("owes protocolVersion and the refusal of a message to a finished task (seen at first sight)", async () => {
    const of = await run(true);
    expect(of("card.required-fields")).toMatchObject({ status: "fail" });
    expect(of("card.required-fields")?.message).toMatch(
      /no protocolVersion, which A2A 0\.2\.5 requires .* serves tasks\/pushNotificationConfig\/list/,
    );
    expect(of("lifecycle.terminal-task-rejects-message")).toMatchObject({ status: "fail" });
  });

  it("owes neither when the agent serves none of 0.2.5's methods (it may follow 0.2.0 to 0.2.4)", async () => {
    const of = await run(false);
    expect(of("card.required-fields")).toMatchObject({ status: "pass" });
    expect(of("lifecycle.terminal-task-rejects-message")?.status).toBe("skip");
  });
});

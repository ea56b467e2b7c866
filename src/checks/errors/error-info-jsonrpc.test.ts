import { describe, expect, it } from "vitest";
import { handAgentsClosedAfterAll, handCard10, verdictsOn } from "../../runner/testing/hand-agent.js";
import errorInfoJsonrpc from "./error-info-jsonrpc.js";

const startHandAgent = handAgentsClosedAfterAll();

const errorInfo = (reason: string) => [
  { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "a2a-protocol.org" },
];

/**
 * A 1.0 agent that answers a GetTask or CancelTask of an unknown id InvalidParams (seen at first sight: it
 * reads the id from another member), and a cancel of its finished task TaskNotCancelable, `data` as given.
 */
async function agentWithoutTaskNotFound(notCancelableData?: unknown): Promise<string> {
  const tasks = new Set<string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard10(url);
    const task = (id: string) => ({ id, contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } });
    if (request.method === "SendMessage") {
      const id = `t${tasks.size + 1}`;
      tasks.add(id);
      return { result: { task: task(id) } };
    }
    const id = String(request.params.id);
    if (!tasks.has(id)) return { error: { code: -32602, message: "Missing taskId" } };
    if (request.method === "CancelTask")
      return {
        error: {
          code: -32002,
          message: "Task is not cancelable",
          ...(notCancelableData ? { data: notCancelableData } : {}),
        },
      };
    return { result: task(id) };
  });
  return agent.url;
}

describe("errors.error-info-jsonrpc", () => {
  it("judges the other A2A errors an agent returns when it never answers TaskNotFound", async () => {
    const own = [{ "@type": "type.example.com/acme.ErrorContext", detail: "finished" }];
    const finding = (await verdictsOn(await agentWithoutTaskNotFound(own), [errorInfoJsonrpc])).get(
      "errors.error-info-jsonrpc",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /the TaskNotCancelable error of CancelTask of .*: its error\.data names no well-known google\.rpc type/,
    );
  });

  it("leaves an error with no details at all unjudged: 1.0.1 §3.3.2 makes them optional", async () => {
    const finding = (await verdictsOn(await agentWithoutTaskNotFound(), [errorInfoJsonrpc])).get(
      "errors.error-info-jsonrpc",
    );
    expect(finding?.status).not.toBe("fail");
    expect(finding?.message).toMatch(
      /TaskNotCancelable came back with no error details, which A2A 1\.0\.1 §3\.3\.2 makes optional/,
    );
  });

  it("passes those errors when they name themselves with an ErrorInfo", async () => {
    const url = await agentWithoutTaskNotFound(errorInfo("TASK_NOT_CANCELABLE"));
    const finding = (await verdictsOn(url, [errorInfoJsonrpc])).get("errors.error-info-jsonrpc");
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/^TaskNotCancelable names itself with well-known google\.rpc details/);
  });

  it("passes an ErrorInfo of the agent's own domain and names it (1.0.1 §9.5 recommends the type only)", async () => {
    const own = [
      { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "NOT_CANCELABLE", domain: "kodax.ai" },
    ];
    const finding = (await verdictsOn(await agentWithoutTaskNotFound(own), [errorInfoJsonrpc])).get(
      "errors.error-info-jsonrpc",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/ErrorInfo\.reason is "NOT_CANCELABLE", expected "TASK_NOT_CANCELABLE"/);
  });
});

import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard01,
  handCard03,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import invalidParams from "./invalid-params.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent that answers -32602 to any message/send without params of its own (`from_agent`, seen at first
 * sight), well-formed or not; other methods refuse their malformed params with -32602 too.
 */
async function ownParamsRequired(): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    if (request.method === "message/send" && request.params.from_agent !== undefined)
      return { result: { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } } };
    return refusal(-32602);
  });
  return agent.url;
}

describe("errors.invalid-params and an agent that refuses well-formed messages alike", () => {
  it("does not pass on refusals that show nothing: a well-formed message is refused -32602 too", async () => {
    const finding = (await verdictsOn(await ownParamsRequired(), [invalidParams], "JSONRPC")).get(
      "errors.invalid-params",
    );
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/so was a well-formed message/);
  });
});

/**
 * A 0.3 agent that validates what it is sent but reads a null part unguarded (seen at first sight: a part
 * that is a number refused -32602, a null one -32000 with the stack trace); `guarded` mends that.
 */
async function nullPartReader(guarded: boolean): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard03(url);
    if (request.method !== "message/send") return refusal(-32602);
    const message = request.params.message as { role?: unknown; messageId?: unknown; parts?: unknown[] };
    const parts = Array.isArray(message?.parts) ? message.parts : [];
    if (!guarded && parts.includes(null))
      return { error: { code: -32000, message: "Internal error", data: { stack: "TypeError: null" } } };
    const readable = parts.length > 0 && parts.every((p) => typeof p === "object" && p !== null);
    if (!readable || message.role !== "user" || typeof message.messageId !== "string") return refusal(-32602);
    return { result: { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } } };
  });
  return agent.url;
}

describe("errors.invalid-params and a message whose parts hold null", () => {
  it("fails an agent whose handler crashes on the null part it did not guard against", async () => {
    const finding = (await verdictsOn(await nullPartReader(false), [invalidParams], "JSONRPC")).get(
      "errors.invalid-params",
    );
    expect(finding).toMatchObject({ status: "fail", level: "MUST" });
    expect(finding?.message).toMatch(
      /1 of \d+ malformed requests did not get -32602: .*parts are \[null\].*-32000/,
    );
  });

  it("passes the same agent once it refuses the null part -32602", async () => {
    const finding = (await verdictsOn(await nullPartReader(true), [invalidParams], "JSONRPC")).get(
      "errors.invalid-params",
    );
    expect(finding).toMatchObject({ status: "pass" });
  });
});

/**
 * A 0.1 agent that validates the message of tasks/send (role, parts) but not the task id beside it: without
 * one it runs the message and returns a Task with no id (seen at first sight); `requiresId` mends that.
 */
async function taskIdOptional01(requiresId: boolean): Promise<string> {
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return handCard01(url);
    if (request.method !== "tasks/send")
      return refusal(request.method.startsWith("tasks/") ? -32602 : -32601);
    const message = request.params.message as { role?: unknown; parts?: unknown[] } | undefined;
    const parts = Array.isArray(message?.parts) ? message.parts : [];
    const readable = parts.length > 0 && parts.every((p) => typeof p === "object" && p !== null);
    if (!readable || message?.role !== "user") return refusal(-32602);
    const id = request.params.id;
    if (typeof id !== "string" && requiresId) return refusal(-32602);
    return { result: { ...(typeof id === "string" ? { id } : {}), status: { state: "completed" } } };
  });
  return agent.url;
}

describe("errors.invalid-params on 0.1's tasks/send without its task id", () => {
  it("fails an agent that runs the message with no task id (TaskSendParams.id is required)", async () => {
    const finding = (await verdictsOn(await taskIdOptional01(false), [invalidParams], "JSONRPC")).get(
      "errors.invalid-params",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/with no task id \(TaskSendParams\.id\) was answered with a result/);
  });

  it("passes one that refuses it -32602", async () => {
    const finding = (await verdictsOn(await taskIdOptional01(true), [invalidParams], "JSONRPC")).get(
      "errors.invalid-params",
    );
    expect(finding).toMatchObject({ status: "pass" });
  });
});

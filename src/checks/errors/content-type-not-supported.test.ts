import { describe, expect, it } from "vitest";
import {
  handAgentsClosedAfterAll,
  handCard01,
  handCard03,
  handCard10,
  refusal,
  verdictsOn,
} from "../../runner/testing/hand-agent.js";
import contentTypeNotSupported from "./content-type-not-supported.js";

const startHandAgent = handAgentsClosedAfterAll();

/**
 * A 0.3 agent that takes text/plain: a text message's task completes at once; a message with a file part is
 * accepted as a task that `fileTask` says what becomes of: "submitted" forever (seen at first sight), completed,
 * or submitted forever only when the file part comes alone ("alone-submitted": the agent reads only text).
 */
async function takesFiles(fileTask: "submitted" | "completed" | "alone-submitted"): Promise<string> {
  const tasks = new Map<string, string>();
  const agent = await startHandAgent((request, url) => {
    if (request.kind === "card") return { ...handCard03(url), defaultInputModes: ["text/plain"] };
    const task = (id: string) => ({ kind: "task", id, contextId: "c1", status: { state: tasks.get(id) } });
    if (request.method === "message/send") {
      const message = request.params.message as { parts?: Array<{ kind?: string }> } | undefined;
      const withFile = message?.parts?.some((p) => p.kind === "file") ?? false;
      const withText = message?.parts?.some((p) => p.kind === "text") ?? false;
      const id = `t${tasks.size + 1}`;
      // "alone-submitted": the agent reads only the text, and a task with none is never started.
      const state =
        fileTask === "alone-submitted"
          ? withText
            ? "completed"
            : "submitted"
          : withFile
            ? fileTask
            : "completed";
      tasks.set(id, state);
      return { result: task(id) };
    }
    if (request.method === "tasks/get" && tasks.has(String(request.params.id)))
      return { result: task(String(request.params.id)) };
    return refusal(-32001);
  });
  return agent.url;
}

describe("errors.content-type-not-supported on an agent that accepts a part outside its input modes", () => {
  it("fails when the accepted task is never taken up (submitted while the ordinary task settles)", async () => {
    const finding = (await verdictsOn(await takesFiles("submitted"), [contentTypeNotSupported])).get(
      "errors.content-type-not-supported",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(
      /was accepted, but task t\d is still submitted after the ordinary message sent later/,
    );
  });

  it("fails when only the file part sent alone is never taken up (the text beside it was all the agent read)", async () => {
    const finding = (await verdictsOn(await takesFiles("alone-submitted"), [contentTypeNotSupported])).get(
      "errors.content-type-not-supported",
    );
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/file part alone was accepted, but task t\d is still submitted/);
  });

  it("passes when the accepted task is worked on (an agent may take any part)", async () => {
    const finding = (await verdictsOn(await takesFiles("completed"), [contentTypeNotSupported])).get(
      "errors.content-type-not-supported",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/was accepted \(an agent may take any part\)/);
  });
});

describe("errors.content-type-not-supported on a 0.1 agent", () => {
  /** A 0.1 agent whose card names no input modes (0.1 §5.5: text/plain then), refusing a file part with `code`. */
  async function refusesFiles01(code: number): Promise<string> {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") {
        const { defaultInputModes: _modes, ...card } = handCard01(url);
        return card;
      }
      const params = request.params as { id?: string; message?: { parts?: Array<{ type?: string }> } };
      if (request.method !== "tasks/send") return refusal(-32601);
      if (params.message?.parts?.some((p) => p.type === "file")) return refusal(code);
      const message = { role: "agent", parts: [{ type: "text", text: "hi" }] };
      return { result: { id: params.id, status: { state: "completed", message } } };
    });
    return agent.url;
  }
  const judged = async (code: number) =>
    (await verdictsOn(await refusesFiles01(code), [contentTypeNotSupported], "JSONRPC")).get(
      "errors.content-type-not-supported",
    );

  it("fails a file part refused as an internal error, the card taking text/plain by default", async () => {
    const finding = await judged(-32603);
    expect(finding).toMatchObject({ status: "fail" });
    expect(finding?.message).toMatch(/the card takes text\/plain/);
  });

  it("passes it refused as ContentTypeNotSupported", async () => {
    expect(await judged(-32005)).toMatchObject({ status: "pass" });
  });

  it("fails it refused as InvalidParams at SHOULD: a client error, but not the one A2A names for it", async () => {
    const finding = await judged(-32602);
    expect(finding).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(finding?.message).toMatch(
      /refused with InvalidParams \(-32602\) instead of ContentTypeNotSupported/,
    );
  });

  // Seen at first sight: an agent that wants params of its own refuses every message with -32602.
  it("does not pass a -32602 refusal when the ordinary message is refused alike", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard01(url);
      return refusal(request.method === "tasks/send" ? -32602 : -32601);
    });
    const finding = (await verdictsOn(agent.url, [contentTypeNotSupported], "JSONRPC")).get(
      "errors.content-type-not-supported",
    );
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/but so was the ordinary message .*: the refusal shows nothing/);
  });

  // Seen at first sight: a 1.0 peer that serves sends only for a skill named in metadata of its own.
  it("does not fail a refusal with any other code when the ordinary message is refused alike", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return { ...handCard10(url), defaultInputModes: ["text/plain"] };
      return refusal(request.method === "SendMessage" ? -32004 : -32601);
    });
    const finding = (await verdictsOn(agent.url, [contentTypeNotSupported], "JSONRPC")).get(
      "errors.content-type-not-supported",
    );
    expect(finding).toMatchObject({ status: "skip" });
    expect(finding?.message).toMatch(/\(-32004\), but so was the ordinary message/);
  });
});

describe("errors.content-type-not-supported on an agent that reads text only", () => {
  /** A 0.3 agent that takes the text beside a file part and refuses a message with no text with `code`. */
  async function readsTextOnly(code: number): Promise<string> {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return { ...handCard03(url), defaultInputModes: ["text/plain"] };
      if (request.method !== "message/send") return refusal(-32601);
      const message = request.params.message as { parts?: Array<{ kind?: string }> } | undefined;
      if (!message?.parts?.some((p) => p.kind === "text")) return refusal(code);
      return { result: { kind: "task", id: "t1", contextId: "c1", status: { state: "completed" } } };
    });
    return agent.url;
  }
  const judged = async (code: number) =>
    (await verdictsOn(await readsTextOnly(code), [contentTypeNotSupported], "JSONRPC")).get(
      "errors.content-type-not-supported",
    );

  it("fails the file part alone refused with InvalidParams, the message beside text accepted (seen at first sight)", async () => {
    const finding = await judged(-32602);
    expect(finding).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(finding?.message).toMatch(
      /was accepted .*; the .* file part sent alone was refused with InvalidParams \(-32602\)/,
    );
  });

  it("passes the file part alone refused with ContentTypeNotSupported", async () => {
    expect(await judged(-32005)).toMatchObject({ status: "pass" });
  });
});

describe("errors.content-type-not-supported on A2A 1.0", () => {
  it("passes a refusal with InvalidParams: 1.0.1 §3.3.2 counts an unsupported content type among validation errors (-32602)", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return { ...handCard10(url), defaultInputModes: ["text/plain"] };
      if (request.method !== "SendMessage") return refusal(-32601);
      const message = request.params.message as { parts?: Array<{ text?: string }> } | undefined;
      if (!message?.parts?.every((p) => typeof p.text === "string")) return refusal(-32602);
      return { result: { task: { id: "t1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } } } };
    });
    const finding = (await verdictsOn(agent.url, [contentTypeNotSupported], "JSONRPC")).get(
      "errors.content-type-not-supported",
    );
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(/a validation error A2A 1\.0\.1 §3\.3\.2 allows/);
  });
});

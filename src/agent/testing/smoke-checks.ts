import { expect } from "vitest";
import type { FlawCheck, FlawProbe } from "./flaw-probe.js";
import { postRaw, postSse, resultOf, rpc } from "./http-client.js";

type Json = Record<string, unknown>;

function endpoint(probe: FlawProbe): string {
  return `${probe.agent.url}/a2a/jsonrpc`;
}

async function sendResult(probe: FlawProbe, text = "What can you help with?"): Promise<unknown> {
  const { dialect } = probe;
  return resultOf(
    await rpc(endpoint(probe), dialect.methods.send, dialect.sendParams(text), dialect.headers),
  );
}

export const SMOKE_CHECKS: Record<string, FlawCheck> = {
  "task-fails": async (probe) => {
    const task = probe.dialect.taskOfSend(await sendResult(probe));
    expect(task?.state).toBe("failed");
    expect(task?.statusText).not.toBe("");
  },
  "reply-no-text": async (probe) => {
    const result = await sendResult(probe);
    const task = probe.dialect.taskOfSend(result);
    expect(task).toMatchObject({ state: "completed", artifactTexts: [], statusText: "" });
    expect(JSON.stringify(result)).toContain('"data"');
  },
  "reply-not-a2a": async (probe) => {
    expect(await sendResult(probe)).toEqual({ hello: "world" });
  },
  "task-never-completes": async (probe) => {
    const { dialect } = probe;
    const task = dialect.taskOfSend(await sendResult(probe));
    expect(task?.state).toBe("working");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const read = resultOf(await rpc(endpoint(probe), dialect.methods.get, { id: task?.id }, dialect.headers));
    expect(dialect.task(read).state).toBe("working");
  },
  "message-reply": async (probe) => {
    const result = (await sendResult(probe)) as Json;
    const message = (probe.dialect.protocol === "0.3" ? result : result.message) as Json | undefined;
    expect(message, "the reply is a Message").toBeTypeOf("object");
    if (probe.dialect.protocol === "0.3") expect(message?.kind).toBe("message");
    expect(JSON.stringify(message?.parts)).toContain("billing");
  },
  "message-reply-without-context": async (probe) => {
    const result = (await sendResult(probe)) as Json;
    const message = result.message as Json | undefined;
    expect(message, "the reply is a Message").toBeTypeOf("object");
    expect(message).not.toHaveProperty("contextId");
  },
  "tasks-send-only": async (probe) => {
    const { dialect } = probe;
    const modern = await rpc(
      endpoint(probe),
      dialect.methods.send,
      dialect.sendParams("hi"),
      dialect.headers,
    );
    expect(modern.body.error).toMatchObject({ code: -32601 });
    const params = {
      id: "client-task-1",
      message: { role: "user", parts: [{ type: "text", text: "Refund?" }] },
    };
    const task = resultOf(await rpc(endpoint(probe), "tasks/send", params, dialect.headers)) as Json;
    expect(task).toMatchObject({ id: "client-task-1", status: { state: "completed" } });
    expect(JSON.stringify(task.artifacts)).toContain('"type":"text"');
  },
  "stream-reply-to-send": async (probe) => {
    const { dialect } = probe;
    const body = {
      jsonrpc: "2.0",
      id: 9,
      method: dialect.methods.send,
      params: dialect.sendParams("Refund?"),
    };
    const { contentType, events } = await postSse(endpoint(probe), body, dialect.headers);
    expect(contentType).toMatch(/^text\/event-stream/);
    expect(dialect.event(events[0]?.result)).toMatchObject({ kind: "status", state: "working" });
    const last = events.at(-1)?.result;
    expect(dialect.event(last)).toMatchObject({ kind: "task", state: "completed" });
    expect(dialect.taskOfSend(last)?.artifactTexts.join("")).toContain("Refund?");
  },
  "leaky-error": async (probe) => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "no/such/method", params: {} });
    const response = await fetch(endpoint(probe), {
      method: "POST",
      headers: probe.dialect.headers,
      body,
      signal: AbortSignal.timeout(5000),
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/TypeError[\s\S]*\n\s+at /);
    // Known methods still work.
    const ok = await postRaw(
      endpoint(probe),
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: probe.dialect.methods.get, params: { id: "x" } }),
      probe.dialect.headers,
    );
    expect(ok.body.error).toMatchObject({ code: -32001 });
  },
};

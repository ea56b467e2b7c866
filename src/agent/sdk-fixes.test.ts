import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent } from "./index.js";
import type { AgentProtocol, RunningAgent } from "./index.js";
import { DIALECTS } from "./testing/dialects.js";
import { postRaw, resultOf, rpc } from "./testing/http-client.js";

function withAgent(protocol: AgentProtocol) {
  const state = { agent: undefined as RunningAgent | undefined, endpoint: "" };
  beforeAll(async () => {
    state.agent = await startReferenceAgent({ protocol });
    state.endpoint = `${state.agent.url}/a2a/jsonrpc`;
  });
  afterAll(() => state.agent?.close());
  return state;
}

describe.each(["0.3", "1.0"] as const)("JSON-RPC envelope handling, protocol %s", (protocol) => {
  const dialect = DIALECTS[protocol];
  const ctx = withAgent(protocol);

  it("answers a body that is not JSON with -32700, id null and HTTP 200", async () => {
    const reply = await postRaw(ctx.endpoint, "{not json", dialect.headers);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: expect.objectContaining({ code: -32700 }) as object,
    });
  });

  it("answers a JSON array (a batch A2A does not use) with -32600", async () => {
    const reply = await postRaw(ctx.endpoint, "[]", dialect.headers);
    expect(reply.body.error).toMatchObject({ code: -32600 });
  });

  it("answers an unknown method without params with -32601, echoing the id", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: "abc", method: "no/such/method" });
    const reply = await postRaw(ctx.endpoint, body, dialect.headers);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: "abc", error: { code: -32601 } });
    expect(reply.body).not.toHaveProperty("result");
  });

  it("echoes id 0 on errors", async () => {
    const reply = await rpc(ctx.endpoint, dialect.methods.get, { id: "missing" }, dialect.headers, 0);
    expect(reply.body).toMatchObject({ id: 0, error: { code: -32001 } });
  });
});

describe("SDK 0.3.14 corrections", () => {
  const dialect = DIALECTS["0.3"];
  const ctx = withAgent("0.3");
  const call = (method: string, params?: unknown) => rpc(ctx.endpoint, method, params, dialect.headers);

  it("returns no history for tasks/get with historyLength 0 (0.3.14 returns all of it)", async () => {
    const task = dialect.taskOfSend(resultOf(await call("message/send", dialect.sendParams("hello"))));
    const read = resultOf(await call("tasks/get", { id: task?.id, historyLength: 0 })) as Record<
      string,
      unknown
    >;
    expect(read.history ?? []).toEqual([]);
    const one = resultOf(await call("tasks/get", { id: task?.id, historyLength: 1 })) as {
      history: unknown[];
    };
    expect(one.history).toHaveLength(1);
  });

  it("returns the whole history when historyLength is unset (0.3.14 returns none)", async () => {
    const task = dialect.taskOfSend(resultOf(await call("message/send", dialect.sendParams("hello"))));
    const read = resultOf(await call("tasks/get", { id: task?.id })) as { history: unknown[] };
    expect(read.history.length).toBeGreaterThanOrEqual(1);
  });

  it("answers message/send without a message with a clean -32602, not a leaked TypeError", async () => {
    const reply = await call("message/send", {});
    expect(reply.body.error).toMatchObject({ code: -32602 });
    expect(JSON.stringify(reply.body)).not.toMatch(/Cannot read properties|TypeError/);
  });
});

describe("SDK 1.3.0 corrections", () => {
  const dialect = DIALECTS["1.0"];
  const ctx = withAgent("1.0");
  const send = (headers: Record<string, string>, id: number | string = 1) =>
    rpc(ctx.endpoint, "GetTask", { id: "missing" }, headers, id);

  it("answers an envelope without jsonrpc 2.0 with -32600 (1.3.0 says -32602)", async () => {
    const reply = await postRaw(
      ctx.endpoint,
      JSON.stringify({ id: 3, method: "GetTask", params: {} }),
      dialect.headers,
    );
    expect(reply.body).toMatchObject({ id: 3, error: { code: -32600 } });
  });

  it("answers a method that is not a string with -32600", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 4, method: 5, params: {} });
    expect((await postRaw(ctx.endpoint, body, dialect.headers)).body).toMatchObject({
      id: 4,
      error: { code: -32600 },
    });
  });

  it("accepts A2A-Version 1.0.0, ignoring the patch number (1.3.0 refuses it)", async () => {
    const reply = await send({ "content-type": "application/json", "A2A-Version": "1.0.0" });
    expect(reply.body.error).toMatchObject({ code: -32001 });
  });

  it("accepts the ?A2A-Version= query form", async () => {
    const reply = await rpc(
      `${ctx.endpoint}?A2A-Version=1.0`,
      "GetTask",
      { id: "x" },
      { "content-type": "application/json" },
    );
    expect(reply.body.error).toMatchObject({ code: -32001 });
  });

  it("refuses an unsupported version with -32009 and still echoes id 0", async () => {
    const reply = await send({ "content-type": "application/json", "A2A-Version": "9.9" }, 0);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: 0, error: { code: -32009 } });
  });

  it("treats a missing A2A-Version as 0.3 and refuses it with -32009 naming the header", async () => {
    const reply = await send({ "content-type": "application/json" });
    expect(reply.body.error).toMatchObject({
      code: -32009,
      message: expect.stringContaining("A2A-Version") as string,
    });
  });

  it("accepts 1.0.0 on the REST binding too", async () => {
    const response = await fetch(`${ctx.agent?.url}/a2a/rest/tasks/missing`, {
      headers: { "A2A-Version": "1.0.0" },
      signal: AbortSignal.timeout(5000),
    });
    expect(response.status).toBe(404);
  });

  it("cancels an input-required task promptly (the SDK sample pattern hangs)", async () => {
    const sent = resultOf(
      await rpc(ctx.endpoint, "SendMessage", dialect.sendParams("ambiguous"), dialect.headers),
    );
    const task = dialect.taskOfSend(sent);
    expect(task?.state).toBe("input-required");
    // The sample pattern never answers the cancel: the test's own timeout would end it.
    const canceled = dialect.task(
      resultOf(await rpc(ctx.endpoint, "CancelTask", { id: task?.id }, dialect.headers)),
    );
    expect(canceled.state).toBe("canceled");
  });
});

import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { closedPort, serve } from "../../net/testing/loopback-server.js";
import type { LoopbackServer } from "../../net/testing/loopback-server.js";
import { TrafficLog } from "../../net/traffic.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import type { ClientContext, ClientTarget } from "../types.js";
import { createRestClient } from "./index.js";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const TASK = { id: "t1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } };

async function clientFor(
  handler: Handler,
  target: Partial<ClientTarget> = {},
  query?: Record<string, string>,
  extra: Partial<ClientContext> = {},
) {
  const server = await serve(handler);
  servers.push(server);
  const traffic = new TrafficLog();
  const generation: ProtocolGeneration = target.generation ?? "1.0";
  const client = createRestClient(
    { url: `${server.url}/api`, binding: "HTTP+JSON", generation, ...target },
    {
      headers: { Authorization: "Bearer k" },
      ...(query ? { query } : {}),
      timeoutMs: 500,
      policy: commandLinePolicy,
      traffic,
      ...extra,
    },
  );
  return { client, traffic };
}

function reply(status: number, type: string, body: string): Handler {
  return (_req, res) => {
    res.writeHead(status, { "Content-Type": type });
    res.end(body);
  };
}

describe("HTTP+JSON client: replies that break the binding", () => {
  it("turns a 500 with an HTML body into an error with code 0, not an exception", async () => {
    const { client } = await clientFor(reply(500, "text/html", "<html><body>Oops</body></html>"));
    const outcome = await client.getTask("t1");
    expect(outcome).toMatchObject({
      ok: false,
      kind: "error",
      error: { code: 0, name: "HTTP 500", httpStatus: 500 },
    });
    expect(outcome.ok || outcome.kind !== "error" || outcome.error.message).toContain("Oops");
  });

  it("does not call an HTML 404 from an unknown route TaskNotFound", async () => {
    const { client } = await clientFor(reply(404, "text/html", "<pre>Cannot GET /api/tasks/t1</pre>"));
    expect(await client.getTask("t1")).toMatchObject({ kind: "error", error: { code: 0, httpStatus: 404 } });
  });

  it("reads an RFC 9457 problem+json body left over from 1.0.0-rc", async () => {
    const problem = {
      type: "https://a2a-protocol.org/errors/task-not-found",
      title: "Task Not Found",
      status: 404,
      detail: "No task t1",
    };
    const { client } = await clientFor(reply(404, "application/problem+json", JSON.stringify(problem)));
    expect(await client.getTask("t1")).toMatchObject({
      kind: "error",
      error: { code: -32001, name: "TaskNotFound", message: "No task t1", httpStatus: 404 },
    });
  });

  it("calls a 200 with truncated JSON invalid", async () => {
    const { client } = await clientFor(reply(200, "application/json", '{"task": {"id": "t1", "sta'));
    const outcome = await client.send({ text: "hi" });
    expect(outcome).toMatchObject({ ok: false, kind: "invalid" });
    expect(outcome.ok || outcome.kind !== "invalid" || outcome.reason).toMatch(/not JSON/);
  });

  it("calls a 200 JSON body of the wrong shape invalid", async () => {
    const { client } = await clientFor(reply(200, "application/json", '{"result": {"kind": "task"}}'));
    expect(await client.send({ text: "hi" })).toMatchObject({ ok: false, kind: "invalid" });
  });

  it("reports a refused connection as unreachable, with the traffic entry", async () => {
    const port = await closedPort();
    const traffic = new TrafficLog();
    const client = createRestClient(
      { url: `http://127.0.0.1:${port}/api`, binding: "HTTP+JSON", generation: "1.0" },
      { headers: {}, timeoutMs: 500, policy: commandLinePolicy, traffic },
    );
    const outcome = await client.getTask("t1");
    expect(outcome).toMatchObject({ ok: false, kind: "unreachable", error: { rule: "connect" } });
    expect(outcome.trafficIds).toEqual([traffic.entries()[0]?.id]);
  });
});

describe("HTTP+JSON client: streams that misbehave", () => {
  it("ends a stream that never closes at the idle timeout, keeping what arrived", async () => {
    const { client } = await clientFor((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(
        `data: ${JSON.stringify({ task: { ...TASK, status: { state: "TASK_STATE_WORKING" } } })}\n\n`,
      );
    });
    const outcome = await client.stream({ text: "hi" });
    expect(outcome.end.reason).toBe("idle-timeout");
    expect(outcome.events).toMatchObject([{ kind: "task", state: "working" }]);
    expect(outcome.failure).toBeUndefined();
  });

  it("ends a silent message stream at the owner's quiet limit, a silent subscription at the timeout", async () => {
    const working = { task: { ...TASK, status: { state: "TASK_STATE_WORKING" } } };
    const silentAfterOne: Handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(`data: ${JSON.stringify(working)}\n\n`);
    };
    const { client } = await clientFor(silentAfterOne, {}, undefined, { messageStreamQuietMs: () => 40 });
    const streamed = await client.stream({ text: "hi" });
    expect(streamed.end).toEqual({ reason: "idle-timeout", message: "no event for 40 ms" });
    expect(streamed.events).toHaveLength(1);
    const subscribed = await client.subscribe("t1");
    expect(subscribed.end).toEqual({ reason: "idle-timeout", message: "no event for 500 ms" });
  });

  it("treats a JSON reply to a streaming call as a refusal", async () => {
    const { client } = await clientFor(reply(200, "application/json", JSON.stringify({ task: TASK })));
    const outcome = await client.stream({ text: "hi" });
    expect(outcome.failure).toMatchObject({ kind: "invalid" });
    expect(outcome.contentType).toBe("application/json");
  });

  it("reads a 200 JSON error to a streaming call as the error it names", async () => {
    const body = {
      error: {
        code: 400,
        status: "FAILED_PRECONDITION",
        message: "no",
        details: [{ reason: "UNSUPPORTED_OPERATION" }],
      },
    };
    const { client } = await clientFor(reply(200, "application/json", JSON.stringify(body)));
    const outcome = await client.stream({ text: "hi" });
    expect(outcome.failure).toMatchObject({
      kind: "error",
      error: { code: -32004, grpcStatus: "FAILED_PRECONDITION" },
    });
  });

  it("separates events it cannot read and errors sent inside the stream", async () => {
    const { client } = await clientFor((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(`data: ${JSON.stringify({ task: TASK })}\n\n`);
      res.write("data: {not json\n\n");
      res.write(`data: ${JSON.stringify({ hello: 1 })}\n\n`);
      res.end(`event: error\ndata: ${JSON.stringify({ code: -32603, message: "boom" })}\n\n`);
    });
    const outcome = await client.stream({ text: "hi" });
    expect(outcome.events).toHaveLength(1);
    expect(outcome.invalidEvents).toHaveLength(2);
    expect(outcome.errors).toMatchObject([{ code: -32603, message: "boom" }]);
    expect(outcome.end.reason).toBe("closed");
  });

  it("falls back to GET when POST subscribe is refused with 405, and says so", async () => {
    const { client } = await clientFor((req, res) => {
      if (req.method === "POST") {
        res.writeHead(405, { Allow: "GET" }).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.end(`data: ${JSON.stringify({ task: TASK })}\n\n`);
    });
    const outcome = await client.subscribe("t1");
    expect(outcome.events).toHaveLength(1);
    expect(outcome.trafficIds).toHaveLength(2);
    expect(client.lastSubscribeVerb).toBe("GET");
    expect(client.lastSubscribe).toEqual({ verb: "GET", fallbackFrom: { verb: "POST", httpStatus: 405 } });
  });

  it("does not retry subscribe when the 404 names TaskNotFound", async () => {
    const body = {
      error: { code: 404, status: "NOT_FOUND", message: "gone", details: [{ reason: "TASK_NOT_FOUND" }] },
    };
    const { client } = await clientFor(reply(404, "application/json", JSON.stringify(body)));
    const outcome = await client.subscribe("t1");
    expect(outcome.failure).toMatchObject({ kind: "error", error: { code: -32001 } });
    expect(outcome.trafficIds).toHaveLength(1);
    expect(client.lastSubscribeVerb).toBe("POST");
  });
});

describe("HTTP+JSON client: requests on the wire", () => {
  function recorder(
    seen: Array<{ method?: string; url?: string; body: string; headers: IncomingMessage["headers"] }>,
    body: unknown = TASK,
  ): Handler {
    return (req, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, body: text, headers: req.headers });
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      });
    };
  }

  it("prefixes a 1.0 tenant and appends the context's query to every URL", async () => {
    const seen: Parameters<typeof recorder>[0] = [];
    const { client } = await clientFor(recorder(seen), { tenant: "acme" }, { key: "k 1" });
    await client.getTask("t/1", 2);
    await client.cancelTask("t1");
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "GET /api/acme/tasks/t%2F1?historyLength=2&key=k+1",
      "POST /api/acme/tasks/t1:cancel?key=k+1",
    ]);
    expect(seen[0]?.headers).toMatchObject({ authorization: "Bearer k", "a2a-version": "1.0" });
  });

  it("sends the 0.3 proto-JSON message under /v1, parts under content, blocking stated", async () => {
    const seen: Parameters<typeof recorder>[0] = [];
    const { client } = await clientFor(recorder(seen, { task: TASK }), { generation: "0.3" });
    await client.send({ text: "hi", taskId: "t1", messageId: "m1" });
    expect(seen[0]?.url).toBe("/api/v1/message:send");
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({
      message: { messageId: "m1", role: "ROLE_USER", content: [{ text: "hi" }], taskId: "t1" },
      configuration: { blocking: true },
    });
    expect(seen[0]?.headers["content-type"]).toBe("application/json");
  });

  it("sends the 1.0 message with parts and only the configuration asked for", async () => {
    const seen: Parameters<typeof recorder>[0] = [];
    const { client } = await clientFor(recorder(seen, { task: TASK }));
    await client.send({ text: "hi", messageId: "m1" }, { returnImmediately: true });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({
      message: { messageId: "m1", role: "ROLE_USER", parts: [{ text: "hi" }] },
      configuration: { returnImmediately: true },
    });
  });

  it("reads a 1.0 flat push config and a 0.3 nested one alike", async () => {
    const flat = { taskId: "t1", id: "c1", url: "https://h/x", authentication: { scheme: "Bearer" } };
    const v10 = await clientFor(recorder([], flat));
    expect(await v10.client.setPushConfig("t1", { url: "https://h/x" })).toMatchObject({
      ok: true,
      value: { id: "c1", url: "https://h/x", authentication: { scheme: "Bearer" } },
    });
    const nested = {
      name: "tasks/t1/pushNotificationConfigs/c1",
      pushNotificationConfig: { id: "c1", url: "https://h/x", authentication: { schemes: ["Bearer"] } },
    };
    const v03 = await clientFor(recorder([], { configs: [nested] }), { generation: "0.3" });
    expect(await v03.client.listPushConfigs("t1")).toMatchObject({
      ok: true,
      value: [{ id: "c1", url: "https://h/x", authentication: { scheme: "Bearer" } }],
    });
  });

  it("answers every operation with unsupported for generations without HTTP+JSON", async () => {
    const seen: Parameters<typeof recorder>[0] = [];
    const { client } = await clientFor(recorder(seen), { generation: "0.2" });
    expect(await client.send({ text: "hi" })).toMatchObject({ ok: false, kind: "unsupported" });
    expect((await client.stream({ text: "hi" })).failure).toMatchObject({ kind: "unsupported" });
    expect(await client.listTasks()).toMatchObject({ kind: "unsupported" });
    expect(await client.getPushConfig("t1")).toMatchObject({ kind: "unsupported" });
    expect(seen).toEqual([]);
  });
});

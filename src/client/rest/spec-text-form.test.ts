import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../../net/testing/loopback-server.js";
import { TrafficLog } from "../../net/traffic.js";
import { replyText } from "../../protocol/reply-text.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import { LearnedEndpointsMemory } from "../learned-endpoints.js";
import { readSendResult } from "./replies.js";
import { createRestClient } from "./index.js";

type Json = Record<string, unknown>;

/**
 * A hand-written 0.3 HTTP+JSON server in the manner of cmgzone/asiss "gitu": which body forms it reads and
 * how it refuses the others is set per test. "proto" is the 0.3 proto as JSON (both SDKs), "text" the
 * JSON-RPC shapes the 0.3 text gives (§7.1 REST payload, §6.4 Message).
 */
type Form = "proto" | "text";
let takes: readonly Form[] = [];
let refuse: (res: ServerResponse, form: Form | undefined) => void = () => undefined;
/** Each request's path and the form of its body. */
let seen: { path: string; form: Form | undefined; body: Json }[] = [];

/** A message whose proto-form text is this is refused whatever else holds (a refusal of the message, not its form). */
let refusedText: string | undefined;

function formOf(body: Json): Form | undefined {
  const message = body.message as Json | undefined;
  if (!message) return undefined;
  if (message.role === "ROLE_USER" && Array.isArray(message.content)) return "proto";
  const parts = message.parts as Json[] | undefined;
  const discriminated = parts?.every((p) => typeof p.kind === "string");
  if (message.kind === "message" && message.role === "user" && discriminated) return "text";
  return undefined;
}

const protoText = (body: Json) => ((body.message as Json).content as Json[] | undefined)?.[0]?.text;

const gituRefusal = (res: ServerResponse) => {
  res.writeHead(400, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ error: "Invalid params: message parts contained no usable content" }));
};

/** The spec-text reply shapes: `{task}` to a send, bare events in a stream. */
const task = {
  kind: "task",
  id: "t1",
  contextId: "c1",
  status: { state: "completed" },
  artifacts: [{ artifactId: "a1", parts: [{ kind: "text", text: "done" }] }],
};

function answer(req: IncomingMessage, res: ServerResponse, raw: string) {
  const body = JSON.parse(raw) as Json;
  const form = formOf(body);
  seen.push({ path: req.url ?? "", form, body });
  if (!form || !takes.includes(form)) return refuse(res, form);
  if (form === "proto" && refusedText !== undefined && protoText(body) === refusedText)
    return refuse(res, form);
  if (req.url?.endsWith("message:stream")) {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    const update = { kind: "status-update", taskId: "t1", contextId: "c1", status: { state: "completed" } };
    res.end(`data: ${JSON.stringify(task)}\n\ndata: ${JSON.stringify({ ...update, final: true })}\n\n`);
    return;
  }
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ task }));
}

let server: LoopbackServer;
beforeAll(async () => {
  server = await serve((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => answer(req, res, raw));
  });
});
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  refuse = gituRefusal;
  refusedText = undefined;
});

const clientOf = (learned = new LearnedEndpointsMemory(), generation: ProtocolGeneration = "0.3") =>
  createRestClient(
    { url: `${server.url}/a2a`, binding: "HTTP+JSON", generation },
    { headers: {}, timeoutMs: 2000, policy: commandLinePolicy, traffic: new TrafficLog(), learned },
  );

const forms = () => seen.map((s) => s.form);

describe("a 0.3 HTTP+JSON agent that reads only the body the 0.3 text gives", () => {
  beforeEach(() => {
    takes = ["text"];
  });

  it("gets the send again in the spec-text form, reads its {task} reply, and says so", async () => {
    const sent = await clientOf().send({ text: "hi" });
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(sent.value).toMatchObject({ kind: "task", id: "t1", state: "completed" });
    expect(replyText(sent.value)).toContain("done");
    expect(sent.readDespite).toMatch(
      /0\.3 proto's JSON form.*HTTP 400.*no usable content.*§7\.1 REST payload/,
    );
    // The proto form is tried once more after the text's was taken: only a refusal that holds is judged.
    expect(forms()).toEqual(["proto", "text", "proto"]);
    expect(sent.trafficIds).toHaveLength(3);
    const spec = seen[1]?.body;
    expect(spec).toMatchObject({
      message: { kind: "message", role: "user", parts: [{ kind: "text", text: "hi" }] },
      configuration: { blocking: true },
    });
  });

  it("learns the form once per endpoint: every later send of the run goes straight to it", async () => {
    const memory = new LearnedEndpointsMemory();
    await clientOf(memory).send({ text: "first" });
    seen = [];
    // Another client of the same run shares what was learned.
    const again = await clientOf(memory).send({ text: "second" });
    expect(again.ok && again.readDespite).toMatch(/took it only in the form the 0\.3 text gives/);
    expect(forms()).toEqual(["text"]);
    expect(again.trafficIds).toHaveLength(1);
  });

  it("streams in the spec-text form after the same refusal, and reads the bare events", async () => {
    const streamed = await clientOf().stream({ text: "hi" });
    expect(streamed.failure).toBeUndefined();
    expect(streamed.events.map((e) => e.kind)).toEqual(["task", "status-update"]);
    expect(streamed.readDespite).toMatch(/0\.3 proto's JSON form/);
    expect(seen.map((s) => s.path)).toEqual(Array(3).fill("/a2a/v1/message:stream"));
    expect(forms()).toEqual(["proto", "text", "proto"]);
  });

  it("sends a prepared message in the learned form, with a fresh message id each time", async () => {
    const memory = new LearnedEndpointsMemory();
    const prepared = clientOf(memory).prepareSend({ text: "load" });
    const first = await prepared();
    expect(first.ok && first.readDespite).toBeTruthy();
    expect(forms()).toEqual(["proto", "text", "proto"]);
    seen = [];
    const [a, b] = [await prepared(), await prepared()];
    expect(a.ok && b.ok).toBe(true);
    expect(forms()).toEqual(["text", "text"]);
    const ids = seen.map((s) => (s.body.message as Json).messageId);
    expect(new Set(ids).size).toBe(2);
  });

  it("learns from a text message only, then sends a message with a file part in the learned form", async () => {
    const memory = new LearnedEndpointsMemory();
    const file = { kind: "file" as const, bytes: "aGk=", mediaType: "text/plain", name: "hi.txt" };
    const before = await clientOf(memory).send({ text: "see file", parts: [file] });
    expect(before.ok).toBe(false);
    expect(forms()).toEqual(["proto"]);
    await clientOf(memory).send({ text: "hi" });
    seen = [];
    const after = await clientOf(memory).send({ text: "see file", parts: [file] });
    expect(after.ok && after.readDespite).toBeTruthy();
    expect(forms()).toEqual(["text"]);
    expect((seen[0]?.body.message as Json).parts).toContainEqual({
      kind: "file",
      file: { name: "hi.txt", mimeType: "text/plain", bytes: "aGk=" },
    });
  });

  it("retries a refusal in the JSON-RPC error shape or as a 422 too", async () => {
    refuse = (res) => {
      res.writeHead(400, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: -32602, message: "Invalid params" } }));
    };
    const rpcShaped = await clientOf().send({ text: "hi" });
    expect(rpcShaped.ok && rpcShaped.readDespite).toMatch(/InvalidParams|-32602/);
    refuse = (res) => {
      res.writeHead(422, { "Content-Type": "text/plain" });
      res.end("unprocessable");
    };
    const unprocessable = await clientOf().send({ text: "hi" });
    expect(unprocessable.ok && unprocessable.readDespite).toMatch(/HTTP 422/);
  });

  it("does not retry what is no refusal of the body: a 500 that names nothing, a TaskNotFound", async () => {
    refuse = (res) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("boom");
    };
    expect(await clientOf().send({ text: "hi" })).toMatchObject({ ok: false, error: { httpStatus: 500 } });
    refuse = (res) => {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ code: -32001, message: "Task not found" }));
    };
    expect(await clientOf().send({ text: "hi" })).toMatchObject({ ok: false, error: { code: -32001 } });
    expect(forms()).toEqual(["proto", "proto"]);
  });
});

describe("a 0.3 HTTP+JSON agent that reads the proto form (both SDKs)", () => {
  beforeEach(() => {
    takes = ["proto"];
  });

  it("gets one request per send and per stream, in the proto form, and nothing is bent", async () => {
    const memory = new LearnedEndpointsMemory();
    const client = clientOf(memory);
    const sent = await client.send({ text: "hi" });
    expect(sent.ok && sent.readDespite).toBeUndefined();
    const streamed = await client.stream({ text: "hi" });
    expect(streamed.events).toHaveLength(2);
    expect(streamed.readDespite).toBeUndefined();
    await client.prepareSend({ text: "load" })();
    expect(forms()).toEqual(["proto", "proto", "proto"]);
  });
});

describe("a 0.3 HTTP+JSON agent that took the proto form once (an SDK server)", () => {
  beforeEach(() => {
    // An SDK server reads a body in the other form as an empty message, and so takes it.
    takes = ["proto", "text"];
    refusedText = "bad";
  });

  it("is never taught the spec-text form by a later refusal of one message", async () => {
    const memory = new LearnedEndpointsMemory();
    expect((await clientOf(memory).send({ text: "hi" })).ok).toBe(true);
    const bad = await clientOf(memory).send({ text: "bad" });
    expect(bad).toMatchObject({ ok: false, error: { httpStatus: 400 } });
    expect((await clientOf(memory).stream({ text: "bad" })).failure).toBeDefined();
    expect(forms()).toEqual(["proto", "proto", "proto"]);
  });
});

describe("a 0.3 HTTP+JSON agent that refuses both forms", () => {
  beforeEach(() => {
    takes = [];
    // The two refusals differ, so the one handed back can be told.
    refuse = (res, form) => {
      res.writeHead(400, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: form === "proto" ? "proto refused" : "text refused" }));
    };
  });

  it("gets the first refusal back, and nothing is learned", async () => {
    const memory = new LearnedEndpointsMemory();
    const sent = await clientOf(memory).send({ text: "hi" });
    expect(sent).toMatchObject({ ok: false, kind: "error", error: { message: "proto refused" } });
    expect(forms()).toEqual(["proto", "text"]);
    seen = [];
    const streamed = await clientOf(memory).stream({ text: "hi" });
    expect(streamed.failure).toMatchObject({ kind: "error", error: { message: "proto refused" } });
    expect(forms()).toEqual(["proto", "text"]);
  });
});

describe("a 1.0 HTTP+JSON agent", () => {
  it("is never sent the 0.3 text's form", async () => {
    takes = [];
    const sent = await clientOf(new LearnedEndpointsMemory(), "1.0").send({ text: "hi" });
    expect(sent.ok).toBe(false);
    expect(seen).toHaveLength(1);
  });
});

describe("the HTTP+JSON send reply reader", () => {
  it.each([
    ["{task} in the spec-text shape", { task }],
    ["a bare Task", task],
    [
      "a bare Message",
      { kind: "message", messageId: "m1", role: "agent", parts: [{ kind: "text", text: "done" }] },
    ],
  ])("reads %s", (_what, raw) => {
    const read = readSendResult(raw);
    expect(read.ok).toBe(true);
    if (read.ok) expect(replyText(read.value)).toContain("done");
  });
});

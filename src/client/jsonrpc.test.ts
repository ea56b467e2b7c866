import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { TrafficLog } from "../net/traffic.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { callJsonRpc } from "./jsonrpc.js";

// Hostile JSON-RPC servers on real sockets: every broken reply is a named outcome, never an exception.
type Reply = (req: IncomingMessage, res: ServerResponse, id: unknown) => void;

const behaviours: Record<string, Reply> = {
  "json-seq": (_q, res, id) => {
    res.setHeader("Content-Type", "text/plain");
    const event = (state: string) =>
      JSON.stringify({ jsonrpc: "2.0", id, result: { kind: "status-update", state } });
    res.end(`${event("working")}\x1e${event("completed")}\x1e`);
  },
  // SSE frames with no Content-Type header at all (seen at first sight).
  "sse-untyped": (_q, res, id) => {
    const event = (state: string) =>
      `data: ${JSON.stringify({ jsonrpc: "2.0", id, result: { kind: "status-update", state } })}\n\n`;
    res.end(`${event("working")}${event("completed")}`);
  },
  "wrong-id": (_q, res) => res.end(JSON.stringify({ jsonrpc: "2.0", id: "someone-else", result: {} })),
  "result-and-error": (_q, res, id) =>
    res.end(JSON.stringify({ jsonrpc: "2.0", id, result: {}, error: { code: -1, message: "x" } })),
  "no-jsonrpc": (_q, res, id) => res.end(JSON.stringify({ id, result: {} })),
  truncated: (_q, res, id) =>
    res.end(JSON.stringify({ jsonrpc: "2.0", id, result: { task: { id: "t" } } }).slice(0, 30)),
  html: (_q, res) => {
    res.setHeader("Content-Type", "text/html");
    res.end("<html><body>Bad gateway</body></html>");
  },
  deep: (_q, res) => res.end(`${"[".repeat(100_000)}${"]".repeat(100_000)}`),
  huge: (_q, res) => {
    res.setHeader("Content-Type", "application/json");
    const chunk = Buffer.alloc(1024 * 1024, 32);
    let sent = 0;
    const pump = () => {
      while (sent < 200 && res.write(chunk)) sent++;
      if (sent < 200) res.once("drain", pump);
      else res.end();
    };
    res.on("error", () => undefined);
    pump();
  },
  endless: (_q, res, id) => {
    res.setHeader("Content-Type", "text/event-stream");
    const event = `data: ${JSON.stringify({ jsonrpc: "2.0", id, result: { kind: "status-update", taskId: "t", status: { state: "working" } } })}\n\n`;
    const timer = setInterval(() => res.write(event.repeat(200)), 2);
    res.on("close", () => clearInterval(timer));
  },
  "stream-wrong-id": (_q, res) => {
    res.setHeader("Content-Type", "text/event-stream");
    const result = { kind: "task", id: "t", contextId: "c", status: { state: "completed" } };
    res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id: 1, result })}\n\n`);
  },
  silent: () => undefined,
  // One event, then neither an end nor another word (seen at first sight).
  "silent-after-one": (_q, res, id) => {
    res.setHeader("Content-Type", "text/event-stream");
    const result = { kind: "status-update", taskId: "t", contextId: "c", status: { state: "working" } };
    res.write(`data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`);
  },
  "bad-event": (_q, res, id) => {
    res.setHeader("Content-Type", "text/event-stream");
    res.end(
      `data: {oops\n\ndata: ${JSON.stringify({ jsonrpc: "2.0", id, result: { kind: "task", id: "t", contextId: "c", status: { state: "completed" } } })}\n\n`,
    );
  },
  "control-byte": (_q, res, id) => {
    res.setHeader("Content-Type", "text/event-stream");
    const result = { kind: "task", id: "t", contextId: "c", status: { state: "completed" } };
    const data = JSON.stringify({ jsonrpc: "2.0", id, result });
    res.end(`data: \u0001${data}\n\ndata: \u0001${data}\n\n`);
  },
  // A refusal written as bare JSON under text/event-stream, no "data:" line (seen at first sight).
  "unframed-error": (_q, res, id) => {
    res.setHeader("Content-Type", "text/event-stream");
    res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32001, message: "Task not found" } }));
  },
  // Picks its framing by the Accept header, as an agent seen at first sight does.
  "by-accept": (req, res, id) => {
    const result = { kind: "task", id: "t", contextId: "c", status: { state: "completed" } };
    if ((req.headers.accept ?? "").includes("text/event-stream")) {
      res.setHeader("Content-Type", "text/event-stream");
      res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`);
    } else res.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
  },
};

let server: LoopbackServer;
beforeAll(async () => {
  server = await serve((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const id = (JSON.parse(body) as { id: unknown }).id;
      const name = (req.url ?? "/").slice(1);
      (behaviours[name] ?? ((_q, r) => r.end("{}")))(req, res, id);
    });
  });
});
afterAll(() => server.close());

const call = (name: string, timeoutMs = 1500, method = "message/send") =>
  callJsonRpc({
    url: `${server.url}/${name}`,
    method,
    params: {},
    timeoutMs,
    policy: commandLinePolicy,
    traffic: new TrafficLog(),
  });

describe("the Accept header names one media type per method", () => {
  it("a message/send accepts application/json, a message/stream text/event-stream", async () => {
    expect((await call("by-accept")).kind).toBe("result");
    expect((await call("by-accept", 1500, "message/stream")).kind).toBe("stream");
    expect((await call("by-accept", 1500, "SubscribeToTask")).kind).toBe("stream");
  });
});

describe("a JSON-RPC call to a hostile server", () => {
  it.each([
    ["result-and-error", /both result and error/],
    ["no-jsonrpc", /"jsonrpc" is undefined, not "2.0"/],
    ["truncated", /is not JSON/],
    ["html", /text\/html reply is not JSON/],
    ["deep", /nest|depth/i],
  ])("%s is an invalid reply naming the rule", async (name, reason) => {
    const outcome = await call(name);
    expect(outcome.kind).toBe("invalid");
    if (outcome.kind === "invalid") expect(outcome.reason).toMatch(reason);
  });

  it("a single reply with a foreign id is still read: the exchange ties it to its request", async () => {
    const outcome = await call("wrong-id");
    expect(outcome.kind).toBe("result");
  });

  it("a stream event with a foreign id is still read, and the broken echo is kept for the envelope check", async () => {
    const outcome = await call("stream-wrong-id");
    expect(outcome.kind).toBe("stream");
    if (outcome.kind === "stream") {
      expect(outcome.results).toHaveLength(1);
      expect(outcome.invalid).toEqual([]);
      const first = outcome.items[0];
      expect(first && "foreignId" in first ? first.foreignId : undefined).toMatch(
        /event 1: the response id 1 does not echo/,
      );
    }
  });

  it("an event stream whose body is one bare JSON-RPC response is read as that answer, the missing framing kept", async () => {
    const outcome = await call("unframed-error", 1500, "tasks/resubscribe");
    expect(outcome.kind).toBe("stream");
    if (outcome.kind !== "stream") return;
    expect(outcome.errors).toEqual([{ code: -32001, message: "Task not found" }]);
    expect(outcome.invalid).toEqual([expect.stringMatching(/one JSON-RPC response without SSE framing/)]);
  });

  it("JSON values back to back (RFC 7464 separators) are read as the events they carry", async () => {
    const outcome = await call("json-seq");
    expect(outcome.kind).toBe("stream");
    if (outcome.kind === "stream") {
      expect(outcome.results).toHaveLength(2);
      expect(outcome.http.contentType).toBe("text/plain");
    }
  });

  it("SSE frames under no Content-Type are read as the events they carry (the header is its check's)", async () => {
    const outcome = await call("sse-untyped");
    expect(outcome.kind).toBe("stream");
    if (outcome.kind === "stream") {
      expect(outcome.results).toHaveLength(2);
      expect(outcome.http.contentType).toBe("");
    }
  });

  it("a 200 MB body is cut at the 10 MB cap, named, with memory bounded", async () => {
    const before = process.memoryUsage().rss;
    const outcome = await call("huge", 10_000);
    expect(outcome.kind).toBe("unreachable");
    if (outcome.kind === "unreachable") expect(outcome.error.rule).toBe("cap.body");
    expect(process.memoryUsage().rss - before).toBeLessThan(80 * 1024 * 1024);
  });

  it("an endless stream ends at the event cap or the idle timeout, with what arrived", async () => {
    const outcome = await call("endless", 800);
    expect(outcome.kind).toBe("stream");
    if (outcome.kind === "stream") {
      expect(outcome.results.length).toBeGreaterThan(0);
      expect(outcome.http.streamEnd?.reason).toBe("event-cap");
      expect(outcome.results).toHaveLength(10_000);
    }
  }, 30_000);

  it("a server that never answers is unreachable after the timeout", async () => {
    const outcome = await call("silent", 500);
    expect(outcome.kind).toBe("unreachable");
    if (outcome.kind === "unreachable") expect(outcome.error.rule).toBe("timeout.total");
  });

  it("a silent message stream ends at the owner's quiet limit, a silent subscription at the timeout", async () => {
    const client = new JsonRpcA2AClient(
      { url: `${server.url}/silent-after-one`, binding: "JSONRPC", generation: "0.3" },
      {
        headers: {},
        timeoutMs: 500,
        messageStreamQuietMs: () => 40,
        policy: commandLinePolicy,
        traffic: new TrafficLog(),
      },
    );
    const streamed = await client.stream({ text: "hi" });
    expect(streamed.end).toEqual({ reason: "idle-timeout", message: "no event for 40 ms" });
    expect(streamed.events).toHaveLength(1);
    const subscribed = await client.subscribe("t");
    expect(subscribed.end).toEqual({ reason: "idle-timeout", message: "no event for 500 ms" });
  });

  it("an unreadable stream event is reported while the readable ones still count", async () => {
    const client = new JsonRpcA2AClient(
      { url: `${server.url}/bad-event`, binding: "JSONRPC", generation: "0.3" },
      { headers: {}, timeoutMs: 1500, policy: commandLinePolicy, traffic: new TrafficLog() },
    );
    const stream = await client.stream({ text: "hi" });
    expect(stream.invalidEvents).toHaveLength(1);
    expect(stream.events).toHaveLength(1);
  });

  it("events whose data lines start with an invisible control byte are named, the byte shown escaped", async () => {
    const client = new JsonRpcA2AClient(
      { url: `${server.url}/control-byte`, binding: "JSONRPC", generation: "0.3" },
      { headers: {}, timeoutMs: 1500, policy: commandLinePolicy, traffic: new TrafficLog() },
    );
    const stream = await client.stream({ text: "hi" });
    expect(stream.events).toHaveLength(0);
    expect(stream.invalidEvents).toHaveLength(2);
    expect(stream.invalidEvents[0]).toMatch(
      /^event 1: its data line "\\x01\{"jsonrpc":"2\.0".*" is not JSON/,
    );
    expect(stream.invalidEvents[0]).not.toContain("\u0001");
  });
});

import { createParser } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import { SseParser, sseDataInBody } from "./sse-parser.js";
import type { SseEvent } from "./sse-parser.js";

function parse(chunks: string[], options: { end?: boolean } = {}): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = new SseParser((e) => events.push(e));
  for (const chunk of chunks) parser.feed(chunk);
  if (options.end !== false) parser.end();
  return events;
}

// A recorded A2A streaming reply, with the awkward parts of the format mixed in.
const RECORDED = [
  ": keep-alive comment\n",
  'id: 1\nevent: status-update\ndata: {"kind":"status-update","status":{"state":"working"}}\n\n',
  'data:{"kind":"artifact-update",\ndata: "text":"héllo – 世界 😀"}\n\n',
  "retry: 2500\nid: 3\ndata: third\n\n",
  "event: ignored-no-data\n\n",
  "data\n\n",
  'data: {"kind":"status-update","final":true}\nunknown: field\n\n',
  "data: last one\n\n",
].join("");

const EXPECTED: SseEvent[] = [
  { id: "1", event: "status-update", data: '{"kind":"status-update","status":{"state":"working"}}' },
  { data: '{"kind":"artifact-update",\n"text":"héllo – 世界 😀"}' },
  { id: "3", retry: 2500, data: "third" },
  { data: "" },
  { data: '{"kind":"status-update","final":true}' },
  { data: "last one" },
];

describe("SseParser", () => {
  it("parses a recorded stream fed in one piece", () => {
    expect(parse([RECORDED])).toEqual(EXPECTED);
  });

  it("gives identical events for every two-way split of the stream", () => {
    for (let i = 0; i <= RECORDED.length; i++) {
      expect(parse([RECORDED.slice(0, i), RECORDED.slice(i)]), `split at ${i}`).toEqual(EXPECTED);
    }
  });

  it("gives identical events for three-way splits and one character at a time", () => {
    for (let i = 0; i <= RECORDED.length; i += 3) {
      for (let j = i; j <= RECORDED.length; j += 7) {
        const chunks = [RECORDED.slice(0, i), RECORDED.slice(i, j), RECORDED.slice(j)];
        expect(parse(chunks), `split at ${i},${j}`).toEqual(EXPECTED);
      }
    }
    expect(parse([...RECORDED])).toEqual(EXPECTED);
  });

  it("accepts CRLF and bare CR line ends, split anywhere", () => {
    for (const eol of ["\r\n", "\r"]) {
      const text = RECORDED.replace(/\n/g, eol);
      expect(parse([text]), JSON.stringify(eol)).toEqual(EXPECTED);
      for (let i = 0; i <= text.length; i++) {
        expect(parse([text.slice(0, i), text.slice(i)]), `${JSON.stringify(eol)} at ${i}`).toEqual(EXPECTED);
      }
    }
  });

  it("counts a CR ending one chunk and an LF starting the next as one line end", () => {
    expect(parse(["data: a\r", "\ndata: b\r\n\r", "\n"])).toEqual([{ data: "a\nb" }]);
  });

  it("treats a CR followed by a later LF as two line ends", () => {
    expect(parse(["data: a\r", "data: b\n\n"])).toEqual([{ data: "a\nb" }]);
  });

  it("mixes line-end styles in one stream", () => {
    expect(parse(["data: a\r\ndata: b\rdata: c\n\r\n"])).toEqual([{ data: "a\nb\nc" }]);
  });

  it("ignores comment lines and reports them to onComment", () => {
    const comments: string[] = [];
    const events: SseEvent[] = [];
    const parser = new SseParser((e) => events.push(e), { onComment: (c) => comments.push(c) });
    parser.feed(": ping\n:no-space\ndata: x\n: between\n\n");
    expect(events).toEqual([{ data: "x" }]);
    expect(comments).toEqual(["ping", "no-space", "between"]);
  });

  it("removes exactly one space after the colon", () => {
    expect(parse(["data:  two spaces\n\ndata:none\n\n"])).toEqual([
      { data: " two spaces" },
      { data: "none" },
    ]);
  });

  it("does not dispatch a block without data, and forgets its event type", () => {
    expect(parse(["event: a\n\nid: 7\n\ndata: x\n\n"])).toEqual([{ data: "x" }]);
  });

  it("keeps the last event id across events while reporting id only on the event that set it", () => {
    const events: SseEvent[] = [];
    const parser = new SseParser((e) => events.push(e));
    parser.feed("id: 9\ndata: a\n\ndata: b\n\nid\ndata: c\n\n");
    expect(events).toEqual([{ id: "9", data: "a" }, { data: "b" }, { id: "", data: "c" }]);
    expect(parser.lastEventId).toBe("");
  });

  it("ignores an id containing NUL and a retry that is not all digits", () => {
    const retries: number[] = [];
    const events: SseEvent[] = [];
    const parser = new SseParser((e) => events.push(e), { onRetry: (ms) => retries.push(ms) });
    parser.feed("id: a\0b\nretry: 10s\ndata: x\n\nretry: 300\n\n");
    expect(events).toEqual([{ data: "x" }]);
    expect(retries).toEqual([300]);
    expect(parser.lastEventId).toBe("");
  });

  it("strips a byte-order mark at the start of the stream only", () => {
    expect(parse(["\uFEFFdata: a\n\n", "\uFEFFdata: b\n\n"])).toEqual([{ data: "a" }]);
  });

  it("dispatches a final event without a blank line on end(), marked unterminated", () => {
    expect(parse(["data: a\n\ndata: partial"])).toEqual([
      { data: "a" },
      { data: "partial", unterminated: true },
    ]);
    expect(parse(["data: a\n\ndata: b\n"])).toEqual([{ data: "a" }, { data: "b", unterminated: true }]);
    expect(parse(["data: a\n\ndata: partial"], { end: false })).toEqual([{ data: "a" }]);
  });

  it("handles a long line arriving in many small chunks", () => {
    const long = "x".repeat(200_000);
    const chunks: string[] = ["data: "];
    for (let i = 0; i < long.length; i += 100) chunks.push(long.slice(i, i + 100));
    chunks.push("\n\n");
    expect(parse(chunks)).toEqual([{ data: long }]);
  });

  it("agrees with eventsource-parser on the recorded stream", () => {
    const theirs: SseEvent[] = [];
    const parser = createParser({
      onEvent: (e) =>
        theirs.push({ data: e.data, ...(e.event ? { event: e.event } : {}), ...(e.id ? { id: e.id } : {}) }),
    });
    parser.feed(RECORDED);
    const ours = parse([RECORDED]).map(({ retry: _retry, ...rest }) => rest);
    expect(ours).toEqual(theirs);
  });
});

describe("sseDataInBody", () => {
  it("reads a whole body of SSE frames as the data of its events, a last one that is no JSON too", () => {
    expect(sseDataInBody('data: {"a":1}\n\nevent: x\ndata: {"b":2}\n\n')).toEqual(['{"a":1}', '{"b":2}']);
    expect(sseDataInBody("data: {}\n\ndata: [DONE]\n\n")).toEqual(["{}", "[DONE]"]);
  });

  it("takes nothing that is no event stream of JSON: a JSON body, a page, an event that is not JSON", () => {
    expect(sseDataInBody('{"jsonrpc":"2.0"}')).toBeUndefined();
    expect(sseDataInBody("<html>data: {}</html>")).toBeUndefined();
    expect(sseDataInBody("data: [DONE]\n\ndata: {}\n\n")).toBeUndefined();
    expect(sseDataInBody("")).toBeUndefined();
  });
});

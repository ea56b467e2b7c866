import { describe, expect, it } from "vitest";
import { keepAliveMs, parseHead } from "./http1-response-head.js";
import type { NameMemo, ParsedHead } from "./http1-response-head.js";

const parse = (text: string, names: NameMemo = []) => parseHead(text, names);
const framingOf = (text: string) => {
  const head = parse(text) as ParsedHead;
  return [head.framing, head.length, head.response.keepAlive];
};

describe("parseHead", () => {
  it("says how the body is framed, as RFC 9112 section 6.3 orders the rules", () => {
    expect(framingOf("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n")).toEqual(["sized", 5, true]);
    expect(
      framingOf("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\nContent-Length: 5\r\n\r\n"),
    ).toEqual(["chunked", 0, true]);
    expect(framingOf("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n")).toEqual(["close", 0, true]);
    expect(framingOf("HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n")).toEqual(["none", 0, true]);
    expect(framingOf("HTTP/1.1 101 Switching Protocols\r\n\r\n")).toEqual(["none", 0, false]);
    expect((parse("HTTP/1.1 103 Early Hints\r\n\r\n") as ParsedHead).interim).toBe(true);
  });

  it("remembers the names of the last head by position, and reads a changed name anew", () => {
    const names: NameMemo = [];
    parse("HTTP/1.1 200 OK\r\nContent-Type: a\r\nX-One: 1\r\n\r\n", names);
    expect(names.map((n) => n.lower)).toEqual(["content-type", "x-one"]);
    const again = parse("HTTP/1.1 200 OK\r\nContent-Type: b\r\nX-Two: 2\r\n\r\n", names) as ParsedHead;
    expect(again.response.headers).toEqual({ "content-type": "b", "x-two": "2" });
    expect(names.map((n) => n.lower)).toEqual(["content-type", "x-two"]);
  });

  it("reads the server's keep-alive timeout in ms", () => {
    expect(keepAliveMs({ "keep-alive": "timeout=5, max=100" })).toBe(5000);
    expect(keepAliveMs({ "keep-alive": "max=100" })).toBeUndefined();
    expect(keepAliveMs({})).toBeUndefined();
  });
});

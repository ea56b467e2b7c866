import { describe, expect, it } from "vitest";
import { MAX_HEAD_BYTES, ResponseReader } from "./http1-response.js";
import type { ResponseHead } from "./http1-response-head.js";

interface Read {
  heads: ResponseHead[];
  body: string;
  completed: number;
  trailing: boolean[];
  error?: string;
}

/** Feeds `pieces` to a fresh reader (then the connection's end, when `close`), collecting what it reports. */
function readAll(pieces: (string | Buffer)[], opts: { close?: boolean; noBody?: boolean } = {}): Read {
  const out: Read = { heads: [], body: "", completed: 0, trailing: [] };
  const reader = new ResponseReader({
    onHead: (head) => {
      out.heads.push(head);
      return opts.noBody ?? false;
    },
    onBody: (chunk) => {
      out.body += chunk.toString("latin1");
    },
    onComplete: (trailing) => {
      out.completed += 1;
      out.trailing.push(trailing);
    },
  });
  for (const piece of pieces) {
    const error = reader.read(typeof piece === "string" ? Buffer.from(piece, "latin1") : piece);
    if (error) {
      out.error = error.message;
      return out;
    }
  }
  if (opts.close) {
    const error = reader.end();
    if (error) out.error = error.message;
  }
  return out;
}

/** Every way of cutting `text` in two, plus one byte at a time. */
function splits(text: string): string[][] {
  const all = [[text], text.split("")];
  for (let at = 1; at < text.length; at++) all.push([text.slice(0, at), text.slice(at)]);
  return all;
}

describe("ResponseReader: framing", () => {
  it("reads a Content-Length body the same however the bytes are split", () => {
    const text = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}';
    for (const pieces of splits(text)) {
      const read = readAll(pieces);
      expect(read.error).toBeUndefined();
      expect(read.body).toBe('{"ok":true}');
      expect(read.completed).toBe(1);
      expect(read.heads[0]).toEqual({
        status: 200,
        headers: { "content-type": "application/json", "content-length": "11" },
        keepAlive: true,
      });
    }
  });

  it("reads a chunked body with extensions and trailers the same however the bytes are split", () => {
    const text =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n" +
      "4;name=value\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\n\r\n";
    for (const pieces of splits(text)) {
      const read = readAll(pieces);
      expect(read.error).toBeUndefined();
      expect(read.body).toBe("Wikipedia in\r\n\r\nchunks.");
      expect(read.completed).toBe(1);
      expect(read.heads[0]?.headers).not.toHaveProperty("expires");
    }
  });

  it("reads a body up to the connection's end, and never keeps such a connection", () => {
    const read = readAll(["HTTP/1.1 200 OK\r\nX-Kind: raw\r\n\r\nuntil ", "the end"], { close: true });
    expect(read.body).toBe("until the end");
    expect(read.completed).toBe(1);
    expect(read.heads[0]?.keepAlive).toBe(true);
    const reader = new ResponseReader({ onHead: () => false, onBody: () => {}, onComplete: () => {} });
    reader.read(Buffer.from("HTTP/1.1 200 OK\r\n\r\nbody"));
    expect(reader.keepAlive).toBe(false);
  });

  it("skips 1xx answers before the response, and reads no body after 204, 304 or a HEAD", () => {
    const early = readAll([
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi",
    ]);
    expect(early.heads.map((h) => h.status)).toEqual([200]);
    expect(early.body).toBe("hi");
    for (const status of ["204 No Content", "304 Not Modified"]) {
      const read = readAll([`HTTP/1.1 ${status}\r\nContent-Length: 5\r\n\r\n`]);
      expect(read).toMatchObject({ body: "", completed: 1 });
    }
    const head = readAll(["HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"], { noBody: true });
    expect(head).toMatchObject({ body: "", completed: 1, trailing: [false] });
  });

  it("reads the next response after one completes, and flags bytes that came after a response unasked", () => {
    const out: string[] = [];
    const trailing: boolean[] = [];
    const reader = new ResponseReader({
      onHead: () => false,
      onBody: (chunk) => out.push(chunk.toString()),
      onComplete: (t) => trailing.push(t),
    });
    const reply = "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n";
    expect(reader.read(Buffer.from(`${reply}a`))).toBeUndefined();
    expect(reader.read(Buffer.from(`${reply}b${reply}c`))).toBeUndefined();
    expect(out).toEqual(["a", "b"]);
    expect(trailing).toEqual([false, true]);
  });

  it("reads only up to the end it is given, and marks the piece that ends a sized body", () => {
    const pieces: [string, boolean][] = [];
    let completed = 0;
    const reader = new ResponseReader({
      onHead: () => false,
      onBody: (chunk, last) => pieces.push([chunk.toString(), last]),
      onComplete: () => (completed += 1),
    });
    const shared = Buffer.alloc(256, "#");
    const first = "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nabc";
    shared.write(first);
    expect(reader.read(shared, first.length)).toBeUndefined();
    shared.write("def\n\n\n");
    expect(reader.read(shared, 3)).toBeUndefined();
    expect(pieces).toEqual([
      ["abc", false],
      ["def", true],
    ]);
    expect(completed).toBe(1);
  });

  it("prefers chunked over a Content-Length sent with it, and does not keep that connection", () => {
    const reader = new ResponseReader({ onHead: () => false, onBody: () => {}, onComplete: () => {} });
    const text =
      "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n";
    expect(reader.read(Buffer.from(text))).toBeUndefined();
    expect(reader.busy).toBe(false);
    expect(reader.keepAlive).toBe(false);
  });
});

describe("ResponseReader: headers", () => {
  it("decides keep-alive by version and Connection", () => {
    const keep = (head: string) => readAll([`${head}\r\nContent-Length: 0\r\n\r\n`]).heads[0]?.keepAlive;
    expect(keep("HTTP/1.1 200 OK")).toBe(true);
    expect(keep("HTTP/1.1 200 OK\r\nConnection: close")).toBe(false);
    expect(keep("HTTP/1.1 200 OK\r\nConnection: Close")).toBe(false);
    expect(keep("HTTP/1.1 200 OK\r\nConnection: upgrade, close")).toBe(false);
    expect(keep("HTTP/1.0 200 OK")).toBe(false);
    expect(keep("HTTP/1.0 200 OK\r\nConnection: keep-alive")).toBe(true);
    expect(keep("HTTP/1.0 200 OK\r\nConnection: Keep-Alive")).toBe(true);
  });

  it("joins repeated headers, keeps the first Content-Type, unfolds obs-fold, and takes bare LF line ends", () => {
    const read = readAll([
      "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Type: text/html\nVary: a\r\nVary: b\r\n" +
        "X-Folded: one\r\n  two\r\nContent-Length: 2\n\n{}",
    ]);
    expect(read.error).toBeUndefined();
    expect(read.heads[0]?.headers).toMatchObject({
      "content-type": "application/json",
      vary: "a, b",
      "x-folded": "one two",
    });
    expect(read.body).toBe("{}");
  });

  it("reads a head that arrives a byte at a time", () => {
    const filler = Array.from({ length: 500 }, (_, i) => `X-Filler-${i}: ${"x".repeat(60)}\r\n`).join("");
    const read = readAll([...`HTTP/1.1 200 OK\r\n${filler}Content-Length: 2\r\n\r\nok`]);
    expect(read.error).toBeUndefined();
    expect(read.body).toBe("ok");
    expect(Object.keys(read.heads[0]?.headers ?? {})).toHaveLength(501);
  });
});

describe("ResponseReader: a repeated head", () => {
  it("reads a head identical to the last one the same way, and one that differs in any byte anew", () => {
    const heads: ResponseHead[] = [];
    const bodies: string[] = [];
    const reader = new ResponseReader({
      onHead: (head) => (heads.push(head), false),
      onBody: (chunk) => bodies.push(chunk.toString()),
      onComplete: () => {},
    });
    const reply = (length: number, type = "application/json") =>
      Buffer.from(
        `HTTP/1.1 200 OK\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n${"x".repeat(length)}`,
      );
    for (const bytes of [reply(2), reply(2), reply(3), reply(3, "text/plain"), reply(3, "text/plain")])
      expect(reader.read(bytes)).toBeUndefined();
    expect(bodies).toEqual(["xx", "xx", "xxx", "xxx", "xxx"]);
    expect(heads.map((h) => [h.headers["content-type"], h.headers["content-length"]])).toEqual([
      ["application/json", "2"],
      ["application/json", "2"],
      ["application/json", "3"],
      ["text/plain", "3"],
      ["text/plain", "3"],
    ]);
    // The same bytes give the same head, shared (nothing changes a head in place).
    expect(heads[1]).toBe(heads[0]);
    expect(heads[2]).not.toBe(heads[1]);
  });

  it("still cuts off interim answers and reads framing when heads repeat", () => {
    const reader = new ResponseReader({ onHead: () => false, onBody: () => {}, onComplete: () => {} });
    const chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n\r\n";
    expect(reader.read(Buffer.from(chunked))).toBeUndefined();
    expect(reader.read(Buffer.from(chunked))).toBeUndefined();
    expect(reader.busy).toBe(false);
    const interim = "HTTP/1.1 100 Continue\r\n\r\n".repeat(17);
    expect(reader.read(Buffer.from(interim))?.message).toMatch(/more than 16 interim/);
  });
});

describe("ResponseReader: refusals", () => {
  const refused = (pieces: string[], reason: RegExp, close = false) =>
    expect(readAll(pieces, { close }).error).toMatch(reason);

  it("refuses what is not an HTTP/1.x response", () => {
    refused(["SSH-2.0-OpenSSH\r\n\r\n"], /not an HTTP\/1.x status line/);
    refused(["HTTP/2 200\r\n\r\n"], /not an HTTP\/1.x status line/);
    refused(["HTTP/1.1 20 OK\r\n\r\n"], /not an HTTP\/1.x status line/);
  });

  it("refuses header lines that break the grammar or carry dangerous bytes", () => {
    refused(["HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n"], /not a header line/);
    refused(["HTTP/1.1 200 OK\r\nno colon here\r\n\r\n"], /not a header line/);
    refused(["HTTP/1.1 200 OK\r\n folded-first: x\r\n\r\n"], /starts with whitespace/);
    refused(["HTTP/1.1 200 OK\r\nX-A: a\rb\r\n\r\n"], /"x-a" holds a CR/);
    refused(["HTTP/1.1 200 OK\r\nX-A: a\0b\r\n\r\n"], /NUL byte/);
  });

  it("refuses Content-Length copies that are not numbers or disagree", () => {
    refused(["HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n"], /invalid Content-Length/);
    refused(["HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n"], /differing/);
    expect(readAll(["HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\nok"]).body).toBe("ok");
  });

  it("refuses a broken chunked body", () => {
    refused(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"], /invalid chunk size/);
    refused(
      ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n"],
      /not followed by a line end/,
    );
    refused(
      ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;", "x".repeat(5000)],
      /chunked body passed/,
    );
  });

  it("refuses a head past the cap, whole or a byte at a time", () => {
    const huge = `HTTP/1.1 200 OK\r\nX-Big: ${"x".repeat(MAX_HEAD_BYTES)}\r\n\r\n`;
    refused([huge], /head passed/);
    refused([...huge.slice(0, MAX_HEAD_BYTES + 10)], /head passed/);
  });

  it("cuts off an endless run of interim responses", () => {
    refused(
      [...("HTTP/1.1 100 Continue\r\n\r\n".repeat(17).match(/.{1,64}/gs) ?? [])],
      /more than 16 interim/,
    );
    expect(
      readAll(["HTTP/1.1 100 Continue\r\n\r\n".repeat(16) + "HTTP/1.1 204 No Content\r\n\r\n"]).completed,
    ).toBe(1);
  });

  it("says what the connection's end cut short, and stays failed after a refusal", () => {
    refused(["HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this"], /closed early/, true);
    refused(["HTTP/1.1 200 OK\r\nCont"], /closed early/, true);
    refused(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab"], /closed early/, true);
    const reader = new ResponseReader({ onHead: () => false, onBody: () => {}, onComplete: () => {} });
    expect(reader.read(Buffer.from("nonsense\r\n\r\n"))).toBeInstanceOf(Error);
    expect(reader.read(Buffer.from("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"))).toBeInstanceOf(Error);
  });
});

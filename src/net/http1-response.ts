/**
 * Reads HTTP/1.x responses from a connection's bytes (RFC 9112): finds where each head ends (its lines are
 * read in http1-response-head.ts), then the body as the message framing says (RFC 9112 section 6.3):
 * chunked, a Content-Length, or everything up to the connection's end. Written for Plainwright's engine (http1.ts) rather than taken from a general
 * parser because a load run reads one small response per request and a general parser's objects cost as
 * much as the rest of the exchange; the rules are the RFC's, and anything it calls invalid is refused.
 */

import { parseHead } from "./http1-response-head.js";
import type { NameMemo, ParsedHead, ResponseHead } from "./http1-response-head.js";

export interface ResponseEvents {
  /** The final response's head (1xx interim answers are skipped). True when it has no body whatever its headers say (a reply to HEAD). */
  onHead(head: ResponseHead): boolean;
  /**
   * A piece of the body: a view of the bytes given to `read`, valid only until the call returns, or,
   * when `last`, until onComplete (which follows within the same `read`) has returned.
   */
  onBody(chunk: Buffer, last: boolean): void;
  /** The response is complete; `trailing` says bytes followed it in the same read (nothing asked for them). */
  onComplete(trailing: boolean): void;
}

/** The most bytes a head (status line and headers, or a chunked body's trailers) may take, as node:http allows. */
export const MAX_HEAD_BYTES = 80 * 1024;
/** The most 1xx answers one response may be preceded by (RFC 9110 §15.2 sets no number; a real server sends one or two). */
const MAX_INTERIM_RESPONSES = 16;
/** A head longer than this is not remembered for the next response to repeat (see ResponseReader.#headAt). */
const MAX_REMEMBERED_HEAD_BYTES = 4096;
/** The most bytes one chunk-size line may take, extensions included. */
const MAX_CHUNK_LINE_BYTES = 4 * 1024;

const LF = 0x0a;
const CR = 0x0d;

const CHUNK_SIZE = /^([0-9A-Fa-f]{1,13})[ \t]*(?:;.*)?$/;

const enum State {
  Head,
  Sized,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailers,
  UntilClose,
  Done,
  Failed,
}

/**
 * One connection's response reader: `read` takes bytes as they arrive, in any split, and calls the
 * events; `end` says the connection closed. A malformed response is returned as an Error and the
 * reader stays failed. After a response completes, the next `read` starts the next response.
 */
export class ResponseReader {
  readonly #events: ResponseEvents;
  #state = State.Done;
  /** Bytes of a head or line not yet complete, kept across reads; #resumeAt is where its last, unfinished line starts. */
  readonly #carry = new Carry();
  readonly #names: NameMemo = [];
  /** The last final head read, as bytes and as read. */
  #last: { bytes: Buffer; head: ParsedHead } | undefined;
  #resumeAt = 0;
  #remaining = 0;
  #trailerBytes = 0;
  /** Interim responses read since the last final one. */
  #interim = 0;
  #keepAlive = true;
  /** Where the bytes of the current `read` end. */
  #end = 0;

  constructor(events: ResponseEvents) {
    this.#events = events;
  }

  /** Reads `bytes` up to `end`; an Error when they break HTTP/1.x, after which the connection cannot be used. */
  read(bytes: Buffer, end = bytes.length): Error | undefined {
    if (this.#state === State.Failed) return new Error("the response was already unreadable");
    if (this.#state === State.Done) this.#state = State.Head;
    this.#end = end;
    let at = 0;
    while (at < end) {
      const next = this.#step(bytes, at);
      if (typeof next === "string") {
        this.#state = State.Failed;
        this.#carry.clear();
        return new Error(next);
      }
      if (next < 0) return undefined; // the rest is kept until more bytes come
      at = next;
      if (this.#complete()) {
        this.#events.onComplete(at < end);
        return undefined;
      }
    }
    return undefined;
  }

  // A method, not an inline test: the compiler cannot see that #step changes the state.
  #complete(): boolean {
    return this.#state === State.Done;
  }

  /** The connection ended: completes a body delimited by it, or says what was cut short. */
  end(): Error | undefined {
    if (this.#state === State.UntilClose) {
      this.#state = State.Done;
      this.#events.onComplete(false);
      return undefined;
    }
    if (this.#state === State.Done || this.#state === State.Failed) return undefined;
    this.#state = State.Failed;
    return new Error("connection closed early");
  }

  /** Whether a response is partly read (a connection closing now cuts it short). */
  get busy(): boolean {
    return this.#state !== State.Done && this.#state !== State.Failed;
  }

  /** One step from `at`: where reading goes on, -1 when more bytes are needed, or why the bytes are invalid. */
  #step(bytes: Buffer, at: number): number | string {
    switch (this.#state) {
      case State.Head:
        return this.#readHead(bytes, at);
      case State.Sized:
      case State.ChunkData:
        return this.#readBody(bytes, at);
      case State.UntilClose:
        this.#events.onBody(bytes.subarray(at, this.#end), false);
        return this.#end;
      case State.ChunkSize:
      case State.ChunkEnd:
      case State.Trailers:
        return this.#readChunkLine(bytes, at);
      default:
        return this.#end;
    }
  }

  #readHead(bytes: Buffer, at: number): number | string {
    const carry = this.#carry;
    if (carry.length === 0) {
      // The usual case: the whole head came in one read.
      const end = headEnd(bytes, at, at, this.#end);
      if (end >= 0) return this.#headAt(bytes, at, end) ?? end;
      if (this.#end - at > MAX_HEAD_BYTES) return `the response head passed ${MAX_HEAD_BYTES} bytes`;
      carry.append(bytes, at, this.#end);
      this.#resumeAt = -1 - end - at;
      return -1;
    }
    const before = carry.length;
    carry.append(bytes, at, this.#end);
    const all = carry.view();
    const end = headEnd(all, 0, this.#resumeAt, all.length);
    if (end < 0) {
      if (all.length > MAX_HEAD_BYTES) return `the response head passed ${MAX_HEAD_BYTES} bytes`;
      this.#resumeAt = -1 - end;
      return -1;
    }
    const problem = this.#headAt(all, 0, end);
    carry.clear();
    // The carried bytes held no blank line, so the head ends inside this read.
    return problem ?? at + (end - before);
  }

  /** Reads the head in `buffer` from `start` to `end`, within the size cap. */
  #headAt(buffer: Buffer, start: number, end: number): string | undefined {
    if (end - start > MAX_HEAD_BYTES) return `the response head passed ${MAX_HEAD_BYTES} bytes`;
    const last = this.#last;
    // An agent under load repeats its head byte for byte; what those bytes say was read already.
    if (
      last?.bytes.length === end - start &&
      buffer.compare(last.bytes, 0, last.bytes.length, start, end) === 0
    )
      return this.#begin(last.head);
    const head = parseHead(buffer.toString("latin1", start, end), this.#names);
    if (typeof head === "string") return head;
    if (!head.interim && end - start <= MAX_REMEMBERED_HEAD_BYTES)
      this.#last = { bytes: Buffer.from(buffer.subarray(start, end)), head };
    return this.#begin(head);
  }

  /** Starts the response a head announced (or skips an interim one); the state then says what follows it. */
  #begin(head: ParsedHead): string | undefined {
    if (head.interim) {
      // An agent that answers with interim responses without end is cut off rather than read until the timeout.
      if (++this.#interim > MAX_INTERIM_RESPONSES)
        return `more than ${MAX_INTERIM_RESPONSES} interim (1xx) responses before the response`;
      this.#state = State.Head;
      return undefined;
    }
    this.#interim = 0;
    const noBody = this.#events.onHead(head.response);
    this.#keepAlive = head.response.keepAlive;
    if (noBody || head.framing === "none") {
      this.#state = State.Done;
      return undefined;
    }
    if (head.framing === "chunked") {
      // Both framings sent: the connection is never trusted again.
      if (head.hasLength) this.#keepAlive = false;
      this.#state = State.ChunkSize;
    } else if (head.framing === "sized") {
      this.#remaining = head.length;
      this.#state = head.length === 0 ? State.Done : State.Sized;
    } else {
      this.#keepAlive = false;
      this.#state = State.UntilClose;
    }
    return undefined;
  }

  /** Whether the connection may carry another request after the response read last. */
  get keepAlive(): boolean {
    return this.#keepAlive;
  }

  #readBody(bytes: Buffer, at: number): number {
    const take = Math.min(this.#end - at, this.#remaining);
    this.#remaining -= take;
    // A sized body's last piece: its response completes before this read returns.
    const last = this.#remaining === 0 && this.#state === State.Sized;
    this.#events.onBody(bytes.subarray(at, at + take), last);
    if (this.#remaining === 0) {
      if (this.#state === State.Sized) this.#state = State.Done;
      else this.#state = State.ChunkEnd;
    }
    return at + take;
  }

  /** A line of the chunked framing: a chunk's size, the line end after its data, or a trailer. */
  #readChunkLine(bytes: Buffer, at: number): number | string {
    const found = bytes.indexOf(LF, at);
    const lf = found < this.#end ? found : -1;
    const carry = this.#carry;
    const limit = this.#state === State.Trailers ? MAX_HEAD_BYTES - this.#trailerBytes : MAX_CHUNK_LINE_BYTES;
    if (lf < 0) {
      if (carry.length + this.#end - at > limit) return `a line of the chunked body passed ${limit} bytes`;
      carry.append(bytes, at, this.#end);
      return -1;
    }
    let line = bytes.toString("latin1", at, lf);
    if (carry.length > 0) {
      line = carry.view().toString("latin1") + line;
      carry.clear();
    }
    if (line.length > limit) return `a line of the chunked body passed ${limit} bytes`;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    return this.#chunkLine(line) ?? lf + 1;
  }

  #chunkLine(line: string): string | undefined {
    if (this.#state === State.ChunkEnd) {
      if (line !== "") return "a chunk's data is not followed by a line end";
      this.#state = State.ChunkSize;
      return undefined;
    }
    if (this.#state === State.Trailers) {
      // Trailer fields are read past, not merged into the headers (RFC 9110 section 6.5.1 lets a recipient discard them).
      this.#trailerBytes += line.length + 2;
      if (line === "") this.#state = State.Done;
      return undefined;
    }
    const match = CHUNK_SIZE.exec(line);
    if (!match) return `invalid chunk size line ${JSON.stringify(line.slice(0, 40))}`;
    const size = parseInt(match[1] as string, 16);
    if (size === 0) {
      this.#trailerBytes = 0;
      this.#state = State.Trailers;
      return undefined;
    }
    this.#remaining = size;
    this.#state = State.ChunkData;
    return undefined;
  }
}

/**
 * The index just past the blank line ending the head that starts at `start`, scanning lines from
 * `scanFrom`; when it has not come yet, -1 - (where the last, unfinished line starts), to resume from there.
 */
function headEnd(buffer: Buffer, start: number, scanFrom: number, end: number): number {
  let lineStart = scanFrom;
  for (;;) {
    const lf = buffer.indexOf(LF, lineStart);
    if (lf < 0 || lf >= end) return -1 - lineStart;
    // A line holding nothing but its end (CRLF or LF) ends the head; the status line never counts.
    const empty = lf === lineStart || (lf === lineStart + 1 && buffer[lineStart] === CR);
    if (empty && lineStart > start) return lf + 1;
    lineStart = lf + 1;
  }
}

/**
 * Bytes kept across reads, in a buffer grown by doubling: an agent that sends its head a byte at a time
 * costs linear time, not a copy of everything so far on every read.
 */
class Carry {
  #buffer = Buffer.alloc(0);
  length = 0;

  append(bytes: Buffer, from: number, to: number): void {
    const size = to - from;
    if (this.length + size > this.#buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(256, 2 * (this.length + size)));
      this.#buffer.copy(grown, 0, 0, this.length);
      this.#buffer = grown;
    }
    bytes.copy(this.#buffer, this.length, from, to);
    this.length += size;
  }

  view(): Buffer {
    return this.#buffer.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
    // A large head's buffer is not kept for the life of the connection.
    if (this.#buffer.length > 4096) this.#buffer = Buffer.alloc(0);
  }
}

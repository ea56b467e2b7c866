import { tryParseJson } from "./json.js";

/** One dispatched Server-Sent Event. */
export interface SseEvent {
  data: string;
  /** The `event:` field of this event, absent when it had none (the spec's default type is "message"). */
  event?: string;
  /** The `id:` field of this event, absent when this event did not set one (see `lastEventId`). */
  id?: string;
  /** A valid `retry:` field seen in this event's block, in ms. */
  retry?: number;
  /** Set on an event that `end()` dispatched although no blank line terminated it. */
  unterminated?: true;
}

export interface SseParserOptions {
  onRetry?: (ms: number) => void;
  onComment?: (text: string) => void;
}

const LF = 0x0a;
const COLON = 0x3a;
const SPACE = 0x20;
const BOM = 0xfeff;
const UNKNOWN = -2;

/**
 * An incremental parser for the WHATWG `text/event-stream` format
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
 *
 * One deliberate departure: the spec discards an event that the stream ends in the middle of; a
 * tester must report what arrived, so `end()` dispatches it with `unterminated: true`.
 */
export class SseParser {
  /** The last `id:` value seen, persisting across events as the spec's last event ID buffer does. */
  lastEventId = "";
  readonly #onEvent: (event: SseEvent) => void;
  readonly #options: SseParserOptions;
  /** An incomplete line carried over from earlier chunks; it never contains a line end. */
  #pending = "";
  /** The previous chunk ended in CR, so an LF starting the next chunk belongs to that line end. */
  #skipLf = false;
  #atStreamStart = true;
  #data: string | undefined;
  #event: string | undefined;
  #id: string | undefined;
  #retry: number | undefined;
  /** Cached position of the next colon in the current text (-1: none left); see #line. */
  #colon = UNKNOWN;

  constructor(onEvent: (event: SseEvent) => void, options: SseParserOptions = {}) {
    this.#onEvent = onEvent;
    this.#options = options;
  }

  /** Parses the next piece of the stream; events complete in it are dispatched before it returns. */
  feed(chunk: string): void {
    let start = 0;
    if (this.#skipLf) {
      this.#skipLf = false;
      if (chunk.charCodeAt(0) === LF) start = 1;
    }
    if (this.#atStreamStart && start < chunk.length) {
      this.#atStreamStart = false;
      if (chunk.charCodeAt(start) === BOM) start++;
    }
    if (start >= chunk.length) return;
    if (this.#pending === "") {
      this.#scan(chunk, start, start);
    } else {
      const text = this.#pending + (start === 0 ? chunk : chunk.slice(start));
      // The carried-over part holds no line end, so scanning resumes where the new chunk begins.
      this.#scan(text, 0, this.#pending.length);
    }
  }

  /** Ends the stream: a last line and a last event without their terminators are still delivered. */
  end(): void {
    if (this.#pending !== "") {
      const line = this.#pending;
      this.#pending = "";
      this.#colon = UNKNOWN;
      this.#line(line, 0, line.length);
    }
    if (this.#data !== undefined) this.#dispatch(true);
    this.#resetEvent();
    this.#skipLf = false;
    this.#atStreamStart = true;
  }

  #scan(text: string, lineStart: number, scanFrom: number): void {
    const length = text.length;
    let pos = lineStart;
    // Both searches are cached and only repeated once passed, so a stream without CR costs one scan.
    let lf = text.indexOf("\n", scanFrom);
    let cr = text.indexOf("\r", scanFrom);
    this.#colon = UNKNOWN;
    while (lf !== -1 || cr !== -1) {
      let end: number;
      if (cr === -1 || (lf !== -1 && lf < cr)) {
        end = lf;
        pos = lf + 1;
      } else {
        end = cr;
        if (cr + 1 === length) this.#skipLf = true;
        pos = text.charCodeAt(cr + 1) === LF ? cr + 2 : cr + 1;
      }
      this.#line(text, lineStart, end);
      lineStart = pos;
      if (lf !== -1 && lf < pos) lf = text.indexOf("\n", pos);
      if (cr !== -1 && cr < pos) cr = text.indexOf("\r", pos);
    }
    this.#pending = lineStart < length ? text.slice(lineStart) : "";
  }

  #line(text: string, start: number, end: number): void {
    if (start === end) {
      this.#dispatch(false);
      return;
    }
    if (text.charCodeAt(start) === COLON) {
      this.#options.onComment?.(text.slice(start + (text.charCodeAt(start + 1) === SPACE ? 2 : 1), end));
      return;
    }
    // Cached like the line-end searches: lines without a colon must not each rescan the rest of the text.
    if (this.#colon === UNKNOWN || (this.#colon !== -1 && this.#colon < start)) {
      this.#colon = text.indexOf(":", start);
    }
    const colon = this.#colon;
    if (colon === -1 || colon >= end) {
      this.#field(text, start, end, "");
      return;
    }
    let valueStart = colon + 1;
    if (valueStart < end && text.charCodeAt(valueStart) === SPACE) valueStart++;
    this.#field(text, start, colon, text.slice(valueStart, end));
  }

  #field(text: string, start: number, nameEnd: number, value: string): void {
    const length = nameEnd - start;
    if (length === 4 && text.startsWith("data", start)) {
      this.#data = this.#data === undefined ? value : `${this.#data}\n${value}`;
    } else if (length === 5 && text.startsWith("event", start)) {
      this.#event = value;
    } else if (length === 2 && text.startsWith("id", start)) {
      if (!value.includes("\0")) {
        this.#id = value;
        this.lastEventId = value;
      }
    } else if (length === 5 && text.startsWith("retry", start)) {
      if (/^\d+$/.test(value)) {
        this.#retry = Number(value);
        this.#options.onRetry?.(this.#retry);
      }
    }
    // Any other field name is ignored, as the spec requires.
  }

  #dispatch(unterminated: boolean): void {
    const data = this.#data;
    if (data === undefined) {
      this.#resetEvent();
      return;
    }
    const event: SseEvent = { data };
    if (this.#event !== undefined) event.event = this.#event;
    if (this.#id !== undefined) event.id = this.#id;
    if (this.#retry !== undefined) event.retry = this.#retry;
    if (unterminated) event.unterminated = true;
    this.#resetEvent();
    this.#onEvent(event);
  }

  #resetEvent(): void {
    this.#data = undefined;
    this.#event = undefined;
    this.#id = undefined;
    this.#retry = undefined;
  }
}

/**
 * The data of each event of a whole body written as an event stream under another Content-Type, or
 * undefined when it is none (seen at first sight: a stream in SSE frames with no Content-Type at all).
 * Only a body that opens with an SSE field and whose first event is JSON counts: a reader that takes it
 * leniently judges every event (one that is no JSON too); the missing header is the content type's finding.
 */
export function sseDataInBody(body: string): string[] | undefined {
  if (!/^(?:data|event|id|retry)?:/.test(body.trimStart())) return undefined;
  const events: string[] = [];
  const parser = new SseParser((event) => events.push(event.data));
  parser.feed(body);
  parser.end();
  const [first] = events;
  return first !== undefined && tryParseJson(first, "").ok ? events : undefined;
}

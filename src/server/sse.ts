import type { ServerResponse } from "node:http";

/** One open text/event-stream response. */
export interface SseStream {
  send(event: string, data: unknown): void;
  close(): void;
  /** Called once when the browser goes away or close() is called. */
  onClose(listener: () => void): void;
  readonly closed: boolean;
}

/**
 * How much a browser may leave unread before its stream is dropped: a client that stops reading must not
 * make the server buffer without bound (and its upstream agent stream closes with it, through onClose).
 */
export const SSE_BUFFER_LIMIT = 1024 * 1024;

/** How long an ended stream's last bytes wait for a browser that has stopped reading. */
const UNREAD_END_GRACE_MS = 5000;

/** Starts a text/event-stream response with a keep-alive comment so proxies do not cut it. */
export function openSse(res: ServerResponse, bufferLimit = SSE_BUFFER_LIMIT): SseStream {
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  const listeners: (() => void)[] = [];
  let closed = false;
  // One large event (a finished run's whole result) may sit in the buffer while a slow but reading browser
  // takes it in; the stream is dropped only when more than twice that, or than the limit, is left unread.
  let largest = 0;
  const write = (text: string) => {
    if (closed) return;
    if (res.writableLength > Math.max(bufferLimit, 2 * largest)) {
      // The client stopped reading: drop it rather than hold what it will never read.
      finish();
      res.destroy();
      return;
    }
    largest = Math.max(largest, text.length);
    res.write(text);
  };
  const keepAlive = setInterval(() => write(": keep-alive\n\n"), 15_000);
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    for (const listener of listeners) listener();
  };
  // The response's close, not the request's: a POST's request stream closes once its body is read.
  res.on("close", finish);
  return {
    // JSON.stringify never emits a raw newline, so each event is exactly one data line.
    send(event, data) {
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      finish();
      res.end();
      // What is left unread goes with a browser that does not take it in: the end is not held for ever.
      if (!res.writableFinished) {
        const timer = setTimeout(() => res.destroy(), UNREAD_END_GRACE_MS);
        timer.unref();
        res.once("finish", () => clearTimeout(timer));
      }
    },
    onClose(listener) {
      listeners.push(listener);
    },
    get closed() {
      return closed;
    },
  };
}

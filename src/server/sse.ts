import type { Response } from "express";

/** One open text/event-stream response. */
export interface SseStream {
  send(event: string, data: unknown): void;
  close(): void;
  /** Called once when the browser goes away or close() is called. */
  onClose(listener: () => void): void;
  readonly closed: boolean;
}

/** Starts a text/event-stream response with a keep-alive comment so proxies do not cut it. */
export function openSse(res: Response): SseStream {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  const listeners: (() => void)[] = [];
  let closed = false;
  const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), 15_000);
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
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      finish();
      res.end();
    },
    onClose(listener) {
      listeners.push(listener);
    },
    get closed() {
      return closed;
    },
  };
}

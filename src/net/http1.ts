import net from "node:net";
import tls from "node:tls";
import { serialize, WireError } from "./http1-head.js";
import type { WirePlan, WireTarget } from "./http1-head.js";
import { keepAliveMs } from "./http1-response-head.js";
import type { ResponseHead } from "./http1-response-head.js";
import { ResponseReader } from "./http1-response.js";

/**
 * Plainwright's HTTP/1.1 engine: keep-alive connections over node:net and node:tls, responses read by
 * its own reader (http1-response.ts). It replaces node:http under the one client because a test tool sees every byte an
 * agent sends and a load generator must not spend more on its own HTTP stack than the agent under test
 * does (node:http's request objects cost about as much CPU as the loopback agent's whole reply).
 */

/** What an exchange reports; after `onEnd` or `onError` nothing more is called. */
export interface WireHandlers {
  onResponse(status: number, headers: Record<string, string>): void;
  /**
   * A piece of the body, a view of the connection's read buffer: valid until the call returns, or, when
   * `last`, until onEnd (which follows before the buffer is read into again) has returned.
   */
  onData(chunk: Buffer, last: boolean): void;
  onEnd(): void;
  onError(error: WireError): void;
}

export interface WireExchange {
  /** Abandons the exchange and its connection; no handler is called afterwards. */
  destroy(): void;
}

// A socket is retired this long before the server's announced keep-alive timeout ends.
const KEEP_ALIVE_MARGIN_MS = 1000;

/**
 * Requests made during one turn of the event loop are written together at its end (setImmediate runs
 * right after the I/O callbacks of the turn). A load run answers a burst of replies with a burst of
 * requests; written one by one, each would wake the agent's process anew, and on a virtual machine each
 * such wake-up costs the generator as much as building the request did.
 */
let queuedWrites: (net.Socket | string | Buffer)[] = [];
let flushQueued = false;

function queueWrite(socket: net.Socket, bytes: string | Buffer): void {
  queuedWrites.push(socket, bytes);
  if (flushQueued) return;
  flushQueued = true;
  setImmediate(flushWrites);
}

function flushWrites(): void {
  const writes = queuedWrites;
  queuedWrites = [];
  flushQueued = false;
  for (let i = 0; i + 1 < writes.length; i += 2) {
    const socket = writes[i] as net.Socket;
    // A request abandoned before its turn ended (aborted, timed out) destroyed its connection.
    if (!socket.destroyed) socket.write(writes[i + 1] as string | Buffer);
  }
}

/** Where every plain connection's bytes land as they are read (see the Connection constructor). */
const sharedReadBuffer = Buffer.allocUnsafe(64 * 1024);

class Connection {
  readonly key: string;
  readonly socket: net.Socket;
  readonly #pool: Pool;
  readonly #reader: ResponseReader;
  #current: Http1Exchange | undefined;
  #reused = false;
  /** When this idle connection is retired rather than reused: before the server's announced keep-alive timeout ends. */
  idleUntil = Infinity;
  #closed = false;
  /** What the last response said of the server's idle limit. */
  #serverIdleMs: number | undefined;

  constructor(key: string, target: WireTarget, pool: Pool) {
    this.key = key;
    this.#pool = pool;
    const options = { host: target.address, port: target.port };
    if (target.protocol === "https:") {
      this.socket = tls.connect({
        ...options,
        ...(target.servername ? { servername: target.servername } : {}),
        ALPNProtocols: ["http/1.1"],
      });
      this.socket.on("data", (chunk: Buffer) => this.#onData(chunk, chunk.length));
    } else {
      // Plain TCP reads into one shared buffer, handed over synchronously: no stream machinery and no
      // new buffer per read. The reader is done with the bytes when the callback returns; a handler that
      // keeps a body chunk longer copies it (WireHandlers.onData), since the next read overwrites it.
      this.socket = net.connect({
        ...options,
        onread: {
          buffer: sharedReadBuffer,
          callback: (length: number) => {
            this.#onData(sharedReadBuffer, length);
            return true;
          },
        },
      });
    }
    this.socket.setNoDelay(true);
    this.socket.setKeepAlive(true, 1000);
    // An idle kept-alive connection must not keep the process alive; a request in flight does so by its timeout timer.
    this.socket.unref();
    this.#reader = new ResponseReader({
      onHead: (head) => this.#onHead(head),
      onBody: (chunk, last) => this.#current?.data(chunk, last),
      onComplete: (trailing) => this.#onComplete(trailing),
    });
    this.socket.on("end", () => this.#onEnd());
    this.socket.on("error", (error: NodeJS.ErrnoException) => this.#onClose(error));
    this.socket.on("close", () => this.#onClose());
  }

  get reused(): boolean {
    return this.#reused;
  }

  send(exchange: Http1Exchange, bytes: string | Buffer): void {
    this.#current = exchange;
    queueWrite(this.socket, bytes);
  }

  destroy(): void {
    this.#closed = true;
    this.#current = undefined;
    this.#pool.forget(this);
    this.socket.destroy();
  }

  /** Returns whether the response has no body whatever its headers say: the answer to HEAD. */
  #onHead(head: ResponseHead): boolean {
    const exchange = this.#current;
    if (!exchange) return true;
    this.#serverIdleMs = keepAliveMs(head.headers);
    exchange.response(head.status, head.headers);
    return exchange.method === "HEAD";
  }

  /** `trailing`: bytes came after the response that nothing asked for, so the connection cannot be trusted. */
  #onComplete(trailing: boolean): void {
    const exchange = this.#current;
    if (!exchange?.responded) return;
    this.#current = undefined;
    exchange.end();
    if (this.#reader.keepAlive && !trailing && !this.#closed) this.#release();
    else this.destroy();
  }

  #release(): void {
    this.#reused = true;
    const idle = this.#serverIdleMs;
    // A deadline read when the connection is next taken, rather than a timer set and cleared per request.
    this.idleUntil = idle === undefined ? Infinity : performance.now() + idle - KEEP_ALIVE_MARGIN_MS;
    this.#pool.release(this);
  }

  #onData(bytes: Buffer, length: number): void {
    if (!this.#current) return this.destroy(); // bytes nobody asked for: the connection cannot be trusted
    const error = this.#reader.read(bytes, length);
    if (error) this.#fail(new WireError(`unreadable HTTP response: ${error.message}`, "HPE"));
  }

  #onEnd(): void {
    // A body delimited by the connection's end is complete now; any other response is cut short.
    if (this.#current && this.#reader.end()) return this.#fail(new WireError("connection closed early"));
    this.#onClose();
  }

  #onClose(error?: NodeJS.ErrnoException): void {
    this.#closed = true;
    this.#pool.forget(this);
    if (this.#current) {
      const message = error ? error.message : "connection closed early";
      this.#fail(new WireError(message, error?.code, { cause: error }));
    }
    this.socket.destroy();
  }

  #fail(error: WireError): void {
    const exchange = this.#current;
    this.destroy();
    exchange?.error(error);
  }
}

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS"]);

class Http1Exchange implements WireExchange {
  readonly method: string;
  readonly #plan: WirePlan;
  readonly #bytes: string | Buffer;
  readonly #handlers: WireHandlers;
  #connection: Connection | undefined;
  #retried = false;
  #done = false;
  responded = false;

  constructor(plan: WirePlan, body: string | undefined, handlers: WireHandlers, traceparent?: string) {
    this.method = plan.method;
    this.#plan = plan;
    this.#bytes = serialize(plan, body, traceparent);
    this.#handlers = handlers;
  }

  start(): void {
    const { key, target } = this.#plan;
    this.#connection = pool.take(key) ?? new Connection(key, target, pool);
    this.#connection.send(this, this.#bytes);
  }

  response(status: number, headers: Record<string, string>): void {
    if (this.#done) return;
    this.responded = true;
    this.#handlers.onResponse(status, headers);
  }

  data(chunk: Buffer, last: boolean): void {
    if (!this.#done) this.#handlers.onData(chunk, last);
  }

  end(): void {
    if (this.#done) return;
    this.#done = true;
    this.#handlers.onEnd();
  }

  error(error: WireError): void {
    if (this.#done) return;
    // A kept-alive connection the server closed just as it was reused: a request that changes nothing
    // is sent once more on a new connection, as browsers do; a send is never repeated behind the user's back.
    if (!this.responded && this.#connection?.reused && IDEMPOTENT.has(this.method) && !this.#retried) {
      this.#retried = true;
      return this.start();
    }
    this.#done = true;
    this.#handlers.onError(error);
  }

  destroy(): void {
    if (this.#done) return;
    this.#done = true;
    this.#connection?.destroy();
  }
}

/**
 * Idle keep-alive connections by target; a busy connection is in no list. A target's list stays when
 * it empties (targets are few, and a load run empties and refills it on every request).
 */
class Pool {
  readonly #idle = new Map<string, Connection[]>();

  /** The most recently used idle connection of `key` still inside its keep-alive deadline; expired ones are closed. */
  take(key: string): Connection | undefined {
    const list = this.#idle.get(key);
    if (!list) return undefined;
    let now: number | undefined;
    for (let connection = list.pop(); connection; connection = list.pop()) {
      if (connection.idleUntil === Infinity || connection.idleUntil > (now ??= performance.now()))
        return connection;
      connection.destroy();
    }
    return undefined;
  }

  release(connection: Connection): void {
    const list = this.#idle.get(connection.key);
    if (list) list.push(connection);
    else this.#idle.set(connection.key, [connection]);
  }

  forget(connection: Connection): void {
    const list = this.#idle.get(connection.key);
    const at = list?.indexOf(connection) ?? -1;
    if (list && at >= 0) list.splice(at, 1);
  }

  closeIdle(): void {
    const all = [...this.#idle.values()].flat();
    this.#idle.clear();
    for (const connection of all) connection.destroy();
  }

  idleCount(): number {
    let count = 0;
    for (const list of this.#idle.values()) count += list.length;
    return count;
  }
}

const pool = new Pool();

/** Sends a planned request with `body` on an idle kept-alive connection of its pool, or a new one. */
export function sendPlanned(
  plan: WirePlan,
  body: string | undefined,
  handlers: WireHandlers,
  traceparent?: string,
): WireExchange {
  const exchange = new Http1Exchange(plan, body, handlers, traceparent);
  exchange.start();
  return exchange;
}

/** Closes pooled idle connections, e.g. before a test checks for open handles or a server shuts down. */
export function closeIdleConnections(): void {
  pool.closeIdle();
}

/** How many kept-alive connections sit idle (for tests and the bench). */
export function idleConnectionCount(): number {
  return pool.idleCount();
}

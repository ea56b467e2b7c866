import { onAbortUntilReleased } from "../../net/abort-watch.js";
import * as grpc from "@grpc/grpc-js";
import type { NetError } from "../../net/errors.js";
import type { StreamEndReason } from "../../net/http-hop.js";
import { QuietTimer, type QuietLimit } from "../../net/quiet-timer.js";
import type { TrafficHandle } from "../../net/traffic.js";
import type { RpcCodec } from "./codec.js";
import { headersOf } from "./metadata.js";
import { statusName } from "./status.js";
import type { GrpcFailure } from "./status.js";
import type { StreamMessage, StreamResult, UnaryResult } from "./call-results.js";
import { MAX_STREAM_MESSAGES, decodeMessage, recordedBody } from "./wire.js";

/** What a running stream needs from its transport. */
export interface StreamRunSetup {
  codec: RpcCodec;
  trace: TrafficHandle;
  /** The wait for the response headers. */
  timeoutMs: number;
  /** Then, how long the stream may stay silent. */
  quietMs: QuietLimit;
  onMessage: (message: StreamMessage) => void;
  timeoutError: () => NetError;
  /** The owner's signal: aborting it cancels the call. */
  signal?: AbortSignal;
  /** Records a non-OK status and tells whether no server answered (unreachable) or the agent failed. */
  failed: (failure: GrpcFailure, headers: grpc.Metadata | undefined) => UnaryResult;
}

type Ending = Omit<StreamResult, "messages" | "trafficIds">;

/**
 * One server-streaming call as it runs: until the response headers arrive the whole-request timeout
 * applies, afterwards the idle one; at most MAX_STREAM_MESSAGES messages are read.
 */
export class ServerStreamRun {
  readonly result: Promise<StreamResult>;
  readonly #messages: StreamMessage[] = [];
  /** The wait for the response headers; then the silence limit (#quiet) applies. */
  readonly #timer: NodeJS.Timeout;
  #quiet: QuietTimer | undefined;
  #headers: grpc.Metadata | undefined;
  #settled = false;
  #release = (): void => undefined;
  #resolve: (result: StreamResult) => void = () => undefined;

  constructor(
    private readonly rpc: grpc.ClientReadableStream<Buffer>,
    private readonly setup: StreamRunSetup,
  ) {
    this.result = new Promise((resolve) => (this.#resolve = resolve));
    this.#timer = setTimeout(() => this.#onTimer(), setup.timeoutMs);
    rpc.on("metadata", (m: grpc.Metadata) => {
      this.#headers = m;
      this.#opened();
    });
    rpc.on("data", (payload: Buffer) => this.#onData(payload));
    // grpc-js reports a non-OK status both as "error" and "status"; "status" alone decides.
    rpc.on("error", () => undefined);
    rpc.on("status", (status: grpc.StatusObject) => this.#onStatus(status));
    const { signal } = setup;
    if (signal?.aborted) queueMicrotask(this.#onAbort);
    else this.#release = onAbortUntilReleased(signal, this.#onAbort);
  }

  readonly #onAbort = (): void => this.#stop("aborted", "stopped by its owner");

  #finish(ending: Ending, cancel: boolean): void {
    if (this.#settled) return;
    this.#settled = true;
    clearTimeout(this.#timer);
    this.#quiet?.stop();
    this.#release();
    if (cancel) this.rpc.cancel();
    this.#resolve({ ...ending, messages: this.#messages, trafficIds: [this.setup.trace.id] });
  }

  #stop(reason: StreamEndReason, message: string): void {
    this.setup.trace.response(grpc.status.OK, headersOf(this.#headers));
    this.setup.trace.end();
    this.#finish({ end: { reason, message } }, true);
  }

  /** No response headers in time: nobody answered. */
  #onTimer(): void {
    const error = this.setup.timeoutError();
    this.setup.trace.fail({ rule: error.rule, message: error.message });
    this.#finish({ unreachable: error, end: { reason: "error", message: error.message } }, true);
  }

  /** The server answered (headers or a first message): from now on silence is what ends the stream. */
  #opened(): void {
    if (this.#quiet || this.#settled) return this.#quiet?.heard();
    clearTimeout(this.#timer);
    this.#quiet = new QuietTimer(this.setup.quietMs, (ms) =>
      this.#stop("idle-timeout", `no message for ${ms} ms`),
    );
  }

  #onData(payload: Buffer): void {
    if (this.#settled) return;
    this.#opened();
    const { codec, trace } = this.setup;
    trace.wire(payload);
    const decoded = decodeMessage(codec, payload);
    const message: StreamMessage = { atMs: trace.elapsed(), ...decoded };
    this.#messages.push(message);
    trace.event({ data: recordedBody(decoded, payload) }, message.atMs);
    try {
      this.setup.onMessage(message);
    } catch (error) {
      return this.#stop("error", `the onEvent callback failed: ${String(error)}`);
    }
    if (this.#messages.length >= MAX_STREAM_MESSAGES)
      this.#stop("event-cap", `stopped after ${MAX_STREAM_MESSAGES} messages`);
  }

  #onStatus(status: grpc.StatusObject): void {
    if (this.#settled) return;
    if (status.code === grpc.status.OK) {
      this.setup.trace.response(grpc.status.OK, headersOf(this.#headers, status.metadata));
      this.setup.trace.end();
      return this.#finish({ end: { reason: "closed" } }, false);
    }
    const failed = this.setup.failed(status, this.#headers);
    if (failed.kind === "unreachable") {
      const end = { reason: "error" as const, message: failed.error.message };
      return this.#finish({ unreachable: failed.error, end }, false);
    }
    const end = { reason: "error" as const, message: `${statusName(status.code)}: ${status.details}` };
    this.#finish({ failure: status, end }, false);
  }
}

import * as grpc from "@grpc/grpc-js";
import { clientRpcCodecs } from "../../client/grpc/codec-by-path.js";
import type { RpcCodec } from "../../client/grpc/codec.js";
import type { CassetteExchange } from "./cassette.js";
import { recordedPause, type ReplayBook } from "./replay-book.js";

/*
 * The gRPC stand-in agent of a replay (docs/config.md "Record and replay"): it serves every RPC the client
 * can call, finds each call's recording in the book, and answers with the recorded messages — the bytes the
 * agent sent, with the replay's ids written in — and the recorded status, details and trailers.
 */

const identity = (b: Buffer): Buffer => b;

// gRPC owns these; a recorded value would not be sent again as metadata.
const NOT_METADATA =
  /^(content-type|te|grpc-(status|message|encoding|accept-encoding|timeout)|user-agent|date)$/i;

/** A recorded call's answer: the messages, then its status. */
interface Replayed {
  messages: Buffer[];
  /** Pauses before each message, at the recorded pace. */
  pauses: number[];
  status: grpc.StatusObject;
}

export class GrpcStandIn {
  readonly #server = new grpc.Server();

  constructor(private readonly book: ReplayBook) {
    for (const codec of clientRpcCodecs()) {
      if (codec.streaming)
        this.#server.register(
          codec.path,
          (call: grpc.ServerWritableStream<Buffer, Buffer>) => void this.#stream(codec, call),
          identity,
          identity,
          "serverStream",
        );
      else
        this.#server.register(
          codec.path,
          (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) =>
            this.#unary(codec, call, callback),
          identity,
          identity,
          "unary",
        );
    }
  }

  /** Listens on loopback; resolves to the port. */
  listen(): Promise<number> {
    return new Promise((resolve, reject) =>
      this.#server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) =>
        error ? reject(error) : resolve(port),
      ),
    );
  }

  close(): void {
    this.#server.forceShutdown();
  }

  /** The recording that answers a call, or the status a call without one gets (and a miss counted). */
  #replayed(
    codec: RpcCodec,
    call: grpc.ServerUnaryCall<Buffer, Buffer> | grpc.ServerWritableStream<Buffer, Buffer>,
  ): Replayed {
    const path = codec.path;
    let body: unknown;
    try {
      body = codec.readRequest(call.request);
    } catch {
      body = call.request.toString("base64");
    }
    const host = call.getHost();
    const exchange = this.book.answer(
      [`grpc://${host}`, `grpcs://${host}`],
      { method: path, path, body },
      { method: "gRPC", path },
    );
    if (!exchange) {
      const details = `no recording of ${path} in the cassette`;
      return {
        messages: [],
        pauses: [],
        status: { code: grpc.status.UNIMPLEMENTED, details, metadata: new grpc.Metadata() },
      };
    }
    return this.#answerOf(codec, exchange);
  }

  #answerOf(codec: RpcCodec, exchange: CassetteExchange): Replayed {
    const swap = (text: string) => this.book.swap(text) as string;
    const messages = (exchange.messages ?? []).map((b64) => {
      const bytes = Buffer.from(b64, "base64");
      try {
        return codec.rewriteResponse(bytes, swap);
      } catch {
        // Not the expected message: the agent sent these bytes, and the replay sends them again.
        return bytes;
      }
    });
    let last = 0;
    const pauses = (exchange.events ?? []).map((event) => {
      const pause = recordedPause(event.at_ms, last);
      last = event.at_ms;
      return pause;
    });
    if (exchange.status === undefined)
      // No answer came: the connection went away.
      return {
        messages: [],
        pauses: [],
        status: {
          code: grpc.status.UNAVAILABLE,
          details: "Connection dropped",
          metadata: new grpc.Metadata(),
        },
      };
    const metadata = new grpc.Metadata();
    for (const [name, value] of Object.entries(exchange.response_headers ?? {})) {
      if (NOT_METADATA.test(name) || name.startsWith(":")) continue;
      if (name.endsWith("-bin")) metadata.set(name, Buffer.from(value, "base64"));
      else metadata.set(name, swap(value));
    }
    const ok = exchange.status === (grpc.status.OK as number);
    const failure = ok ? undefined : (JSON.parse(exchange.response_body ?? "{}") as { message?: unknown });
    return {
      messages,
      pauses,
      status: {
        code: exchange.status,
        details: typeof failure?.message === "string" ? swap(failure.message) : "",
        metadata,
      },
    };
  }

  #unary(
    codec: RpcCodec,
    call: grpc.ServerUnaryCall<Buffer, Buffer>,
    callback: grpc.sendUnaryData<Buffer>,
  ): void {
    const { messages, status } = this.#replayed(codec, call);
    if (status.code !== grpc.status.OK) return callback(status);
    callback(null, messages[0] ?? Buffer.alloc(0), status.metadata);
  }

  async #stream(codec: RpcCodec, call: grpc.ServerWritableStream<Buffer, Buffer>): Promise<void> {
    const { messages, pauses, status } = this.#replayed(codec, call);
    for (const [i, message] of messages.entries()) {
      await new Promise((resolve) => setTimeout(resolve, pauses[i] ?? 0));
      if (call.cancelled) return;
      call.write(message);
    }
    if (status.code === grpc.status.OK) call.end(status.metadata);
    else call.emit("error", status);
  }
}

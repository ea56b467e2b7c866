import { onAbortUntilReleased } from "../../net/abort-watch.js";
import * as grpc from "@grpc/grpc-js";
import { NetError } from "../../net/errors.js";
import type { NetRule } from "../../net/errors.js";
import { checkUrl } from "../../net/outbound-policy.js";
import { hasTraceparent } from "../../net/trace-context.js";
import type { TrafficHandle } from "../../net/traffic.js";
import { formatSeconds } from "../../view/units.js";
import { USER_AGENT } from "../../net/version.js";
import type { ClientContext } from "../types.js";
import { pinnedTarget } from "./address.js";
import type { GrpcAddress } from "./address.js";
import type { RpcCodec } from "./codec.js";
import type { JsonObject } from "../../model/json.js";
import { headersOf, requestMetadata } from "./metadata.js";
import { statusName } from "./status.js";
import { ServerStreamRun } from "./stream-run.js";
import { MAX_MESSAGE_BYTES, decodeMessage, failureBody, recordedBody } from "./wire.js";
import type { GrpcFailure } from "./status.js";
import type { StreamMessage, StreamResult, UnaryResult } from "./call-results.js";
import { streamQuietLimit } from "../stream-events.js";

/** One RPC to make: the codec, the ProtoJSON request and the metadata. */
export interface RpcCall {
  codec: RpcCodec;
  request: JsonObject;
  headers: Record<string, string>;
  /** A stream of the answer to a message (not a subscription): see streamQuietLimit. */
  messageStream?: boolean;
}

const identity = (b: Buffer): Buffer => b;

/** Failures grpc-js reports when no server answered; anything else came from the agent. */
function netRuleOf(failure: GrpcFailure): NetRule | undefined {
  if (failure.code === grpc.status.DEADLINE_EXCEEDED) return "timeout.total";
  if (failure.code === grpc.status.RESOURCE_EXHAUSTED && /larger than max/i.test(failure.details))
    return "cap.body";
  const clientSide =
    /No connection established|failed to connect|Connection dropped|ECONNREFUSED|ECONNRESET/i;
  if (failure.code === grpc.status.UNAVAILABLE && clientSide.test(failure.details)) return "connect";
  return undefined;
}

/** gRPC calls to one interface: each checked by the outbound policy, bounded in time, and recorded. */
export class GrpcTransport {
  readonly #clients = new Map<string, grpc.Client>();

  constructor(
    readonly address: GrpcAddress,
    private readonly ctx: ClientContext,
  ) {}

  /** Releases every channel. */
  close(): void {
    for (const client of this.#clients.values()) client.close();
    this.#clients.clear();
  }

  #netError(rule: NetRule, message: string): NetError {
    return new NetError(rule, this.address.display, message);
  }

  #timeoutError(): NetError {
    const within = formatSeconds(this.ctx.timeoutMs);
    return this.#netError(
      "timeout.total",
      `no complete response from ${this.address.display} within ${within}`,
    );
  }

  /** A channel to the target; `plain` for a replay's stand-in, which speaks no TLS whatever the card says. */
  #client({ target, plain }: { target: string; plain: boolean }): grpc.Client {
    let client = this.#clients.get(target);
    if (!client) {
      const credentials =
        this.address.tls && !plain ? grpc.credentials.createSsl() : grpc.credentials.createInsecure();
      client = new grpc.Client(target, credentials, {
        "grpc.default_authority": `${this.address.host.includes(":") ? `[${this.address.host}]` : this.address.host}:${this.address.port}`,
        "grpc.primary_user_agent": USER_AGENT,
        "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
        // Retries would hide a failing agent behind a later success.
        "grpc.enable_retries": 0,
      });
      this.#clients.set(target, client);
    }
    return client;
  }

  /** Encodes, records and policy-checks a call; returns the channel to use or how it failed. */
  async #open(call: RpcCall): Promise<
    | {
        ok: true;
        client: grpc.Client;
        bytes: Buffer;
        metadata: grpc.Metadata;
        trace: TrafficHandle;
        /** Date.now() when the call began: the policy check counts against the deadline. */
        startedAt: number;
      }
    | { ok: false; result: UnaryResult }
  > {
    const startedAt = Date.now();
    const { metadata, recorded } = requestMetadata(call.headers);
    let encoded: { bytes: Buffer; json: unknown };
    try {
      encoded = call.codec.encode(call.request);
    } catch (error) {
      return {
        ok: false,
        result: { kind: "invalid", reason: `could not encode the request: ${String(error)}`, trafficIds: [] },
      };
    }
    const own = hasTraceparent(recorded);
    const trace = this.ctx.traffic.start({
      method: call.codec.path,
      url: this.address.display,
      headers: recorded,
      body: JSON.stringify(encoded.json),
      ...(own ? { traced: false } : {}),
    });
    if (trace.traceparent !== undefined) metadata.set("traceparent", trace.traceparent);
    const checked = await this.#checkPolicy();
    if (checked instanceof NetError) {
      trace.fail({ rule: checked.rule, message: checked.message });
      return { ok: false, result: { kind: "unreachable", error: checked, trafficIds: [trace.id] } };
    }
    const extra = this.ctx.grpcUnknownField;
    const bytes = extra ? Buffer.concat([encoded.bytes, extra]) : encoded.bytes;
    return { ok: true, client: this.#client(checked), bytes, metadata, trace, startedAt };
  }

  /** The pinned target when the policy allows the address, else the refusal; DNS waits count against the timeout. */
  async #checkPolicy(): Promise<{ target: string; plain: boolean } | NetError> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<NetError>((resolve) => {
      timer = setTimeout(() => resolve(this.#timeoutError()), this.ctx.timeoutMs);
    });
    const check = checkUrl(this.address.policyUrl, this.ctx.policy).then(
      (ok) => ({ target: pinnedTarget(this.address, ok), plain: ok.port !== undefined }),
      (error: unknown) =>
        error instanceof NetError
          ? new NetError(
              error.rule,
              this.address.display,
              error.message.replace(this.address.policyUrl, this.address.display),
            )
          : this.#netError("connect", `could not check ${this.address.display}: ${String(error)}`),
    );
    try {
      return await Promise.race([check, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One unary RPC with a deadline of ctx.timeoutMs. */
  async unary(call: RpcCall): Promise<UnaryResult> {
    const opened = await this.#open(call);
    if (!opened.ok) return opened.result;
    const { client, bytes, metadata, trace, startedAt } = opened;
    const ids = [trace.id];
    return new Promise((resolve) => {
      let headers: grpc.Metadata | undefined;
      let release = (): void => undefined;
      const deadline = startedAt + this.ctx.timeoutMs;
      const rpc = client.makeUnaryRequest(
        call.codec.path,
        identity,
        identity,
        bytes,
        metadata,
        { deadline },
        (error, value) => {
          release();
          if (error)
            return resolve(
              this.#failed(
                trace,
                { code: error.code, details: error.details, metadata: error.metadata },
                headers,
              ),
            );
          trace.response(grpc.status.OK, headersOf(headers));
          const payload = value ?? Buffer.alloc(0);
          trace.wire(payload);
          const decoded = decodeMessage(call.codec, payload);
          trace.end({ body: recordedBody(decoded, payload) });
          resolve(
            "json" in decoded
              ? { kind: "ok", json: decoded.json, trafficIds: ids }
              : { kind: "invalid", reason: decoded.invalid, trafficIds: ids },
          );
        },
      );
      rpc.on("metadata", (m: grpc.Metadata) => (headers = m));
      // The owner went away: grpc-js reports the cancel as a CANCELLED status through the callback.
      const signal = this.ctx.signal;
      if (signal?.aborted) rpc.cancel();
      else release = onAbortUntilReleased(signal, () => rpc.cancel());
    });
  }

  #failed(trace: TrafficHandle, failure: GrpcFailure, headers: grpc.Metadata | undefined): UnaryResult {
    const ids = [trace.id];
    const rule = netRuleOf(failure);
    if (rule !== undefined) {
      const error =
        rule === "timeout.total"
          ? this.#timeoutError()
          : this.#netError(rule, `${this.address.display}: ${failure.details}`);
      trace.fail({ rule, message: error.message });
      return { kind: "unreachable", error, trafficIds: ids };
    }
    trace.response(failure.code, headersOf(headers, failure.metadata));
    trace.fail(
      { message: `${statusName(failure.code)}: ${failure.details}` },
      { body: failureBody(failure) },
    );
    return { kind: "status", failure, trafficIds: ids };
  }

  /** One server-streaming RPC: response headers due within ctx.timeoutMs, then each message within it. */
  async stream(call: RpcCall, onMessage: (message: StreamMessage) => void): Promise<StreamResult> {
    const opened = await this.#open(call);
    if (!opened.ok) {
      const r = opened.result;
      const error =
        r.kind === "unreachable"
          ? r.error
          : this.#netError("connect", r.kind === "invalid" ? r.reason : "not sent");
      return {
        messages: [],
        unreachable: error,
        end: { reason: "error", message: error.message },
        trafficIds: r.trafficIds,
      };
    }
    const rpc = opened.client.makeServerStreamRequest(
      call.codec.path,
      identity,
      identity,
      opened.bytes,
      opened.metadata,
    );
    return new ServerStreamRun(rpc, {
      codec: call.codec,
      trace: opened.trace,
      timeoutMs: this.ctx.timeoutMs,
      quietMs: streamQuietLimit(this.ctx, call.messageStream === true),
      onMessage,
      timeoutError: () => this.#timeoutError(),
      ...(this.ctx.signal ? { signal: this.ctx.signal } : {}),
      failed: (failure, headers) => this.#failed(opened.trace, failure, headers),
    }).result;
  }
}

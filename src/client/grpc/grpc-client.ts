import { NetError } from "../../net/errors.js";
import type { Message, Task } from "../../protocol/model.js";
import { normalizeReply, normalizeSendResult, normalizeTask } from "../../protocol/normalize.js";
import type {
  A2AClient,
  CallOutcome,
  ClientContext,
  ClientTarget,
  ListTasksQuery,
  PushConfig,
  SendInput,
  SendOptions,
  StreamOutcome,
  TaskPage,
  StreamListener,
} from "../types.js";
import { extensionHeaders } from "../extensions.js";
import { versionHeader } from "../version-header.js";
import { parseGrpcAddress } from "./address.js";
import type { GrpcOperation, ServiceCodecs } from "./codec.js";
import { codecsV03 } from "./codec-v03.js";
import { codecsV10 } from "./codec-v10.js";
import { requestsV03, requestsV10 } from "./requests.js";
import type { GrpcRequests } from "./requests.js";
import { a2aErrorOf } from "./status.js";
import { GrpcTransport } from "./transport.js";
import type { StreamResult, UnaryResult } from "./call-results.js";
import { isObject } from "../../model/json.js";

type Failure = Exclude<CallOutcome<never>, { ok: true }>;
type Json = Record<string, unknown>;

interface Generation {
  codecs: ServiceCodecs;
  requests: GrpcRequests;
  /** Metadata every call carries: A2A-Version (version-header.ts). */
  metadata: Record<string, string>;
}

function generationOf(target: ClientTarget): Generation | undefined {
  if (target.generation === "1.0")
    return {
      codecs: codecsV10,
      requests: requestsV10(target.tenant),
      // gRPC metadata keys are lower case (gRPC over HTTP/2: header names).
      metadata: Object.fromEntries(
        Object.entries(versionHeader(target)).map(([k, v]) => [k.toLowerCase(), v]),
      ),
    };
  if (target.generation === "0.3") return { codecs: codecsV03, requests: requestsV03, metadata: {} };
  return undefined;
}

function readTaskPage(json: unknown): TaskPage | undefined {
  if (!isObject(json)) return undefined;
  const raw = Array.isArray(json.tasks) ? json.tasks : [];
  const tasks = raw.map(normalizeTask);
  if (tasks.some((t) => t === undefined)) return undefined;
  const page: TaskPage = {
    tasks: tasks as Task[],
    // ProtoJSON omits an empty string: a missing token is the last page.
    nextPageToken: typeof json.nextPageToken === "string" ? json.nextPageToken : "",
  };
  if (typeof json.pageSize === "number") page.pageSize = json.pageSize;
  if (typeof json.totalSize === "number") page.totalSize = json.totalSize;
  return page;
}

/** A2A over gRPC (0.3 `a2a.v1`, 1.0 `lf.a2a.v1`), every message decoded, recorded and normalised. */
export class GrpcA2AClient implements A2AClient {
  readonly #generation: Generation | undefined;
  readonly #transport: GrpcTransport | undefined;
  readonly #unusable: string | undefined;

  constructor(
    readonly target: ClientTarget,
    private readonly ctx: ClientContext,
  ) {
    this.#generation = generationOf(target);
    const address = parseGrpcAddress(target.url);
    this.#transport = address ? new GrpcTransport(address, ctx) : undefined;
    this.#unusable = !this.#generation
      ? `A2A ${target.generation} has no gRPC binding`
      : !address
        ? `${JSON.stringify(target.url)} is not a gRPC address (host:port or a URL with a port)`
        : undefined;
  }

  #headers(): Record<string, string> {
    // ctx.query (API keys "in: query") has no gRPC form; credentials travel as metadata.
    return { ...this.#generation?.metadata, ...extensionHeaders(this.target), ...this.ctx.headers };
  }

  #unsupported(op: GrpcOperation): Failure | undefined {
    if (this.#unusable !== undefined) return this.#unusableFailure();
    if (this.#generation?.codecs[op]) return undefined;
    return {
      ok: false,
      kind: "unsupported",
      reason: `A2A ${this.target.generation} over gRPC has no ${op} RPC`,
      trafficIds: [],
    };
  }

  #unusableFailure(): Failure {
    const reason = this.#unusable ?? "unusable";
    if (this.#generation) {
      // The card's url is not something gRPC can dial: refused before any connection, as a bad scheme is.
      const error = new NetError("policy.scheme", this.target.url, reason);
      return { ok: false, kind: "unreachable", error, trafficIds: [] };
    }
    return { ok: false, kind: "unsupported", reason, trafficIds: [] };
  }

  async #unary<T>(
    op: GrpcOperation,
    request: Json,
    read: (json: unknown) => T | undefined,
    what: string,
  ): Promise<CallOutcome<T>> {
    const refused = this.#unsupported(op);
    const codec = this.#generation?.codecs[op];
    if (refused || !codec || !this.#transport) return refused ?? this.#unusableFailure();
    const result = await this.#transport.unary({ codec, request, headers: this.#headers() });
    return this.#outcome(op, result, read, `${codec.path} returned something that is not ${what}`);
  }

  #outcome<T>(
    op: GrpcOperation,
    result: UnaryResult,
    read: (json: unknown) => T | undefined,
    notWhat: string,
  ): CallOutcome<T> {
    const trafficIds = result.trafficIds;
    switch (result.kind) {
      case "unreachable":
        return { ok: false, kind: "unreachable", error: result.error, trafficIds };
      case "invalid":
        return { ok: false, kind: "invalid", reason: result.reason, trafficIds };
      case "status":
        return { ok: false, kind: "error", error: a2aErrorOf(result.failure, op), trafficIds };
      case "ok": {
        const value = read(result.json);
        if (value === undefined)
          return { ok: false, kind: "invalid", reason: notWhat, raw: result.json, trafficIds };
        return { ok: true, value, raw: result.json, trafficIds };
      }
    }
  }

  /** Sends one text message: a new task, or the continuation of input.taskId. */
  send(input: SendInput, options?: SendOptions): Promise<CallOutcome<Task | Message>> {
    const request = this.#generation?.requests.send(input, options) ?? {};
    return this.#unary("send", request, normalizeSendResult, "a Message or a Task");
  }

  /** Each send encodes its request anew (see A2AClient.prepareSend). */
  prepareSend(input: SendInput): () => Promise<CallOutcome<Task | Message>> {
    return () => this.send(input);
  }

  /** One SendMessage request exactly as given (ProtoJSON); public so conformance checks can send what `send` never would. */
  sendRaw(request: Json): Promise<CallOutcome<Task | Message>> {
    return this.#unary("send", request, normalizeSendResult, "a Message or a Task");
  }

  /** Reads a task; historyLength only when asked for. */
  getTask(id: string, historyLength?: number): Promise<CallOutcome<Task>> {
    const request = this.#generation?.requests.get(id, historyLength) ?? {};
    return this.#unary("get", request, normalizeTask, "a Task");
  }

  /** 1.0 ListTasks; 0.3 has no such RPC. */
  listTasks(query: ListTasksQuery = {}): Promise<CallOutcome<TaskPage>> {
    const request = this.#generation?.requests.list(query) ?? {};
    return this.#unary("list", request, readTaskPage, "a ListTasksResponse");
  }

  /** Cancels a task; the reply is the task as it stands. */
  cancelTask(id: string): Promise<CallOutcome<Task>> {
    const request = this.#generation?.requests.byTask(id) ?? {};
    return this.#unary("cancel", request, normalizeTask, "a Task");
  }

  /** Creates a push config (1.0 flat TaskPushNotificationConfig, 0.3 parent + config). */
  setPushConfig(taskId: string, config: PushConfig): Promise<CallOutcome<PushConfig>> {
    const requests = this.#generation?.requests;
    const request = requests?.pushSet(taskId, config) ?? {};
    return this.#unary("pushSet", request, (j) => requests?.readPushConfig(j), "a push config");
  }

  /** Reads one push config. */
  getPushConfig(taskId: string, configId?: string): Promise<CallOutcome<PushConfig>> {
    const requests = this.#generation?.requests;
    const request = requests?.pushGet(taskId, configId) ?? {};
    return this.#unary("pushGet", request, (j) => requests?.readPushConfig(j), "a push config");
  }

  /** Lists a task's push configs; a config without a url is a broken reply. */
  listPushConfigs(taskId: string): Promise<CallOutcome<PushConfig[]>> {
    const requests = this.#generation?.requests;
    const request = requests?.pushList(taskId) ?? {};
    const read = (json: unknown): PushConfig[] | undefined => {
      const raw = requests?.readPushList(json);
      const configs = raw?.map((c) => requests?.readPushConfig(c));
      return configs?.every((c) => c !== undefined) ? configs : undefined;
    };
    return this.#unary("pushList", request, read, "a list of push configs");
  }

  /** Deletes a push config; the reply is google.protobuf.Empty. */
  deletePushConfig(taskId: string, configId: string): Promise<CallOutcome<null>> {
    const request = this.#generation?.requests.pushDelete(taskId, configId) ?? {};
    return this.#unary("pushDelete", request, () => null, "Empty");
  }

  /** 1.0 GetExtendedAgentCard, 0.3 GetAgentCard; the card as ProtoJSON. */
  getExtendedCard(): Promise<CallOutcome<unknown>> {
    return this.#unary("card", {}, (json) => (isObject(json) ? json : undefined), "an AgentCard");
  }

  /** SendStreamingMessage: one message, the events as they arrive. */
  stream(input: SendInput, onEvent?: StreamListener): Promise<StreamOutcome> {
    return this.#stream("stream", this.#generation?.requests.send(input) ?? {}, onEvent);
  }

  /** 1.0 SubscribeToTask, 0.3 TaskSubscription. */
  subscribe(id: string, onEvent?: StreamListener): Promise<StreamOutcome> {
    return this.#stream("subscribe", this.#generation?.requests.byTask(id) ?? {}, onEvent);
  }

  async #stream(op: GrpcOperation, request: Json, onEvent?: StreamListener): Promise<StreamOutcome> {
    const refused = this.#unsupported(op);
    const codec = this.#generation?.codecs[op];
    if (refused || !codec || !this.#transport) {
      const failure = refused ?? this.#unusableFailure();
      return {
        ...emptyStream(failure.trafficIds),
        failure,
        end: { reason: "error", message: describe(failure) },
      };
    }
    const outcome = emptyStream([]);
    const call = { codec, request, headers: this.#headers(), messageStream: op === "stream" };
    const result = await this.#transport.stream(call, (message) => {
      outcome.arrivalsMs.push(message.atMs);
      if ("invalid" in message) return void outcome.invalidEvents.push(message.invalid);
      outcome.rawEvents.push(message.json);
      const reply = normalizeReply(message.json);
      if (!reply)
        return void outcome.invalidEvents.push(`not a StreamResponse: ${JSON.stringify(message.json)}`);
      outcome.events.push(reply);
      onEvent?.(reply, message.json);
    });
    return finishStream(outcome, result, op);
  }

  /** Releases the gRPC channels. */
  close(): void {
    this.#transport?.close();
  }
}

function emptyStream(trafficIds: string[]): StreamOutcome {
  return {
    events: [],
    rawEvents: [],
    invalidEvents: [],
    errors: [],
    contentType: "",
    end: { reason: "closed" },
    arrivalsMs: [],
    trafficIds,
  };
}

function describe(failure: Failure): string {
  switch (failure.kind) {
    case "unreachable":
      return failure.error.message;
    case "error":
      return failure.error.message;
    default:
      return failure.reason;
  }
}

/** Folds the transport's ending into the outcome: a refusal before any message is a failure, later an error. */
function finishStream(outcome: StreamOutcome, result: StreamResult, op: GrpcOperation): StreamOutcome {
  const trafficIds = result.trafficIds;
  const done: StreamOutcome = { ...outcome, trafficIds, end: result.end };
  const before = result.messages.length === 0;
  if (result.unreachable && before) {
    return { ...done, failure: { ok: false, kind: "unreachable", error: result.unreachable, trafficIds } };
  }
  if (result.failure) {
    const error = a2aErrorOf(result.failure, op);
    if (before) return { ...done, failure: { ok: false, kind: "error", error, trafficIds } };
    return { ...done, errors: [error] };
  }
  return done;
}

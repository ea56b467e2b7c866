import { a2aCodes } from "../protocol/error-codes.js";
import type { Message, Task } from "../protocol/model.js";
import { normalizeReply, normalizeSendResult, normalizeTaskResult } from "../protocol/normalize.js";
import {
  PreparedJsonRpc,
  type RpcOutcome,
  type RpcSendOptions,
  type StreamResultListener,
} from "./jsonrpc.js";
import { jsonRpcEndpoint } from "./jsonrpc-endpoint.js";
import { readOutcome, streamOutcomeOf } from "./jsonrpc-outcomes.js";
import { repeatedMessageJson } from "./message-id.js";
import { methodName, streamsMessage, type Operation } from "./methods.js";
import { LearnedEndpointsMemory } from "./learned-endpoints.js";
import { callForms, partFormKey, sendInTakenForm, streamForms } from "./part-forms.js";
import { sendNamingSkill } from "./skill-metadata.js";
import { sendOrStream, sendsByStream } from "./send-by-stream.js";
import { streamQuietLimit } from "./stream-events.js";
import {
  extraMethod,
  listParams,
  pushRefParams,
  pushSetParams,
  readPushConfig,
  sendParams,
  type ExtraOp,
} from "./jsonrpc-params.js";
import { readPushList, readTaskPage } from "./jsonrpc-results.js";
import type {
  A2AClient,
  CallOutcome,
  ClientContext,
  ClientTarget,
  ListTasksQuery,
  PushConfig,
  SendInput,
  SendOptions,
  LearnedEndpoints,
  StreamListener,
  StreamOutcome,
  TaskPage,
} from "./types.js";

/** A2A over JSON-RPC 2.0 for every generation (0.1 tasks/*, 0.2/0.3 message/*, 1.0 PascalCase + A2A-Version). */
export class JsonRpcA2AClient implements A2AClient {
  /**
   * Each method prepared once: the endpoint, headers and policy are the client's for its life, so a run
   * that sends a thousand messages checks its address and headers once (a load run depends on it).
   */
  readonly #methods = new Map<string, PreparedJsonRpc>();
  /** What a call without a live listener sends with: the same for every such call, so made once. */
  readonly #plainCall: RpcSendOptions;
  readonly #learned: LearnedEndpoints;
  readonly #skillIds: readonly string[] | undefined;
  readonly #partFormKey: string;

  constructor(
    readonly target: ClientTarget,
    private readonly ctx: ClientContext,
  ) {
    this.#plainCall = ctx.signal ? { signal: ctx.signal } : {};
    this.#learned = ctx.learned ?? new LearnedEndpointsMemory();
    this.#skillIds = ctx.skillIds;
    this.#partFormKey = partFormKey(target.url, target.generation);
  }

  private withTenant(params: Record<string, unknown>): Record<string, unknown> {
    return this.target.tenant && this.target.generation === "1.0"
      ? { tenant: this.target.tenant, ...params }
      : params;
  }

  /** One raw call by method name; public so conformance checks can send what they need. */
  rawCall(method: string, params: unknown, onStreamResult?: StreamResultListener): Promise<RpcOutcome> {
    const prepared = this.#prepared(method);
    if (!onStreamResult) return prepared.call(params, this.#plainCall);
    const each: RpcSendOptions = { onStreamResult };
    if (this.ctx.signal) each.signal = this.ctx.signal;
    return prepared.call(params, each);
  }

  #prepared(method: string): PreparedJsonRpc {
    let prepared = this.#methods.get(method);
    if (!prepared) {
      const { url, headers } = jsonRpcEndpoint(this.target, this.ctx);
      prepared = new PreparedJsonRpc({
        url,
        method,
        headers,
        timeoutMs: this.ctx.timeoutMs,
        quietMs: streamQuietLimit(this.ctx, streamsMessage(method)),
        policy: this.ctx.policy,
        traffic: this.ctx.traffic,
        ...(this.ctx.rateLimit ? { rateLimit: this.ctx.rateLimit } : {}),
        ...(this.ctx.maxResponseBytes ? { maxBytes: this.ctx.maxResponseBytes } : {}),
      });
      this.#methods.set(method, prepared);
    }
    return prepared;
  }

  private call<T>(
    method: string,
    params: Record<string, unknown>,
    read: (result: unknown) => T | undefined,
    what: string,
  ): Promise<CallOutcome<T>> {
    try {
      return this.#callJson(method, JSON.stringify(this.withTenant(params)), read, what);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #callJson<T>(
    method: string,
    paramsJson: string,
    read: (result: unknown) => T | undefined,
    what: string,
  ): Promise<CallOutcome<T>> {
    // A promise chain rather than an async frame: every request of a load run passes here.
    return this.#prepared(method)
      .callJson(paramsJson, this.#plainCall)
      .then((outcome) => readOutcome(outcome, method, read, what));
  }

  private core(op: Operation): string {
    return methodName(this.target.generation, op);
  }

  private unsupported<T>(op: ExtraOp): CallOutcome<T> | undefined {
    if (extraMethod(this.target.generation, op)) return undefined;
    return {
      ok: false,
      kind: "unsupported",
      reason: `A2A ${this.target.generation} over JSON-RPC has no ${op} method`,
      trafficIds: [],
    };
  }

  send(input: SendInput, options?: SendOptions): Promise<CallOutcome<Task | Message>> {
    return sendNamingSkill({
      ...this.#namingSkill(input),
      ...callForms<Task | Message>(),
      attempt: (named) => this.#sendAsGiven(named, options),
    });
  }

  /** Where the skill an agent wants named is kept, for one message (src/client/skill-metadata.ts). */
  #namingSkill(input: SendInput) {
    return { memory: this.#learned, key: this.#partFormKey, skillIds: this.#skillIds, input };
  }

  #sendAsGiven(input: SendInput, options?: SendOptions): Promise<CallOutcome<Task | Message>> {
    const { generation } = this.target;
    return sendOrStream({
      send: this.core("send"),
      stream: this.core("stream"),
      memory: this.#learned,
      key: this.#partFormKey,
      sent: () =>
        sendInTakenForm({
          ...this.#inTakenForm(input),
          ...callForms<Task | Message>(),
          attempt: (form) =>
            this.call(
              this.core("send"),
              sendParams(generation, input, options, form),
              normalizeSendResult,
              "a Message or a Task",
            ),
        }),
      streamed: () => this.stream(input),
    });
  }

  /** Where the part form an agent takes is kept, for one message (src/client/part-forms.ts). */
  #inTakenForm(input: SendInput) {
    const { generation } = this.target;
    return { memory: this.#learned, key: this.#partFormKey, generation, input };
  }

  /** The params are laid out once, then sent each time around a fresh message id (see A2AClient.prepareSend). */
  prepareSend(input: SendInput): () => Promise<CallOutcome<Task | Message>> {
    const each = () => this.send(input);
    // 0.1 sends a fresh task id with each message too; a messageId the caller chose is sent as given; an
    // agent whose send method is unserved gets its messages as streams (send-by-stream.ts).
    if (
      this.target.generation === "0.1" ||
      input.messageId ||
      sendsByStream(this.#learned, this.#partFormKey)
    )
      return each;
    const form = this.#learned.partForm(this.#partFormKey)?.form;
    const json = repeatedMessageJson((messageId) =>
      this.withTenant(sendParams(this.target.generation, { ...input, messageId }, {}, form)),
    );
    if (!json) return each;
    const method = this.core("send");
    return () => this.#callJson(method, json(), normalizeSendResult, "a Message or a Task");
  }

  stream(input: SendInput, onEvent?: StreamListener): Promise<StreamOutcome> {
    return sendNamingSkill({
      ...this.#namingSkill(input),
      ...streamForms,
      attempt: (named) => this.#streamAsGiven(named, onEvent),
    });
  }

  #streamAsGiven(input: SendInput, onEvent?: StreamListener): Promise<StreamOutcome> {
    const { generation } = this.target;
    return sendInTakenForm({
      ...this.#inTakenForm(input),
      ...streamForms,
      attempt: (form) =>
        this.streamCall(this.core("stream"), sendParams(generation, input, {}, form), onEvent),
    });
  }

  subscribe(id: string, onEvent?: StreamListener): Promise<StreamOutcome> {
    return this.streamCall(this.core("resubscribe"), { id }, onEvent);
  }

  private async streamCall(
    method: string,
    params: Record<string, unknown>,
    onEvent?: StreamListener,
  ): Promise<StreamOutcome> {
    // An unframed event that is no A2A event either reaches no listener; the first readable one after it
    // carries its word, so the defect is named at the event where it began (seen: 9 named SSE events first).
    let firstUnframed: string | undefined;
    const live = onEvent
      ? (r: unknown, unframed?: string, stray?: true) => {
          firstUnframed ??= unframed;
          const reply = normalizeReply(r);
          if (reply) onEvent(reply, r, firstUnframed, stray);
        }
      : undefined;
    return streamOutcomeOf(method, await this.rawCall(method, this.withTenant(params), live));
  }

  getTask(id: string, historyLength?: number): Promise<CallOutcome<Task>> {
    const length = historyLength === undefined ? {} : { historyLength };
    return this.taskCall(this.core("get"), id, length);
  }

  cancelTask(id: string): Promise<CallOutcome<Task>> {
    return this.taskCall(this.core("cancel"), id, {});
  }

  /**
   * A call naming a task by `id`, as every generation names it. Read leniently: an agent that reads the id only
   * as `taskId` (the name its other params use) still has its tasks read and canceled, so one misnamed parameter
   * is one finding (lifecycle.get-task's), not every later check's. Retried so on any A2A error, not only
   * InvalidParams (seen at first sight: `{id}` answered "Task not found: undefined" and -32004 "Task not found");
   * a task that truly does not exist is refused both ways, and the first refusal is the answer.
   */
  private async taskCall(
    method: string,
    id: string,
    extra: Record<string, unknown>,
  ): Promise<CallOutcome<Task>> {
    const asSpecified = await this.call(method, { id, ...extra }, normalizeTaskResult, "a Task");
    if (asSpecified.ok || asSpecified.kind !== "error") return asSpecified;
    const renamed = await this.call(method, { taskId: id, ...extra }, normalizeTaskResult, "a Task");
    // An agent that finds the task under `taskId` and will not cancel it knows it: that refusal is the answer.
    if (!renamed.ok && renamed.kind === "error" && renamed.error.code === a2aCodes.taskNotCancelable)
      return { ...renamed, trafficIds: [...asSpecified.trafficIds, ...renamed.trafficIds] };
    // Only the task asked for counts: an agent that reads neither name may answer about another one.
    if (!renamed.ok || renamed.value.id !== id) return asSpecified;
    return {
      ...renamed,
      trafficIds: [...asSpecified.trafficIds, ...renamed.trafficIds],
      readDespite: `${method} refused the task id as "id" (${asSpecified.error.code} ${asSpecified.error.message}) and read it only as "taskId"`,
    };
  }

  async listTasks(query?: ListTasksQuery): Promise<CallOutcome<TaskPage>> {
    return (
      this.unsupported<TaskPage>("list") ??
      this.call(
        extraMethod(this.target.generation, "list") as string,
        listParams(query),
        readTaskPage,
        "a ListTasks page",
      )
    );
  }

  async setPushConfig(taskId: string, config: PushConfig): Promise<CallOutcome<PushConfig>> {
    return (
      this.unsupported<PushConfig>("pushSet") ??
      this.call(
        extraMethod(this.target.generation, "pushSet") as string,
        pushSetParams(this.target.generation, taskId, config),
        readPushConfig,
        "a push notification config",
      )
    );
  }

  async getPushConfig(taskId: string, configId?: string): Promise<CallOutcome<PushConfig>> {
    return (
      this.unsupported<PushConfig>("pushGet") ??
      this.call(
        extraMethod(this.target.generation, "pushGet") as string,
        pushRefParams(this.target.generation, taskId, configId),
        readPushConfig,
        "a push notification config",
      )
    );
  }

  async listPushConfigs(taskId: string): Promise<CallOutcome<PushConfig[]>> {
    const params = this.target.generation === "1.0" ? { taskId } : { id: taskId };
    return (
      this.unsupported<PushConfig[]>("pushList") ??
      this.call(
        extraMethod(this.target.generation, "pushList") as string,
        params,
        readPushList,
        "a list of push notification configs",
      )
    );
  }

  async deletePushConfig(taskId: string, configId: string): Promise<CallOutcome<null>> {
    return (
      this.unsupported<null>("pushDelete") ??
      this.call(
        extraMethod(this.target.generation, "pushDelete") as string,
        pushRefParams(this.target.generation, taskId, configId),
        () => null,
        "null",
      )
    );
  }

  async getExtendedCard(): Promise<CallOutcome<unknown>> {
    return (
      this.unsupported<unknown>("extendedCard") ??
      this.call(
        extraMethod(this.target.generation, "extendedCard") as string,
        {},
        (r) => (typeof r === "object" && r !== null ? r : undefined),
        "an agent card",
      )
    );
  }

  close(): void {}
}

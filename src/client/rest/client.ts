import type { Message, Task } from "../../protocol/model.js";
import type {
  A2AClient,
  CallOutcome,
  ClientContext,
  ClientTarget,
  ListTasksQuery,
  LearnedEndpoints,
  PushConfig,
  SendInput,
  SendOptions,
  StreamOutcome,
  TaskPage,
  StreamListener,
} from "../types.js";
import { LearnedEndpointsMemory } from "../learned-endpoints.js";
import { repeatedMessageJson } from "../message-id.js";
import type { PartStyle } from "../message-parts.js";
import {
  partFormKey,
  restCallForms,
  restMessageForms,
  restStreamForms,
  sendInTakenForm,
} from "../part-forms.js";
import { listQuery, pushConfigBody, sendBodyIn } from "./bodies.js";
import { sendRest, toOutcome } from "./exchange.js";
import type { RestRequest } from "./exchange.js";
import { RestRoutes } from "./paths.js";
import {
  readCard,
  readPushConfig,
  readPushConfigList,
  readSendResult,
  readTask,
  readTaskPage,
} from "./replies.js";
import type { Decoded } from "./replies.js";
import { streamRest, verbRefused } from "./stream.js";

export type HttpVerb = "POST" | "GET";

/** Which verb answered the last subscribe, and the one refused before it when the client fell back. */
export interface SubscribeVerbReport {
  verb: HttpVerb;
  fallbackFrom?: { verb: HttpVerb; httpStatus: number | undefined };
}

/** The HTTP+JSON client, plus what it learned about the subscribe verb (A2A 1.0 §11). */
export interface RestClient extends A2AClient {
  readonly lastSubscribe: SubscribeVerbReport | undefined;
  readonly lastSubscribeVerb: HttpVerb | undefined;
}

const nothing = (): Decoded<null> => ({ ok: true, value: null });

function unsupportedStream(reason: string): StreamOutcome {
  return {
    failure: { ok: false, kind: "unsupported", reason, trafficIds: [] },
    events: [],
    rawEvents: [],
    invalidEvents: [],
    errors: [],
    contentType: "",
    end: { reason: "error", message: reason },
    arrivalsMs: [],
    trafficIds: [],
  };
}

class HttpJsonClient implements RestClient {
  readonly #routes: RestRoutes;
  readonly #refusal: string | undefined;
  readonly #learned: LearnedEndpoints;
  readonly #partFormKey: string;
  #lastSubscribe: SubscribeVerbReport | undefined;

  constructor(
    readonly target: ClientTarget,
    private readonly ctx: ClientContext,
  ) {
    this.#routes = new RestRoutes(target, ctx.query);
    this.#refusal =
      target.binding !== "HTTP+JSON"
        ? `this client speaks HTTP+JSON, not ${target.binding}`
        : target.generation === "0.3" || target.generation === "1.0"
          ? undefined
          : `A2A ${target.generation} defines no HTTP+JSON binding (it arrived with 0.3, A2A 1.0 §11)`;
    this.#learned = ctx.learned ?? new LearnedEndpointsMemory();
    this.#partFormKey = partFormKey(target.url, target.generation, "HTTP+JSON");
  }

  get lastSubscribe(): SubscribeVerbReport | undefined {
    return this.#lastSubscribe;
  }

  get lastSubscribeVerb(): HttpVerb | undefined {
    return this.#lastSubscribe?.verb;
  }

  send(input: SendInput, options?: SendOptions): Promise<CallOutcome<Task | Message>> {
    return sendInTakenForm({
      ...this.#inTakenForm(input),
      ...restCallForms<Task | Message>(),
      attempt: (form) => this.#sendIn(form, input, options),
    });
  }

  /** Where the message form an endpoint takes is kept, for one message (src/client/part-forms.ts). */
  #inTakenForm(input: SendInput) {
    const { generation } = this.target;
    return { memory: this.#learned, key: this.#partFormKey, generation, input, family: restMessageForms };
  }

  #sendIn(
    form: PartStyle | undefined,
    input: SendInput,
    options?: SendOptions,
  ): Promise<CallOutcome<Task | Message>> {
    const body = sendBodyIn(this.target.generation, input, options, form);
    return this.#call(
      { method: "POST", url: this.#routes.sendMessage(), body, label: "SendMessage" },
      readSendResult,
    );
  }

  /**
   * The body is laid out once per form, then sent each time around a fresh message id (see
   * A2AClient.prepareSend), in the form the endpoint takes.
   */
  prepareSend(input: SendInput): () => Promise<CallOutcome<Task | Message>> {
    const each = () => this.send(input);
    // A messageId the caller chose is sent as given.
    if (input.messageId) return each;
    const layOut = (form: PartStyle | undefined) =>
      repeatedMessageJson((messageId) =>
        sendBodyIn(this.target.generation, { ...input, messageId }, {}, form),
      );
    const asSpecified = layOut(undefined);
    if (!asSpecified) return each;
    const laidOut = new Map<PartStyle | undefined, (() => string) | undefined>([[undefined, asSpecified]]);
    const url = this.#routes.sendMessage();
    const attempt = (form: PartStyle | undefined) => {
      if (!laidOut.has(form)) laidOut.set(form, layOut(form));
      const json = laidOut.get(form);
      if (!json) return this.#sendIn(form, input);
      return this.#call({ method: "POST", url, rawBody: json(), label: "SendMessage" }, readSendResult);
    };
    return () =>
      sendInTakenForm({ ...this.#inTakenForm(input), ...restCallForms<Task | Message>(), attempt });
  }

  stream(input: SendInput, onEvent?: StreamListener): Promise<StreamOutcome> {
    if (this.#refusal) return Promise.resolve(unsupportedStream(this.#refusal));
    const url = this.#routes.streamMessage();
    return sendInTakenForm({
      ...this.#inTakenForm(input),
      ...restStreamForms,
      attempt: (form) => {
        const body = sendBodyIn(this.target.generation, input, {}, form);
        const req: RestRequest = { method: "POST", url, body, label: "SendStreamingMessage" };
        return streamRest(this.target, this.ctx, req, onEvent, true);
      },
    });
  }

  getTask(id: string, historyLength?: number): Promise<CallOutcome<Task>> {
    return this.#call(
      { method: "GET", url: this.#routes.task(id, { historyLength }), label: "GetTask" },
      readTask,
    );
  }

  listTasks(query: ListTasksQuery = {}): Promise<CallOutcome<TaskPage>> {
    if (this.target.generation !== "1.0" && !this.#refusal) {
      return this.#unsupported("ListTasks exists from A2A 1.0; the 0.3 proto has no such RPC (A2A 1.0 §5.3)");
    }
    const url = this.#routes.tasks(listQuery(query));
    return this.#call({ method: "GET", url, label: "ListTasks" }, readTaskPage);
  }

  cancelTask(id: string): Promise<CallOutcome<Task>> {
    return this.#call({ method: "POST", url: this.#routes.cancel(id), label: "CancelTask" }, readTask);
  }

  /**
   * The subscribe verb is unresolved (A2A 1.0 §11: the protos say GET, the spec text of 0.3 and
   * 1.0 §5.3/§11.3 says POST). POST is tried first, as the text says; a 405, or a 404 that names no
   * A2A error (no such route), is retried with GET, and `lastSubscribe` records the fallback.
   */
  async subscribe(id: string, onEvent?: StreamListener): Promise<StreamOutcome> {
    if (this.#refusal) return unsupportedStream(this.#refusal);
    const url = this.#routes.subscribe(id);
    const first = await streamRest(
      this.target,
      this.ctx,
      { method: "POST", url, label: "SubscribeToTask" },
      onEvent,
    );
    if (!verbRefused(first)) {
      this.#lastSubscribe = { verb: "POST" };
      return first;
    }
    const httpStatus = first.failure?.kind === "error" ? first.failure.error.httpStatus : undefined;
    const second = await streamRest(
      this.target,
      this.ctx,
      { method: "GET", url, label: "SubscribeToTask" },
      onEvent,
    );
    this.#lastSubscribe = { verb: "GET", fallbackFrom: { verb: "POST", httpStatus } };
    return { ...second, trafficIds: [...first.trafficIds, ...second.trafficIds] };
  }

  setPushConfig(taskId: string, config: PushConfig): Promise<CallOutcome<PushConfig>> {
    const body = pushConfigBody(this.target.generation, taskId, config);
    const url = this.#routes.pushConfigs(taskId);
    return this.#call(
      { method: "POST", url, body, label: "CreateTaskPushNotificationConfig" },
      readPushConfig,
    );
  }

  getPushConfig(taskId: string, configId?: string): Promise<CallOutcome<PushConfig>> {
    // REST addresses a config as a resource; the 0.x JSON-RPC "default config" has no URL here.
    if (configId === undefined && !this.#refusal) {
      return this.#unsupported("HTTP+JSON reads a push config by its id: pass configId");
    }
    const url = this.#routes.pushConfig(taskId, configId ?? "");
    return this.#call({ method: "GET", url, label: "GetTaskPushNotificationConfig" }, readPushConfig);
  }

  listPushConfigs(taskId: string): Promise<CallOutcome<PushConfig[]>> {
    const url = this.#routes.pushConfigs(taskId);
    return this.#call({ method: "GET", url, label: "ListTaskPushNotificationConfigs" }, readPushConfigList);
  }

  deletePushConfig(taskId: string, configId: string): Promise<CallOutcome<null>> {
    const url = this.#routes.pushConfig(taskId, configId);
    return this.#call({ method: "DELETE", url, label: "DeleteTaskPushNotificationConfig" }, nothing, true);
  }

  getExtendedCard(): Promise<CallOutcome<unknown>> {
    const url = this.#routes.extendedCard();
    return this.#call({ method: "GET", url, label: "GetExtendedAgentCard" }, readCard);
  }

  close(): void {
    // Plain HTTP keeps no channel open between calls.
  }

  async #call<T>(
    req: RestRequest,
    decode: (raw: unknown) => Decoded<T>,
    emptyOk = false,
  ): Promise<CallOutcome<T>> {
    if (this.#refusal) return this.#unsupported(this.#refusal);
    return toOutcome(await sendRest(this.target, this.ctx, req), decode, emptyOk);
  }

  #unsupported<T>(reason: string): Promise<CallOutcome<T>> {
    return Promise.resolve({ ok: false, kind: "unsupported", reason, trafficIds: [] });
  }
}

/** An A2AClient over the HTTP+JSON binding of A2A 0.3 or 1.0; other generations get `unsupported`. */
export function createRestClient(target: ClientTarget, ctx: ClientContext): RestClient {
  return new HttpJsonClient(target, ctx);
}

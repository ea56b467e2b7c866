import type { RateLimitGate } from "../net/rate-limit.js";
import type { Transport } from "../model/transport.js";
import type { NetError } from "../net/errors.js";
import type { StreamEndReason } from "../net/http-hop.js";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { TrafficLog } from "../net/traffic.js";
import type { ProtocolGeneration } from "../model/generation.js";
import type { Message, Reply, Task, TaskState } from "../protocol/model.js";

/** Which interface a client talks to: one URL, one binding, one protocol generation. */
export interface ClientTarget {
  url: string;
  binding: Transport;
  generation: ProtocolGeneration;
  /** 1.0: a tenant declared by the interface, sent with every request. */
  tenant?: string;
  /** Extension URIs activated on every request (the ones the card marks required); see extensions.ts. */
  extensions?: readonly string[];
  /**
   * 1.0 requests go without A2A-Version: the agent refuses `A2A-Version: 1.0` (-32009) yet serves 1.0's
   * methods without it (found by negotiate.ts, reported by errors.version-served).
   */
  withoutVersionHeader?: true;
}

/** What every request carries, whatever the binding. */
export interface ClientContext {
  /** Headers (already resolved, credentials included) sent with every request; gRPC sends them as metadata. */
  headers: Record<string, string>;
  /** Query parameters added to every HTTP request (API keys "in: query"). */
  query?: Record<string, string>;
  timeoutMs: number;
  /**
   * How long a message stream may stay silent once open (at most timeoutMs), read again while it is
   * silent; timeoutMs when absent. See streamQuietLimit.
   */
  messageStreamQuietMs?: () => number;
  policy: OutboundPolicy;
  traffic: TrafficLog;
  /** The owner's signal (an inspector turn, a run): aborting it closes every request and stream at once. */
  signal?: AbortSignal;
  /** Where the tasks the agent starts are noted, so that a stopped run can cancel those still open. */
  tasks?: TaskRecorder;
  /** Cap on each response, a stream's events included (default 10 MiB): the inspector's chats take less. */
  maxResponseBytes?: number;
  /**
   * Bytes appended to every gRPC request message: a field its schema does not define, for the check that
   * unknown fields are ignored (a protobuf message may carry field numbers its reader skips).
   */
  grpcUnknownField?: Buffer;
  /**
   * What each endpoint was found to take (a part form, messages only as streams), shared by the clients of a
   * run (src/client/learned-endpoints.ts); each client learns on its own without it.
   */
  learned?: LearnedEndpoints;
  /** The run's gate for an agent that limits its rate (src/net/rate-limit.ts); a load run has none. */
  rateLimit?: RateLimitGate;
  /**
   * The skill ids the agent's card declares, for an agent that takes messages only when they name one
   * (src/client/skill-metadata.ts).
   */
  skillIds?: readonly string[];
}

/** A text part form an endpoint was found to take instead of its generation's own (src/client/part-forms.ts). */
export interface LearnedPartForm {
  /** The generation whose form it is (message-parts.ts PartStyle). */
  form: ProtocolGeneration | "proto-0.3";
  /** What the agent answered the spec's form with, for the finding. */
  refusal: string;
}

/**
 * What a run learned of each endpoint (by src/client/part-forms.ts partFormKey), shared by its clients so
 * that each fact is learned once, not once per check (src/client/learned-endpoints.ts keeps it).
 */
export interface LearnedEndpoints {
  /** The text part form the endpoint takes instead of its generation's own, once learned (part-forms.ts). */
  partForm(key: string): LearnedPartForm | undefined;
  learnPartForm(key: string, learned: LearnedPartForm): void;
  /** Whether the endpoint took a message in the spec's own form (a later refusal is then not the form's). */
  tookSpecifiedForm(key: string): boolean;
  noteSpecifiedFormTaken(key: string): void;
  /** Why the endpoint's send method was refused, when its messages go as streams instead (send-by-stream.ts). */
  sendRefusal(key: string): string | undefined;
  learnSendByStream(key: string, refusal: string): void;
  /** The skill the endpoint's messages must name, once learned (skill-metadata.ts). */
  requiredSkill(key: string): LearnedSkill | undefined;
  learnRequiredSkill(key: string, learned: LearnedSkill): void;
}

/** A skill an endpoint takes messages only for, named in their metadata (src/client/skill-metadata.ts). */
export interface LearnedSkill {
  skill: string;
  /** What the agent answered a message naming no skill with, for the finding. */
  refusal: string;
}

/** Notes the state of each task a client's replies show (src/client/task-ledger.ts keeps them). */
export interface TaskRecorder {
  /** `canceller` makes a client for that task's binding and caller that outlives a stopped run. */
  note(id: string | undefined, state: TaskState, canceller: () => A2AClient): void;
}

/** An A2A error, the same shape whatever binding reported it. */
export interface A2AError {
  /** JSON-RPC code; REST and gRPC errors are mapped onto the same codes (the A2A spec §4). */
  code: number;
  /** Spec name when known: TaskNotFound, TaskNotCancelable, MethodNotFound, VersionNotSupported... */
  name: string;
  message: string;
  data?: unknown;
  httpStatus?: number;
  /** gRPC status code name, e.g. NOT_FOUND. */
  grpcStatus?: string;
}

/** A call's outcome. A misbehaving agent is a value here, never an exception. */
export type CallOutcome<T> =
  | {
      ok: true;
      value: T;
      raw: unknown;
      trafficIds: string[];
      /**
       * Set when the value was read only by bending the request (the task id sent as `taskId` after the
       * spec's `id` was refused): the rest of the suite reads on, the check that owns the call fails on it.
       */
      readDespite?: string;
      /** With readDespite: the request was bent into a form the spec's own text gives too (part-forms.ts). */
      readDespiteAllowed?: true;
    }
  | { ok: false; kind: "error"; error: A2AError; raw?: unknown; trafficIds: string[] }
  /** The reply broke the binding's rules (not JSON, wrong id, result and error, wrong shape). */
  | {
      ok: false;
      kind: "invalid";
      reason: string;
      raw?: unknown;
      trafficIds: string[];
      /** An event stream that came where one response was expected: its readable events, in order. */
      events?: Reply[];
    }
  /** The request could not complete: a net rule (policy, cap, timeout, connection) stopped it. */
  | { ok: false; kind: "unreachable"; error: NetError; trafficIds: string[] }
  /** This generation or binding has no such operation (e.g. ListTasks before 1.0). */
  | { ok: false; kind: "unsupported"; reason: string; trafficIds: string[] };

/** A stream as it arrived: normalised events, raw events, and why it ended. */
/**
 * Each readable event of a stream as it arrives, with its raw payload; `unframed` is set when the event, or an
 * unreadable one before it, came without the envelope its binding frames events in (a JSON-RPC event that is
 * the bare payload), naming the first such event.
 */
/** `stray`: the event was read only past a stray byte (0x1E) before its JSON (JSON-RPC only). */
export type StreamListener = (event: Reply, raw: unknown, unframed?: string, stray?: true) => void;

export interface StreamOutcome {
  /** Set when the server refused before streaming (an error reply instead of an event stream). */
  failure?: Exclude<CallOutcome<never>, { ok: true }>;
  events: Reply[];
  /** The raw payload of each event (JSON-RPC `result`, REST body, gRPC message as JSON), same order. */
  rawEvents: unknown[];
  /** Events that could not be read, with the reason. */
  invalidEvents: string[];
  /** Errors delivered inside the stream. */
  errors: A2AError[];
  /** JSON-RPC only: the first event whose id does not echo the request's (the event itself is still read). */
  foreignId?: string;
  /** Media type of the HTTP response (empty for gRPC). */
  contentType: string;
  end: { reason: StreamEndReason; message?: string };
  /** Milliseconds from the request to each event. */
  arrivalsMs: number[];
  trafficIds: string[];
  /** As CallOutcome's: the stream was read only by bending the request (src/client/part-forms.ts). */
  readDespite?: string;
  readDespiteAllowed?: true;
}

/** A part sent after the message's text part: structured data, or a file sent inline as base64. */
export type OutgoingPart =
  | { kind: "data"; data: Record<string, unknown> }
  | {
      kind: "file";
      name: string;
      mediaType: string;
      bytes: string;
      /** The part's own metadata (Part.metadata: A2A 0.3 §6.5, 1.0 §4.1.6). */
      metadata?: Record<string, unknown>;
    };

export interface SendInput {
  text: string;
  contextId?: string;
  taskId?: string;
  /** A prepared message id (checks that need one); a fresh UUID otherwise. */
  messageId?: string;
  /** Data and file parts after the text part (red-team attacks); default none. */
  parts?: OutgoingPart[];
  /** The message's metadata (every generation has Message.metadata). */
  metadata?: Record<string, unknown>;
  /** The request's own metadata beside the message (0.1 TaskSendParams, 0.3 MessageSendParams, 1.0 SendMessageRequest). */
  requestMetadata?: Record<string, unknown>;
  /**
   * Members added to the text part beside its generation's own (a check that offers other generations'
   * discriminators as well, such as 0.1's `type`, to see which one the agent reads); JSON bindings only.
   */
  textPartAlso?: Record<string, unknown>;
}

export interface SendOptions {
  /** 1.0 returnImmediately / 0.x blocking:false. */
  returnImmediately?: boolean;
  historyLength?: number;
  acceptedOutputModes?: string[];
  /** A push config for the new task, given in the send itself (0.x pushNotificationConfig, 1.0 taskPushNotificationConfig); not sent over gRPC. */
  pushConfig?: PushConfig;
}

export interface ListTasksQuery {
  contextId?: string;
  status?: string;
  pageSize?: number;
  pageToken?: string;
  historyLength?: number;
  includeArtifacts?: boolean;
  /** RFC 3339 (ProtoJSON Timestamp): only tasks whose status was updated at or after it. */
  statusTimestampAfter?: string;
}

export interface TaskPage {
  tasks: Task[];
  nextPageToken: string;
  pageSize?: number;
  totalSize?: number;
}

export interface PushConfig {
  id?: string;
  url: string;
  token?: string;
  /** 1.0 `scheme` + `credentials`; 0.x `schemes[0]` + `credentials`. */
  authentication?: { scheme: string; credentials?: string };
}

/** One client interface for every generation and binding (issue: protocol clients). */
export interface A2AClient {
  readonly target: ClientTarget;
  send(input: SendInput, options?: SendOptions): Promise<CallOutcome<Task | Message>>;
  /**
   * `input` ready to be sent again and again, each time as a new message (a fresh messageId) as send(input)
   * would send it: a load run repeats one message, and a binding that can lay the request out once does.
   */
  prepareSend(input: SendInput): () => Promise<CallOutcome<Task | Message>>;
  stream(input: SendInput, onEvent?: StreamListener): Promise<StreamOutcome>;
  getTask(id: string, historyLength?: number): Promise<CallOutcome<Task>>;
  listTasks(query?: ListTasksQuery): Promise<CallOutcome<TaskPage>>;
  cancelTask(id: string): Promise<CallOutcome<Task>>;
  /** 0.x tasks/resubscribe, 1.0 SubscribeToTask. */
  subscribe(id: string, onEvent?: StreamListener): Promise<StreamOutcome>;
  setPushConfig(taskId: string, config: PushConfig): Promise<CallOutcome<PushConfig>>;
  getPushConfig(taskId: string, configId?: string): Promise<CallOutcome<PushConfig>>;
  listPushConfigs(taskId: string): Promise<CallOutcome<PushConfig[]>>;
  deletePushConfig(taskId: string, configId: string): Promise<CallOutcome<null>>;
  /** 0.3 agent/getAuthenticatedExtendedCard, 1.0 GetExtendedAgentCard; the raw card JSON. */
  getExtendedCard(): Promise<CallOutcome<unknown>>;
  /** Releases connections (gRPC channels); HTTP bindings need nothing. */
  close(): void;
}

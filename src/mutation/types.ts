import type { SseEvent } from "./sse.js";

/** Which binding an exchange used, as the request shows it. */
export type Binding = "jsonrpc" | "rest" | "other";

/** Which generation of the protocol a request belongs to, by the spelling of its method or path. */
export type Generation = "0.x" | "1.0";

/** An A2A wire version the suite tells apart. */
export type WireVersion = "0.1" | "0.2" | "0.3" | "1.0";

/** The A2A operation a request asks for, the same word for every generation and binding. */
export type Verb =
  "send" | "stream" | "get" | "cancel" | "subscribe" | "push" | "list" | "card" | "extended-card" | "unknown";

/** What the proxy knows about one request when a mutation looks at its reply. */
export interface Exchange {
  path: string;
  httpMethod: string;
  binding: Binding;
  /** Undefined when the request named no method the proxy knows (0.x and 1.0 spell them differently). */
  generation: Generation | undefined;
  verb: Verb;
  /** The parsed request body; undefined when it was empty or not JSON. */
  request: unknown;
  /** True when the request body was not JSON at all (a parse-error probe). */
  requestUnparsable: boolean;
  /** The request's Accept header, when it sent one. */
  accept?: string;
}

/**
 * One gRPC call of an A2A agent (lf.a2a.v1.A2AService for 1.0, a2a.v1.A2AService for 0.3), its request
 * decoded by the service definition of its generation.
 */
export interface GrpcExchange {
  generation: Generation;
  /** The request carried field numbers its proto does not define (forwarded to the agent as they came). */
  unknownFields: boolean;
  /** The method's name: SendMessage, GetTask, ... */
  method: string;
  verb: Verb;
  request: unknown;
}

/** A gRPC error status as the proxy passes it on. */
export interface GrpcError {
  code: number;
  details: string;
  metadata: Record<string, string | Buffer>;
}

/**
 * The outcome of a gRPC call, as a mutation may rewrite it: an error status, the decoded response,
 * or `raw` bytes sent in place of an encoded response (a reply that is not protobuf at all).
 */
export interface GrpcReply {
  error?: GrpcError;
  response?: unknown;
  raw?: Buffer;
}

/**
 * A request as the agent will receive it, which a mutation may rewrite before it is forwarded (a
 * deviation of an agent that reads its requests differently: other paths, ignored headers).
 */
export interface ForwardedRequest {
  httpMethod: string;
  /** The path with its query string. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string | string[]>;
  /** The parsed JSON body; undefined when it was empty or not JSON (then its bytes are sent as they came). */
  body: unknown;
}

/** A gRPC call as the agent will receive it: its decoded request and its metadata. */
export interface ForwardedGrpcCall {
  request: unknown;
  metadata: Record<string, string | Buffer>;
}

/** A JSON object as the proxy handles it: anything goes, a mutation checks what it needs. */
export type Json = Record<string, unknown>;

/** A reply that is not a stream, as a mutation may rewrite it. */
export interface BufferedReply {
  status: number;
  contentType: string;
  /** The parsed body, or undefined when the body was not JSON. */
  body: unknown;
  /**
   * The reply's other headers, names in lower case (content type and length are the proxy's to set),
   * for deviations in headers such as a card without its caching headers; a reply a mutation builds
   * without them keeps the agent's.
   */
  headers?: Record<string, string | string[]>;
  /** Bytes sent in place of the body: a reply that is no JSON at all (an empty event stream). */
  raw?: string;
}

/** Per-proxy memory for mutations that act on a later exchange (a cancel undone by the next read). */
export type MutationMemory = Map<string, unknown>;

/**
 * One named deviation from the spec that the proxy can put into any agent's traffic. Each hook
 * returns the changed value, or undefined to leave it as it was; the proxy counts the changes.
 */
export interface Mutation extends MutationHooks {
  id: string;
  /** The deviation in words, as a finding would describe it. */
  what: string;
  /** The spec clause the deviation breaks. */
  clause: string;
  /**
   * The check that owns the deviation: it must fail with the mutation and pass without it. By generation,
   * or by wire version where a generation's versions judge it with different checks (0.1 and 0.2 give as
   * SHOULD what 0.3 makes a MUST); a version's entry wins over its generation's.
   */
  check: string | Partial<Record<Generation | WireVersion, string>>;
  /**
   * The bindings the deviation is played on, where the check must fail (judged per binding);
   * none for a card deviation, judged once for the agent. gRPC calls are decoded with the service
   * definition of the card's generation (0.3's a2a.v1 or 1.0's lf.a2a.v1).
   */
  bindings?: ReadonlyArray<"JSONRPC" | "HTTP+JSON" | "GRPC">;
  /**
   * The TCK requirement ids (of its check's `tck`) the deviation breaks: the coverage table credits
   * an id only to a violation of it (src/checks/coverage.ts).
   */
  violates?: readonly string[];
  /** Generations the deviation exists in (default: both). */
  generations?: readonly Generation[];
  /**
   * The wire versions the deviation is one in, where that is finer than its generations (a method that
   * early 0.2 releases lack may go unserved on a 0.2 agent); default: every version of its generations.
   */
  protocols?: readonly WireVersion[];
  /**
   * Played on agents the run is given credentials for, and a second caller's (--identity): the checks of
   * authentication and task scope judge nothing without them.
   */
  credentials?: true;
  /** Played with a second agent as --peer: the interop checks judge nothing without one. */
  peer?: true;
  /**
   * The correct agent this deviation departs from, when the agent behind the proxy is not that agent by
   * itself: played in the run without the mutation, where the check must pass (a card that claims no
   * push notifications with the push methods refused as such, where the deviation lets them through).
   * The mutation's own hooks play the whole setting with the deviation in it.
   */
  correct?: MutationHooks;
}

/** What the proxy may change, each hook returning the changed value or undefined to leave it. */
export interface MutationHooks {
  /**
   * The generations whose traffic the hooks change (default: both). An agent serving two generations at one
   * URL keeps the other generation's traffic as it is: a deviation of 1.0 says nothing of its 0.3 replies.
   */
  generations?: readonly Generation[];
  /**
   * The card's URLs are left pointing at the agent: its signature covers them (A2A 1.0.1 §8.4.1), so
   * only checks of the card itself are judged through the proxy then; no gRPC proxy is started either.
   */
  cardUrlsKept?: true;
  card?(card: Json): Json | undefined;
  /** The request before it is forwarded; `x` describes it as the client sent it. */
  request?(request: ForwardedRequest, x: Exchange, memory: MutationMemory): ForwardedRequest | undefined;
  /** A gRPC call's request and metadata before it is forwarded. */
  grpcRequest?(
    call: ForwardedGrpcCall,
    x: GrpcExchange,
    memory: MutationMemory,
  ): ForwardedGrpcCall | undefined;
  /**
   * A gRPC server stream refused before it starts: the status the client gets instead of
   * the agent's stream.
   */
  grpcStreamRefusal?(x: GrpcExchange, memory: MutationMemory): GrpcError | undefined;
  reply?(reply: BufferedReply, x: Exchange, memory: MutationMemory): BufferedReply | undefined;
  /**
   * One event's framing as it goes out (after `event`): its other lines (id:, event:, comments) and its
   * data text, which may span several lines (WHATWG HTML §9.2.6 joins them).
   */
  sseFraming?(event: SseEvent, x: Exchange): SseEvent | undefined;
  /** Every buffered reply waits this long before it goes out, as a slow agent's would. */
  replyDelayMs?: number;
  /** The content type of a stream's reply. */
  streamContentType?(contentType: string, x: Exchange): string | undefined;
  /**
   * One event of a stream (its parsed data). Returns the events to send in its place; `end`
   * closes the stream after them.
   */
  event?(
    event: unknown,
    x: Exchange,
    memory: MutationMemory,
  ): { events: unknown[]; end?: boolean } | undefined;
  /** A unary gRPC call's outcome. */
  grpcReply?(reply: GrpcReply, x: GrpcExchange, memory: MutationMemory): GrpcReply | undefined;
  /** One message of a gRPC server stream, as `event`. */
  grpcEvent?(
    event: unknown,
    x: GrpcExchange,
    memory: MutationMemory,
  ): { events: unknown[]; end?: boolean } | undefined;
  /**
   * The client closed a stream (SSE or gRPC) before its end; the proxy closes the agent's side too, as
   * the agent would have seen the drop without the proxy.
   */
  streamDropped?(x: Exchange | GrpcExchange, memory: MutationMemory): void;
}

/**
 * The check a mutation targets on an agent of the given generation, if any; given the wire version too,
 * the check of that version where the mutation names one.
 */
export function checkFor(m: Mutation, generation: Generation, version?: WireVersion): string | undefined {
  if (m.generations && !m.generations.includes(generation)) return undefined;
  if (typeof m.check === "string") return m.check;
  return (version && m.check[version]) || m.check[generation];
}

/**
 * The proxy's deviation for the run without the mutation: the mutation's correct twin when it has one
 * (its check must pass there), otherwise nothing.
 */
export function correctTwin(m: Mutation): Mutation | undefined {
  if (!m.correct) return undefined;
  return {
    ...m.correct,
    id: `${m.id} (correct)`,
    what: `the correct agent of ${m.id}`,
    clause: m.clause,
    check: m.check,
  };
}

import type {
  BufferedReply,
  Exchange,
  ForwardedGrpcCall,
  ForwardedRequest,
  GrpcExchange,
  GrpcReply,
  Json,
  Mutation,
  MutationMemory,
  Verb,
} from "../types.js";
import { credentialHeaders } from "./answers.js";
import { taskIn } from "./shapes.js";
import { grpcTask } from "./grpc-shapes.js";

// Deviations in authentication and task scope. The proxy sees the credentials a request carries; the
// agent's own check is bent by handing it the credentials of the caller the run authenticated as first:
// what the agent then answers is its own answer to that caller.

const OWNER = "owner-credentials";
// The credentials each request came with, by exchange (the same object reaches the reply hook).
const sentWith = new WeakMap<object, string | undefined>();

type Headers = Record<string, string | string[] | Buffer>;

/** The credentials a request carries, as one comparable text (every credential header, by name), or undefined. */
function credentialsOf(headers: Headers): string | undefined {
  const found = Object.entries(credentialHeaders(headers)).sort(([a], [b]) => a.localeCompare(b));
  return found.length > 0 ? JSON.stringify(found) : undefined;
}

/** The request's headers with its own credentials replaced by `credentials` (as credentialsOf wrote them). */
function carrying<H extends Headers>(headers: H, credentials: string): H {
  for (const name of Object.keys(credentialHeaders(headers))) delete headers[name];
  for (const [name, value] of JSON.parse(credentials) as Array<[string, string]>)
    (headers as Headers)[name] = value;
  return headers;
}

/** The run's own caller: the first credentials an answered request carried. */
function learnOwner(x: object, answered: boolean, memory: MutationMemory): void {
  const sent = sentWith.get(x);
  if (answered && sent !== undefined && !memory.has(OWNER)) memory.set(OWNER, sent);
}

/** When to hand the agent the owner's credentials instead of those a request came with. */
type Swap = (sent: string | undefined, owner: string, verb: Verb) => boolean;

/** The hooks that swap credentials as `swap` says, on HTTP and gRPC, and learn the owner from answers. */
function swappingCredentials(swap: Swap): Pick<Mutation, "request" | "reply" | "grpcRequest" | "grpcReply"> {
  return {
    request: (r: ForwardedRequest, x: Exchange, memory) => {
      const sent = credentialsOf(r.headers);
      sentWith.set(x, sent);
      const owner = memory.get(OWNER) as string | undefined;
      if (owner === undefined || !swap(sent, owner, x.verb)) return undefined;
      r.headers = carrying(r.headers, owner);
      return r;
    },
    reply: (r: BufferedReply, x: Exchange, memory) => {
      learnOwner(
        x,
        r.status < 400 && !(typeof r.body === "object" && r.body !== null && "error" in r.body),
        memory,
      );
      return undefined;
    },
    grpcRequest: (call: ForwardedGrpcCall, x: GrpcExchange, memory) => {
      const sent = credentialsOf(call.metadata);
      sentWith.set(x, sent);
      const owner = memory.get(OWNER) as string | undefined;
      if (owner === undefined || !swap(sent, owner, x.verb)) return undefined;
      call.metadata = carrying(call.metadata, owner);
      return call;
    },
    grpcReply: (r: GrpcReply, x: GrpcExchange, memory) => {
      learnOwner(x, !r.error, memory);
      return undefined;
    },
  };
}

const ALL = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;
const OWNED = "owner-task-ids";

function ownedTasks(memory: MutationMemory): Set<string> {
  const known = (memory.get(OWNED) as Set<string> | undefined) ?? new Set<string>();
  memory.set(OWNED, known);
  return known;
}

/** The task id a GetTask asks for: JSON-RPC params.id, the HTTP+JSON path, the gRPC request's id. */
function askedTaskId(x: Exchange | GrpcExchange): string | undefined {
  const request = x.request as { id?: unknown; params?: { id?: unknown } } | undefined;
  if ("binding" in x && x.binding === "rest") return /\/tasks\/([^/?:]+)/.exec(x.path)?.[1];
  const id = "binding" in x ? request?.params?.id : request?.id;
  return typeof id === "string" ? id : undefined;
}

/**
 * Hooks that note the tasks the run's own caller creates, and answer another caller's GetTask of one of
 * them as forbidden (HTTP 403, gRPC PERMISSION_DENIED) where an id never issued gets TaskNotFound.
 */
function foreignTaskForbidden(): Pick<Mutation, "request" | "reply" | "grpcRequest" | "grpcReply"> {
  const byOwner = (x: object, memory: MutationMemory) => {
    const sent = sentWith.get(x);
    const owner = memory.get(OWNER) as string | undefined;
    return {
      own: sent !== undefined && sent === owner,
      other: owner !== undefined && anotherCaller(sent, owner),
    };
  };
  return {
    request: (r, x) => void sentWith.set(x, credentialsOf(r.headers)),
    reply: (r, x, memory) => {
      learnOwner(x, r.status < 400, memory);
      const who = byOwner(x, memory);
      const created = x.verb === "send" && who.own ? taskIn(r, x)?.id : undefined;
      if (typeof created === "string") ownedTasks(memory).add(created);
      const asked = x.verb === "get" && who.other ? askedTaskId(x) : undefined;
      if (!asked || !ownedTasks(memory).has(asked)) return undefined;
      const error = {
        code: 403,
        status: "PERMISSION_DENIED",
        message: "this task belongs to another caller",
      };
      return { ...r, status: 403, contentType: "application/json", body: { error } };
    },
    grpcRequest: (call, x) => void sentWith.set(x, credentialsOf(call.metadata)),
    grpcReply: (r, x, memory) => {
      learnOwner(x, !r.error, memory);
      const who = byOwner(x, memory);
      const created = x.verb === "send" && who.own ? grpcTask(r)?.id : undefined;
      if (typeof created === "string") ownedTasks(memory).add(created);
      const asked = x.verb === "get" && who.other ? askedTaskId(x) : undefined;
      if (!asked || !ownedTasks(memory).has(asked)) return undefined;
      const details = "this task belongs to another caller";
      return { error: { code: GRPC_PERMISSION_DENIED, details, metadata: {} } };
    },
  };
}

const GRPC_PERMISSION_DENIED = 7;
const TASK_OPERATIONS = new Set<Verb>(["cancel", "subscribe", "push", "send", "stream"]);
const anotherCaller = (sent: string | undefined, owner: string) => sent !== undefined && sent !== owner;

/**
 * The card with no security declared, in any generation's spelling: the agent's credentials are then in force
 * by the wire's word only, as on an agent seen at first sight whose 0.2 card named its schemes in 0.1's
 * `authentication` member alone.
 */
function withoutDeclaredSecurity(card: Json): Json {
  const { securitySchemes: _schemes, security: _security, securityRequirements: _required, ...rest } = card;
  return rest;
}

/** A 401 as an x402 payment gateway answers a request without credentials: HTTP 402, no challenge. */
function refusedAsPayment(r: BufferedReply): BufferedReply | undefined {
  if (r.status !== 401) return undefined;
  const headers = { ...r.headers };
  delete headers["www-authenticate"];
  const body = { x402Version: 1, error: "X-PAYMENT header is required", accepts: [{ scheme: "exact" }] };
  return { ...r, status: 402, contentType: "application/json", body, headers };
}

/** Deviations in authentication (1.0.1 §7.4) and in the scope of a caller's tasks (§13.1). */
export const authMutations: Mutation[] = [
  {
    id: "missing-credentials-accepted",
    violates: ["AUTH-SERVER-002"],
    credentials: true,
    bindings: ALL,
    what: "a task request without credentials is served as if the run's own caller had sent it",
    clause: "A2A 1.0.1 §3.3.2, §7.4 (servers MUST reject requests with missing authentication credentials)",
    check: "auth.missing-credential-refused",
    ...swappingCredentials((sent) => sent === undefined),
  },
  {
    id: "wrong-credentials-accepted",
    credentials: true,
    bindings: ALL,
    what: "a task request with credentials the agent never issued is served as if the run's own caller had sent it",
    clause: "A2A 1.0.1 §3.3.2, §7.4 (servers MUST reject requests with invalid authentication credentials)",
    check: "auth.wrong-credential-refused",
    ...swappingCredentials((sent, owner) => anotherCaller(sent, owner)),
  },
  {
    id: "challenge-dropped",
    credentials: true,
    bindings: ["JSONRPC", "HTTP+JSON"],
    what: "a 401 for a missing credential carries no WWW-Authenticate header",
    clause: "A2A 1.0.1 §7.4; RFC 9110 §11.6.1 (a 401 response MUST send a WWW-Authenticate header)",
    check: "auth.challenge",
    reply: (r) => {
      if (r.status !== 401 || !r.headers || !("www-authenticate" in r.headers)) return undefined;
      const headers = { ...r.headers };
      delete headers["www-authenticate"];
      return { ...r, headers };
    },
  },
  {
    // Seen at first sight (tangle-network/agent-gateway): a send without credentials is refused, a tasks/get is
    // served. The correct agent behind the same card refuses the GetTask too.
    id: "reads-served-without-credentials",
    violates: ["AUTH-SERVER-002"],
    credentials: true,
    bindings: ALL,
    what: "a card that declares no security scheme over an agent that refuses a message without credentials, but serves a GetTask without any as if the run's own caller had sent it",
    clause:
      "A2A 0.2.5 §4.4, 0.3 §4.4 (the A2A Server MUST authenticate every incoming request), 1.0.1 §3.3.2 (servers MUST reject requests with missing authentication credentials)",
    check: "auth.missing-credential-refused",
    card: withoutDeclaredSecurity,
    correct: { card: withoutDeclaredSecurity },
    ...swappingCredentials((sent, _owner, verb) => sent === undefined && verb === "get"),
  },
  {
    id: "refusal-as-402",
    credentials: true,
    bindings: ["JSONRPC", "HTTP+JSON"],
    what: "a request without credentials is refused with HTTP 402 Payment Required and no WWW-Authenticate, instead of 401 with a challenge",
    clause:
      "A2A 0.3 §4.4 (SHOULD use 401 Unauthorized or 403 Forbidden for authentication challenges or rejections; SHOULD include WWW-Authenticate with 401), 1.0.1 §3.3.2",
    check: "auth.challenge",
    reply: refusedAsPayment,
  },
  {
    id: "get-task-unscoped",
    credentials: true,
    generations: ["1.0"],
    bindings: ALL,
    what: "GetTask serves any caller's task to another authenticated caller",
    clause: "A2A 1.0.1 §13.1 (scope limitation to the authenticated caller's authorization boundaries)",
    check: "auth.get-scoped",
    ...swappingCredentials((sent, owner, verb) => verb === "get" && anotherCaller(sent, owner)),
  },
  {
    id: "list-tasks-unscoped",
    credentials: true,
    generations: ["1.0"],
    bindings: ALL,
    what: "ListTasks lists the tasks of every caller to another authenticated caller",
    clause: "A2A 1.0.1 §3.1.4 (ListTasks returns tasks visible to the authenticated client), §13.1",
    check: "auth.list-scoped",
    ...swappingCredentials((sent, owner, verb) => verb === "list" && anotherCaller(sent, owner)),
  },
  {
    id: "task-operations-unscoped",
    credentials: true,
    generations: ["1.0"],
    bindings: ALL,
    what: "another authenticated caller can cancel, continue, subscribe to or read the push configs of the run's task",
    clause:
      "A2A 1.0.1 §13.1 (scope limitation), §3.3.2 (servers MUST NOT reveal resources the client may not access)",
    check: "auth.task-operations-scoped",
    ...swappingCredentials((sent, owner, verb) => TASK_OPERATIONS.has(verb) && anotherCaller(sent, owner)),
  },
  {
    id: "foreign-task-forbidden",
    credentials: true,
    generations: ["1.0"],
    bindings: ALL,
    what: "another caller's GetTask of the run's task is answered 403 / PERMISSION_DENIED, unlike an id never issued",
    clause:
      "A2A 1.0.1 §3.3.2 (servers MUST NOT reveal the existence of resources the client is not authorized to access)",
    check: "auth.existence-hidden",
    ...foreignTaskForbidden(),
  },
];

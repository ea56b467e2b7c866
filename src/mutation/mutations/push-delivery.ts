import http from "node:http";
import type { AddressInfo } from "node:net";
import { isObject } from "../exchange.js";
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
} from "../types.js";
import { eachObject, pushOperation, sendConfiguration } from "./shapes.js";

// Deviations in delivering push notifications. The agent calls the webhook directly, past the proxy,
// so the proxy plays them on the config: the webhook URL the agent is given is not the client's.
// The URL the agent reports back stays the client's, so only delivery, not the stored config, differs.

/** Replaces a webhook URL the client configured by the one the agent will call. */
type Redirect = (url: string) => string;

const REDIRECTS = "webhook-redirects";

/** The redirected URLs this proxy handed to the agent, each with the client's own. */
function redirects(memory: MutationMemory): Map<string, string> {
  const known = (memory.get(REDIRECTS) as Map<string, string> | undefined) ?? new Map<string, string>();
  memory.set(REDIRECTS, known);
  return known;
}

/** Redirects every http(s) `url` of the objects in a push config value; whether any was. */
function redirectUrls(value: unknown, redirect: Redirect, memory: MutationMemory): boolean {
  let changed = false;
  eachObject(value, (o) => {
    if (typeof o.url !== "string" || !/^https?:\/\//i.test(o.url)) return;
    const to = redirect(o.url);
    if (to === o.url) return;
    redirects(memory).set(to, o.url);
    o.url = to;
    changed = true;
  });
  return changed;
}

/** The push config a request carries: a create's params, or a send's configuration (never its message's file URLs). */
function configCarried(body: Json, verb: string, creates: boolean): unknown {
  if (creates) return body;
  if (verb !== "send" && verb !== "stream") return undefined;
  const configuration = sendConfiguration(body);
  return configuration.pushNotificationConfig ?? configuration.taskPushNotificationConfig;
}

/** A push config as a request carries it, changed by `edit` (which says whether it changed anything). */
type ConfigEdit = (config: unknown, memory: MutationMemory) => boolean;

function redirectRequest(redirect: Redirect) {
  return editCarriedConfig((config, memory) => redirectUrls(config, redirect, memory));
}

function editCarriedConfig(edit: ConfigEdit) {
  return (r: ForwardedRequest, x: Exchange, memory: MutationMemory): ForwardedRequest | undefined => {
    const params = x.binding === "jsonrpc" && isObject(r.body) ? r.body.params : r.body;
    if (!isObject(params)) return undefined;
    const config = configCarried(params, x.verb, pushOperation(x) === "create");
    return config !== undefined && edit(config, memory) ? r : undefined;
  };
}

function redirectGrpcRequest(redirect: Redirect) {
  return editCarriedGrpcConfig((config, memory) => redirectUrls(config, redirect, memory));
}

function editCarriedGrpcConfig(edit: ConfigEdit) {
  return (
    call: ForwardedGrpcCall,
    x: GrpcExchange,
    memory: MutationMemory,
  ): ForwardedGrpcCall | undefined => {
    if (!isObject(call.request)) return undefined;
    const creates = pushOperation(x) === "create";
    const configuration = isObject(call.request.configuration) ? call.request.configuration : undefined;
    // SendMessageConfiguration: 0.3 names the config push_notification, 1.0 task_push_notification_config.
    const config = creates
      ? call.request
      : x.verb === "send" || x.verb === "stream"
        ? (configuration?.pushNotification ?? configuration?.taskPushNotificationConfig)
        : undefined;
    return config !== undefined && edit(config, memory) ? call : undefined;
  };
}

/** A reply's value with each redirected URL put back to the client's; undefined when it names none. */
function asConfigured<T>(memory: MutationMemory, value: T): T | undefined {
  const text = JSON.stringify(value);
  if (text === undefined) return undefined;
  let back = text;
  for (const [to, from] of redirects(memory))
    back = back.split(JSON.stringify(to)).join(JSON.stringify(from));
  return back === text ? undefined : (JSON.parse(back) as T);
}

/**
 * The hooks of a deviation that gives the agent other webhook URLs than the client's; `prepare` runs
 * before each request is looked at.
 */
function webhookRedirect(
  redirect: Redirect,
  prepare: () => void = () => undefined,
): Pick<Mutation, "request" | "reply" | "grpcRequest" | "grpcReply"> {
  const request = redirectRequest(redirect);
  const grpcRequest = redirectGrpcRequest(redirect);
  return {
    request: (r, x, memory) => {
      prepare();
      return request(r, x, memory);
    },
    reply: (r: BufferedReply, _x, memory) => {
      const body = asConfigured(memory, r.body);
      return body === undefined ? undefined : { ...r, body };
    },
    grpcRequest: (call, x, memory) => {
      prepare();
      return grpcRequest(call, x, memory);
    },
    grpcReply: (r: GrpcReply, _x, memory) => {
      const response = r.response === undefined ? undefined : asConfigured(memory, r.response);
      return response === undefined ? undefined : { response };
    },
  };
}

/** Gives the agent other credentials than the client configured; whether the config carried any. */
const otherCredentials: ConfigEdit = (config) => {
  let changed = false;
  eachObject(config, (o) => {
    if (!isObject(o.authentication) || typeof o.authentication.credentials !== "string") return;
    o.authentication.credentials = "not-the-clients-credentials";
    changed = true;
  });
  return changed;
};

const webhookCredentialsIgnored: Mutation = {
  id: "webhook-credentials-ignored",
  violates: ["PUSH-DELIVER-001"],
  what: "the agent calls the webhook with credentials of its own instead of those the push config names",
  clause:
    "A2A 1.0.1 §4.3.3, §13.2 (Agents MUST include authentication credentials in webhook requests as specified in PushNotificationConfig.authentication); 0.3 §9.5",
  check: "push.delivery",
  bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
  request: editCarriedConfig(otherCredentials),
  grpcRequest: editCarriedGrpcConfig(otherCredentials),
};

// A StreamResponse holds exactly one of these (A2A 1.0.1 §3.2.3, §4.3.3).
const STREAM_RESPONSE_MEMBERS = ["task", "message", "statusUpdate", "artifactUpdate"];
const MAX_NOTIFICATION_BYTES = 1024 * 1024;
const LOOPBACK_URL = /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//i;

/** A notification body with its StreamResponse wrapping taken off: the bare Task or event inside. */
function unwrapped(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (!isObject(parsed)) return body;
    const members = STREAM_RESPONSE_MEMBERS.filter((m) => isObject(parsed[m]));
    const [only] = members;
    return members.length === 1 && only ? JSON.stringify(parsed[only]) : body;
  } catch {
    return body;
  }
}

/** A 0.x notification body that is the Task, sent as the task's id alone: what became of it is not said. */
function withoutState(body: string): string {
  try {
    const task: unknown = JSON.parse(body);
    if (!isObject(task) || typeof task.id !== "string") return body;
    return JSON.stringify({ taskId: task.id, event: "task-updated" });
  } catch {
    return body;
  }
}

/** How the relay changes a notification's body, by the name its path carries first. */
const RELAY_EDITS: Record<string, (body: string) => string> = {
  unwrap: unwrapped,
  "without-state": withoutState,
};

/** Reads a notification (bounded) and posts it, changed as its path says, with the agent's headers, to the webhook its path names. */
function relayNotification(req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (c: Buffer) => {
    size += c.length;
    if (size <= MAX_NOTIFICATION_BYTES) chunks.push(c);
  });
  req.on("end", () => {
    const [, editName = "", encoded = ""] = (req.url ?? "/").split("/");
    const edit = RELAY_EDITS[editName];
    const target = Buffer.from(encoded, "base64url").toString("utf8");
    // Only webhooks on this machine are relayed: the relay is no open proxy.
    if (!edit || !LOOPBACK_URL.test(target) || size > MAX_NOTIFICATION_BYTES) {
      res.writeHead(400).end();
      return;
    }
    const body = edit(Buffer.concat(chunks).toString("utf8"));
    const headers: http.OutgoingHttpHeaders = { ...req.headers, "content-length": Buffer.byteLength(body) };
    delete headers.host;
    delete headers["transfer-encoding"];
    const out = http.request(target, { method: req.method ?? "POST", headers }, (up) => {
      res.writeHead(up.statusCode ?? 502);
      up.pipe(res);
    });
    out.on("error", () => res.writeHead(502).end());
    out.end(body);
  });
}

// One relay for the process, started on first use; unref'd, so it never keeps a run alive.
let relayPort: number | undefined;
let relayStarting = false;

/** The relay's port once it listens; undefined (and the relay starting) before. */
function notificationRelay(): number | undefined {
  if (relayPort === undefined && !relayStarting) {
    relayStarting = true;
    const server = http.createServer(relayNotification);
    server.on("error", () => {
      relayStarting = false;
    });
    server.listen(0, "127.0.0.1", () => {
      relayPort = (server.address() as AddressInfo).port;
    });
    server.unref();
  }
  return relayPort;
}

/**
 * Webhooks reached through the relay, which changes each body by the named edit; URLs left as they are until
 * it listens (it starts with the run's first request).
 */
const throughRelay =
  (edit: keyof typeof RELAY_EDITS): Redirect =>
  (url) => {
    const port = notificationRelay();
    if (port === undefined || !LOOPBACK_URL.test(url)) return url;
    return `http://127.0.0.1:${port}/${edit}/${Buffer.from(url, "utf8").toString("base64url")}`;
  };

const notificationNotStreamResponse: Mutation = {
  id: "push-notification-bare-event",
  violates: ["PUSH-DELIVER-003"],
  generations: ["1.0"],
  what: "push notifications carry the bare Task or TaskStatusUpdateEvent, not a StreamResponse naming which one it is",
  clause:
    "A2A 1.0.1 §4.3.3 (the webhook payload is a StreamResponse holding exactly one of task, message, statusUpdate, artifactUpdate)",
  check: "push.payload-format",
  bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
  // The relay starts with the run's first request (the card), long before a push config is set.
  ...webhookRedirect(throughRelay("unwrap"), notificationRelay),
};

const notificationWithoutState: Mutation = {
  id: "push-notification-without-state-0x",
  generations: ["0.x"],
  protocols: ["0.2", "0.3"],
  what: "push notifications name the task but not its new state",
  clause:
    "A2A 0.2.5 and 0.3.0 topic Streaming & Asynchronous Operations (the notification SHOULD contain sufficient information to identify the Task ID and the new TaskState), §9.5",
  check: "push.payload-format-0x",
  bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
  ...webhookRedirect(throughRelay("without-state"), notificationRelay),
};

/** Deviations in push notification delivery. */
export const pushDeliveryMutations: Mutation[] = [
  webhookCredentialsIgnored,
  notificationNotStreamResponse,
  notificationWithoutState,
];

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

function redirectRequest(redirect: Redirect) {
  return (r: ForwardedRequest, x: Exchange, memory: MutationMemory): ForwardedRequest | undefined => {
    const params = x.binding === "jsonrpc" && isObject(r.body) ? r.body.params : r.body;
    if (!isObject(params)) return undefined;
    const config = configCarried(params, x.verb, pushOperation(x) === "create");
    return config !== undefined && redirectUrls(config, redirect, memory) ? r : undefined;
  };
}

function redirectGrpcRequest(redirect: Redirect) {
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
    return config !== undefined && redirectUrls(config, redirect, memory) ? call : undefined;
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

/** The hooks of a deviation that gives the agent other webhook URLs than the client's. */
function webhookRedirect(
  redirect: Redirect,
): Pick<Mutation, "request" | "reply" | "grpcRequest" | "grpcReply"> {
  return {
    request: redirectRequest(redirect),
    reply: (r: BufferedReply, _x, memory) => {
      const body = asConfigured(memory, r.body);
      return body === undefined ? undefined : { ...r, body };
    },
    grpcRequest: redirectGrpcRequest(redirect),
    grpcReply: (r: GrpcReply, _x, memory) => {
      const response = r.response === undefined ? undefined : asConfigured(memory, r.response);
      return response === undefined ? undefined : { response };
    },
  };
}

/**
 * A loopback port where nothing listens (tcpmux, port 1, unassigned on any test machine): the agent's
 * POST is refused, as when an agent posts to a host of its own configuration instead of the client's.
 */
const unheard: Redirect = (url) => {
  const u = new URL(url);
  return `http://127.0.0.1:1${u.pathname}${u.search}`;
};

const webhookUrlIgnored: Mutation = {
  id: "webhook-url-ignored",
  violates: ["PUSH-DELIVER-002"],
  what: "the agent stores the webhook URL a client configures but never POSTs to it: notifications go to an address of its own, so none reaches the client",
  clause:
    "A2A 1.0.1 §4.3.3 (the agent sends an HTTP POST to the configured webhook URL; MUST attempt delivery at least once for each configured webhook); 0.3 §9.5",
  check: "push.delivery",
  bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
  ...webhookRedirect(unheard),
};

/** Deviations in push notification delivery. */
export const pushDeliveryMutations: Mutation[] = [webhookUrlIgnored];

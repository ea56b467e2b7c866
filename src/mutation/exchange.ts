import type { Exchange, Generation, Verb } from "./types.js";

// A2A 0.3 §7 (JSON-RPC methods) and 1.0.1 §9.4 (PascalCase method names); 0.1 used tasks/send.
const RPC_VERBS: Record<string, [Verb, Generation]> = {
  "message/send": ["send", "0.x"],
  "tasks/send": ["send", "0.x"],
  "message/stream": ["stream", "0.x"],
  "tasks/sendSubscribe": ["stream", "0.x"],
  "tasks/get": ["get", "0.x"],
  "tasks/cancel": ["cancel", "0.x"],
  "tasks/resubscribe": ["subscribe", "0.x"],
  "tasks/pushNotificationConfig/set": ["push", "0.x"],
  "tasks/pushNotificationConfig/get": ["push", "0.x"],
  "tasks/pushNotificationConfig/list": ["push", "0.x"],
  "tasks/pushNotificationConfig/delete": ["push", "0.x"],
  "agent/getAuthenticatedExtendedCard": ["extended-card", "0.x"],
  SendMessage: ["send", "1.0"],
  SendStreamingMessage: ["stream", "1.0"],
  GetTask: ["get", "1.0"],
  CancelTask: ["cancel", "1.0"],
  SubscribeToTask: ["subscribe", "1.0"],
  ListTasks: ["list", "1.0"],
  CreateTaskPushNotificationConfig: ["push", "1.0"],
  GetTaskPushNotificationConfig: ["push", "1.0"],
  ListTaskPushNotificationConfigs: ["push", "1.0"],
  DeleteTaskPushNotificationConfig: ["push", "1.0"],
  GetExtendedAgentCard: ["extended-card", "1.0"],
};

// HTTP+JSON paths: 0.3 §3.2.3 puts them under /v1, 1.0.1 §11 at the interface's root.
const REST_VERBS: Array<[string, RegExp, Verb]> = [
  ["POST", /\/message:send$/, "send"],
  ["POST", /\/message:stream$/, "stream"],
  ["POST", /\/tasks\/[^/]+:cancel$/, "cancel"],
  ["POST", /\/tasks\/[^/]+:subscribe$/, "subscribe"],
  ["GET", /\/tasks\/[^/]+:subscribe$/, "subscribe"],
  ["GET", /\/tasks\/[^/:]+$/, "get"],
  ["GET", /\/tasks$/, "list"],
  ["POST", /\/tasks\/[^/]+\/pushNotificationConfigs/, "push"],
  ["GET", /\/tasks\/[^/]+\/pushNotificationConfigs/, "push"],
  ["DELETE", /\/tasks\/[^/]+\/pushNotificationConfigs/, "push"],
  ["GET", /\/(card|extendedAgentCard)$/, "extended-card"],
];

// The well-known path of 0.3 §5.3 / 1.0.1 §8.2, also under an agent's own folder (/.well-known/echo/agent-card.json).
const CARD_PATH = /\/\.well-known\/(?:[^/]+\/)*agent(-card)?\.json$/;

/** Reads what a request asks for, from its path, method and body. */
export function readExchange(httpMethod: string, path: string, body: Buffer): Exchange {
  const pathname = path.split("?")[0] ?? path;
  let request: unknown;
  let requestUnparsable = false;
  if (body.length) {
    try {
      request = JSON.parse(body.toString("utf8"));
    } catch {
      requestUnparsable = true;
    }
  }
  const base = { path, httpMethod, request, requestUnparsable };
  if (httpMethod === "GET" && CARD_PATH.test(pathname))
    return { ...base, binding: "other", generation: undefined, verb: "card" };
  const rpc = isObject(request) && typeof request.method === "string" ? request.method : undefined;
  if (httpMethod === "POST" && (rpc !== undefined || (isObject(request) && "jsonrpc" in request))) {
    const known = rpc !== undefined ? RPC_VERBS[rpc] : undefined;
    return { ...base, binding: "jsonrpc", generation: known?.[1], verb: known?.[0] ?? "unknown" };
  }
  for (const [m, re, verb] of REST_VERBS) {
    if (m !== httpMethod || !re.test(pathname)) continue;
    const generation: Generation = /\/v1\//.test(pathname) ? "0.x" : "1.0";
    return { ...base, binding: "rest", generation, verb };
  }
  // A POST elsewhere whose body is not JSON, JSON that is no object (null, a number), or empty, is a JSON-RPC
  // probe of a client's mistake.
  if (httpMethod === "POST" && (requestUnparsable || !isObject(request)))
    return { ...base, binding: "jsonrpc", generation: undefined, verb: "unknown" };
  return { ...base, binding: "other", generation: undefined, verb: "unknown" };
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

import { isObject } from "../exchange.js";
import type { Json, Mutation, MutationMemory } from "../types.js";
import { spellsProto, taskIn } from "./shapes.js";

// google.rpc.Code INVALID_ARGUMENT: what a gRPC server answers for a request it cannot read.
const GRPC_INVALID_ARGUMENT = 3;

// The fields a Message and a send's params have in 0.3 (JSON-RPC and ProtoJSON spellings) and 1.0.
const MESSAGE_FIELDS = new Set([
  "kind",
  "messageId",
  "contextId",
  "taskId",
  "role",
  "parts",
  "content",
  "metadata",
  "extensions",
  "referenceTaskIds",
]);
const SEND_FIELDS = new Set(["message", "request", "configuration", "metadata", "tenant"]);

/** Whether a send's params or its message carry a field the protocol does not define. */
function carriesUnknownField(params: unknown): boolean {
  if (!isObject(params)) return false;
  const message = isObject(params.message) ? params.message : isObject(params.request) ? params.request : {};
  return (
    Object.keys(params).some((k) => !SEND_FIELDS.has(k)) ||
    Object.keys(message).some((k) => !MESSAGE_FIELDS.has(k))
  );
}

/** The media types of a message's file parts: 1.0 `mediaType` on the part, 0.3 `file.mimeType`. */
function partMediaTypes(message: unknown): string[] {
  const parts = isObject(message) && Array.isArray(message.parts) ? (message.parts as unknown[]) : [];
  return parts.flatMap((p) => {
    if (!isObject(p)) return [];
    const file = isObject(p.file) ? p.file : {};
    const type = p.mediaType ?? file.mimeType ?? file.mediaType;
    return typeof type === "string" ? [type] : [];
  });
}

/** The card's defaultInputModes, remembered when the card passes the proxy. */
function rememberInputModes(card: Json, memory: MutationMemory): undefined {
  const modes = Array.isArray(card.defaultInputModes) ? card.defaultInputModes : [];
  memory.set(
    "input-modes",
    modes.filter((m): m is string => typeof m === "string"),
  );
  return undefined;
}

/**
 * A reply that refuses, with `code`, every send whose message holds a part of a media type outside the card's
 * input modes (remembered from the card the proxy passed on).
 */
function unsupportedMediaRefusedWith(code: number, message: string): NonNullable<Mutation["reply"]> {
  return (r, x, memory) => {
    if (x.verb === "card" && isObject(r.body)) return rememberInputModes(r.body, memory);
    if (x.binding !== "jsonrpc" || x.verb !== "send" || !isObject(r.body) || !("result" in r.body))
      return undefined;
    const modes = (memory.get("input-modes") as string[] | undefined) ?? [];
    const params = isObject(x.request) ? x.request.params : undefined;
    const types = partMediaTypes(isObject(params) ? params.message : undefined);
    if (modes.length === 0 || !types.some((t) => !modes.includes(t))) return undefined;
    return { ...r, body: { jsonrpc: "2.0", id: r.body.id ?? null, error: { code, message } } };
  };
}

/** Deviations in how strictly an agent reads requests (A2A 1.0.1 §5.7). */
export const requestReadingMutations: Mutation[] = [
  {
    id: "unsupported-media-type-breaks-agent",
    bindings: ["JSONRPC"],
    what: "a message with a file part of a media type outside the card's input modes is answered with an internal error (-32603)",
    clause:
      "A2A 0.3 §8.2, 1.0.1 §3.3.2 (ContentTypeNotSupportedError for a media type the agent does not support)",
    check: "errors.content-type-not-supported",
    reply: unsupportedMediaRefusedWith(-32603, "Internal error"),
  },
  {
    // Seen at first sight: an agent that reads text only refused the file part alone so.
    id: "unsupported-media-type-as-invalid-params",
    bindings: ["JSONRPC"],
    // 1.0.1 §3.3.2 allows -32602 for an unsupported content type (a validation error).
    generations: ["0.x"],
    what: "a message with a file part of a media type outside the card's input modes is refused with InvalidParams (-32602), not ContentTypeNotSupported (-32005)",
    clause:
      "A2A 0.3 §8.2 (-32005 for a media type the agent does not support; servers SHOULD use these codes where applicable)",
    check: "errors.content-type-not-supported",
    reply: unsupportedMediaRefusedWith(-32602, "Invalid params: no text parts"),
  },
  {
    id: "unsupported-part-left-submitted",
    bindings: ["JSONRPC"],
    what: "a message with a file part of a media type outside the card's input modes is accepted as a task that stays submitted: never refused, never worked on",
    clause:
      "A2A 0.3 §8.2, 1.0.1 §3.3.2 (ContentTypeNotSupportedError for a media type the agent cannot process)",
    check: "errors.content-type-not-supported",
    reply: (r, x, memory) => {
      if (x.verb === "card" && isObject(r.body)) return rememberInputModes(r.body, memory);
      if (x.binding !== "jsonrpc") return undefined;
      const task = taskIn(r, x);
      if (!task || !isObject(task.status)) return undefined;
      const left = (memory.get("left-submitted") as Set<unknown> | undefined) ?? new Set<unknown>();
      memory.set("left-submitted", left);
      const modes = (memory.get("input-modes") as string[] | undefined) ?? [];
      const params = isObject(x.request) ? x.request.params : undefined;
      const types = x.verb === "send" ? partMediaTypes(isObject(params) ? params.message : undefined) : [];
      if (modes.length > 0 && types.some((t) => !modes.includes(t))) left.add(task.id);
      if (!left.has(task.id)) return undefined;
      task.status.state = spellsProto(x) ? "TASK_STATE_SUBMITTED" : "submitted";
      return r;
    },
  },
  {
    id: "unknown-fields-refused",
    violates: ["DM-SERIAL-005"],
    bindings: ["JSONRPC", "HTTP+JSON", "GRPC"],
    what: "a send whose params or message carry a field the agent does not know is refused as invalid",
    clause: "A2A 1.0.1 §5.7 (implementations SHOULD ignore unrecognized fields)",
    check: "lifecycle.unknown-fields-ignored",
    // Refused here rather than by taking the message away: a lenient agent answers a send without one.
    reply: (r, x) => {
      // 0.1's tasks/send has other params (id, sessionId, ...): the field lists above are 0.2 and later.
      if (x.verb !== "send" || !isObject(x.request) || x.request.method === "tasks/send") return undefined;
      const params = x.binding === "jsonrpc" ? x.request.params : x.request;
      if (!carriesUnknownField(params)) return undefined;
      const message = "unknown field in the request";
      if (x.binding === "jsonrpc")
        return {
          ...r,
          status: 200,
          body: { jsonrpc: "2.0", id: x.request.id ?? null, error: { code: -32602, message } },
        };
      return {
        ...r,
        status: 400,
        contentType: "application/json",
        body: { error: { code: 400, status: "INVALID_ARGUMENT", message } },
      };
    },
    // gRPC: a request with field numbers the proto lacks is refused as invalid, as a strict reader would.
    grpcReply: (_r, x) =>
      x.verb === "send" && x.unknownFields
        ? { error: { code: GRPC_INVALID_ARGUMENT, details: "unknown field in request", metadata: {} } }
        : undefined,
  },
];

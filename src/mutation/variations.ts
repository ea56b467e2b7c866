import { isObject } from "./exchange.js";
import { isFinalEvent, statusUpdate, successBody } from "./mutations/shapes.js";
import type { BufferedReply, Exchange, Generation, Json, MutationHooks } from "./types.js";

/**
 * A change to an agent's traffic that the spec allows: played through the mutation proxy in front of any
 * agent, it must make no check fail that passed without it. The other side of a mutation: a mutation
 * proves a check fails where it should, a variation that it does not fail where it must not.
 */
export interface AllowedVariation extends MutationHooks {
  id: string;
  what: string;
  /** The clause that allows the variation. */
  clause: string;
  /** Generations whose text allows it (default: both). */
  generations?: readonly Generation[];
}

// A field no version defines, named as a later version might name one (camelCase, 1.0.1 §5.5).
const FUTURE_FIELD = "plainwrightFutureField";

// Free-form values (google.protobuf.Struct: metadata, a data part's data, an extension's params): any key
// there is the user's data, not a field. Maps (securitySchemes, a requirement's schemes, scopes): a key
// there names something, though each value is a message of its own.
const STRUCTS = new Set(["metadata", "data", "params"]);
const MAPS = new Set(["securitySchemes", "schemes", "scopes"]);

/** Adds the future field to every message object of a JSON value, leaving user data and map keys alone. */
function withFutureFields(v: unknown): void {
  const skip = new WeakSet<object>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (!isObject(x)) return;
    for (const [key, value] of Object.entries(x)) {
      if (STRUCTS.has(key)) continue;
      if (MAPS.has(key) && isObject(value)) skip.add(value);
      walk(value);
    }
    if (!skip.has(x)) x[FUTURE_FIELD] = { note: "a field of a later version" };
  };
  walk(v);
}

/** The success body of a reply (JSON-RPC result or HTTP+JSON body), with the future field in each object. */
function repliesWithFutureFields(r: BufferedReply, x: Exchange): BufferedReply | undefined {
  if (x.verb === "card" || x.verb === "extended-card") {
    if (!isObject(r.body) || r.status >= 300) return undefined;
    withFutureFields(isObject(r.body.result) ? r.body.result : r.body);
    return r;
  }
  const body = successBody(r, x);
  if (!isObject(body) && !Array.isArray(body)) return undefined;
  withFutureFields(body);
  return r;
}

/** A stream event's payload (a JSON-RPC envelope's result, or the HTTP+JSON event itself). */
function eventPayload(event: unknown, x: Exchange): unknown {
  return x.binding === "jsonrpc" ? (isObject(event) ? event.result : undefined) : event;
}

/** Drops the timestamp of every task status in a JSON value; whether there was one. */
function withoutTimestamps(v: unknown): boolean {
  let dropped = false;
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (!isObject(x)) return;
    if (isObject(x.status) && x.status.timestamp !== undefined) {
      delete x.status.timestamp;
      dropped = true;
    }
    Object.values(x).forEach(walk);
  };
  walk(v);
  return dropped;
}

/** The artifact update of a stream event's payload: 0.x JSON-RPC `kind: artifact-update`, ProtoJSON `artifactUpdate`. */
function artifactUpdate(payload: unknown): Json | undefined {
  if (!isObject(payload)) return undefined;
  if (payload.kind === "artifact-update") return payload;
  return isObject(payload.artifactUpdate) ? payload.artifactUpdate : undefined;
}

/**
 * An artifact update with one text part, sent as two chunks of its text: the first starts the artifact,
 * the second appends the rest and ends it as the original did.
 */
function inTwoChunks(e: unknown, x: Exchange): { events: unknown[] } | undefined {
  const update = artifactUpdate(eventPayload(e, x));
  const parts = isObject(update?.artifact) ? update.artifact.parts : undefined;
  if (!update || update.append === true || !Array.isArray(parts) || parts.length !== 1) return undefined;
  const [part] = parts as unknown[];
  if (!isObject(part) || typeof part.text !== "string" || part.text.length < 2) return undefined;
  const cut = Math.floor(part.text.length / 2);
  const [head, tail] = [part.text.slice(0, cut), part.text.slice(cut)];
  const first = structuredClone(e);
  const second = structuredClone(e);
  const chunk = (event: unknown, text: string, append: boolean, lastChunk: unknown) => {
    const u = artifactUpdate(eventPayload(event, x)) as Json;
    ((u.artifact as Json).parts as Json[])[0] = { ...part, text };
    u.append = append;
    u.lastChunk = lastChunk;
  };
  chunk(first, head, false, false);
  chunk(second, tail, true, update.lastChunk ?? true);
  return { events: [first, second] };
}

/** After a 1.0 stream's final status update, the task's snapshot: the event, then the Task it leaves. */
function finalTaskResent(e: unknown, x: Exchange): { events: unknown[] } | undefined {
  const update = statusUpdate(e);
  if (!update || !isFinalEvent(e) || typeof update.taskId !== "string") return undefined;
  const task = { id: update.taskId, contextId: update.contextId, status: update.status };
  const snapshot = x.binding === "jsonrpc" && isObject(e) ? { ...e, result: { task } } : { task };
  return { events: [e, snapshot] };
}

// ProtoJSON (A2A 1.0.1 §5.5) omits fields that hold their default value: false, an empty list.
const isDefault = (v: unknown) => v === false || (Array.isArray(v) && v.length === 0);

/** Drops every false and every empty list from a JSON value, as ProtoJSON writes it; whether any was there. */
function withoutDefaults(v: unknown): boolean {
  let dropped = false;
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (!isObject(x)) return;
    for (const [key, value] of Object.entries(x)) {
      if (STRUCTS.has(key)) continue;
      if (isDefault(value)) {
        delete x[key];
        dropped = true;
      } else walk(value);
    }
  };
  walk(v);
  return dropped;
}

// Fields every version makes optional on artifacts, messages and tasks: an agent may leave each out.
const OPTIONAL = ["name", "description", "metadata", "extensions"];

/** Drops the optional fields of every object in a reply's body (never the card's); whether any was there. */
function withoutOptionalFields(v: unknown): boolean {
  let dropped = false;
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (!isObject(x)) return;
    for (const key of OPTIONAL)
      if (key in x) {
        delete x[key];
        dropped = true;
      }
    for (const [key, value] of Object.entries(x)) if (!STRUCTS.has(key)) walk(value);
  };
  walk(v);
  return dropped;
}

// The HTTP status a JSON-RPC error might travel with on a server that maps it (neither version fixes one).
const HTTP_STATUS_OF_ERROR: Record<number, number> = {
  [-32700]: 400,
  [-32600]: 400,
  [-32601]: 404,
  [-32602]: 400,
  [-32603]: 500,
  [-32001]: 404,
  [-32002]: 409,
};

/** A JSON-RPC error reply sent with an HTTP status that matches its error instead of 200. */
function errorWithHttpStatus(r: BufferedReply, x: Exchange): BufferedReply | undefined {
  if (x.binding !== "jsonrpc" || r.status !== 200 || !isObject(r.body) || !isObject(r.body.error))
    return undefined;
  const code = r.body.error.code;
  return { ...r, status: (typeof code === "number" && HTTP_STATUS_OF_ERROR[code]) || 400 };
}

/** Every variation the proxy plays to prove that the checks do not fail what the spec allows. */
export const ALLOWED_VARIATIONS: readonly AllowedVariation[] = [
  {
    id: "unknown-fields-in-replies",
    what: "every object of the card, each reply and each stream event carries a field no version defines",
    clause:
      "A2A 1.0.1 §5.7 (Implementations SHOULD ignore unrecognized fields in messages, allowing for forward compatibility)",
    generations: ["1.0"],
    reply: repliesWithFutureFields,
    event: (e, x) => {
      const payload = eventPayload(e, x);
      if (!isObject(payload)) return undefined;
      withFutureFields(payload);
      return { events: [e] };
    },
  },
  {
    id: "sse-comments-and-ids",
    what: "each stream event comes after a comment line and carries an event id and a retry delay",
    clause:
      "WHATWG HTML §9.2.6 (lines starting with a colon are ignored; id and retry are fields of every event stream), which A2A 0.3 §7.2 and 1.0.1 §9.4/§11.7 streams are",
    sseFraming: (e) => ({
      otherLines: [": keep-alive", ...e.otherLines, `id: ${++eventIds}`, "retry: 3000"],
      data: e.data,
    }),
  },
  {
    id: "sse-data-over-lines",
    what: "each stream event's JSON is spread over several data lines (pretty-printed)",
    clause:
      "WHATWG HTML §9.2.6 (the data lines of an event are joined with line feeds); RFC 8259 §2 (whitespace between tokens)",
    sseFraming: (e) => {
      if (e.data === undefined) return undefined;
      try {
        return { otherLines: e.otherLines, data: JSON.stringify(JSON.parse(e.data), null, 2) };
      } catch {
        return undefined;
      }
    },
  },
  {
    id: "charset-in-content-types",
    what: "JSON replies say application/json; charset=utf-8 and streams text/event-stream; charset=utf-8",
    clause:
      "RFC 8259 §11 (a charset parameter has no effect on compliant recipients); WHATWG HTML §9.2.6 (event streams are always UTF-8)",
    reply: (r) =>
      r.contentType.startsWith("application/json") && !r.contentType.includes("charset")
        ? { ...r, contentType: "application/json; charset=utf-8" }
        : undefined,
    streamContentType: (type) =>
      type.startsWith("text/event-stream") && !type.includes("charset")
        ? "text/event-stream; charset=utf-8"
        : undefined,
  },
  {
    id: "status-timestamps-dropped",
    what: "no task status in a reply or a stream event carries a timestamp",
    clause: "A2A 0.3 §6.2 TaskStatus.timestamp (optional); 1.0.1 §4.1.2 TaskStatus (timestamp not REQUIRED)",
    reply: (r, x) => (withoutTimestamps(successBody(r, x)) ? r : undefined),
    event: (e, x) => (withoutTimestamps(eventPayload(e, x)) ? { events: [e] } : undefined),
  },
  {
    id: "artifact-in-chunks",
    what: "a streamed artifact's text comes in two chunks, the second appended to the first",
    clause:
      "A2A 0.3 §7.2.3 TaskArtifactUpdateEvent (append, lastChunk); 1.0.1 §4.2.2 TaskArtifactUpdateEvent (append: the content is appended to a previously sent artifact with the same ID)",
    event: inTwoChunks,
  },
  {
    id: "card-custom-binding",
    what: "the card also names an interface of a custom binding (a URI), which Plainwright does not speak",
    clause: "A2A 1.0.1 §5.8 (custom protocol bindings, identified by a URI in supportedInterfaces)",
    generations: ["1.0"],
    card: (card) => {
      const interfaces = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : undefined;
      const first: unknown = interfaces?.[0];
      if (!interfaces || !isObject(first) || typeof first.url !== "string") return undefined;
      const url = new URL(first.url);
      interfaces.push({
        url: `ws://${url.host}/a2a/websocket`,
        protocolBinding: "https://plainwright.dev/bindings/websocket/v1",
        protocolVersion: first.protocolVersion ?? "1.0",
      });
      return card;
    },
  },
  {
    id: "final-task-resent",
    what: "a 1.0 stream resends the task's snapshot after its final status update, before it closes",
    clause: "A2A 1.0.1 §11.7 (implementations MAY optionally resend a final Task snapshot before closing)",
    generations: ["1.0"],
    event: finalTaskResent,
  },
  {
    id: "default-values-omitted",
    what: "the card, replies and events leave out every field that holds its default value (false, an empty list)",
    clause:
      "A2A 1.0.1 §5.5 (JSON follows ProtoJSON, which omits fields holding their default value), §5.7 (field presence)",
    generations: ["1.0"],
    reply: (r, x) => {
      const body = x.verb === "card" || x.verb === "extended-card" ? r.body : successBody(r, x);
      return r.status < 300 && withoutDefaults(body) ? r : undefined;
    },
    event: (e, x) => (withoutDefaults(eventPayload(e, x)) ? { events: [e] } : undefined),
  },
  {
    id: "optional-fields-dropped",
    what: "replies and events leave out every optional name, description, metadata and extensions",
    clause:
      "A2A 0.3 §6.1 Task, §6.4 Message, §6.7 Artifact (metadata, extensions, name, description optional); 1.0.1 §4.1.1, §4.1.4, §4.1.7 (not REQUIRED)",
    reply: (r, x) =>
      x.verb !== "card" && x.verb !== "extended-card" && withoutOptionalFields(successBody(r, x))
        ? r
        : undefined,
    event: (e, x) => (withoutOptionalFields(eventPayload(e, x)) ? { events: [e] } : undefined),
  },
  {
    id: "slow-replies",
    what: "every reply that is not a stream comes 300 ms late, as a busy agent's would",
    clause:
      "A2A 0.3 §7.1, 1.0.1 §3.1.1 (no time limit on an answer; a blocking send returns when the task is done or interrupted)",
    replyDelayMs: 300,
  },
  {
    id: "jsonrpc-errors-with-http-status",
    what: "JSON-RPC error responses come with an HTTP status that matches the error (400, 404, 409, 500) instead of 200",
    clause:
      "A2A 0.3 §6.11 and 1.0.1 §9 define the JSON-RPC Response, not the HTTP status it travels with (JSON-RPC 2.0 is transport-agnostic)",
    reply: errorWithHttpStatus,
  },
];

// Event ids only need to differ from each other within a stream (WHATWG HTML §9.2.6 last event ID).
let eventIds = 0;

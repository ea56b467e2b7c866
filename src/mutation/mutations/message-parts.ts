import { isObject } from "../exchange.js";
import type { Exchange, ForwardedRequest, Json, Mutation } from "../types.js";

/** The parts of a JSON-RPC message send or stream of 0.2 and later (0.1's tasks/send* already say `type`). */
function sentParts(request: unknown): unknown[] | undefined {
  if (!isObject(request) || typeof request.method !== "string" || request.method.startsWith("tasks/send"))
    return undefined;
  const message = isObject(request.params) ? request.params.message : undefined;
  return isObject(message) && Array.isArray(message.parts) ? message.parts : undefined;
}

const typedText = (part: unknown): boolean => isObject(part) && part.type === "text";

/** A send or stream whose parts are not all 0.1-style text parts: the ones this agent refuses. */
function refused(x: Exchange): boolean {
  if (x.binding !== "jsonrpc" || (x.verb !== "send" && x.verb !== "stream")) return false;
  const parts = sentParts(x.request);
  return parts !== undefined && !parts.every(typedText);
}

/**
 * The request the agent gets: a refused message becomes a read of a task that does not exist, so the agent
 * starts no work for it; a message in 0.1's form reaches it in the form of its own generation.
 */
function forwarded(r: ForwardedRequest, x: Exchange): ForwardedRequest | undefined {
  if (x.binding !== "jsonrpc" || (x.verb !== "send" && x.verb !== "stream")) return undefined;
  const body = r.body as Json;
  const parts = sentParts(body);
  if (!parts) return undefined;
  if (refused(x)) {
    body.method = x.generation === "1.0" ? "GetTask" : "tasks/get";
    body.params = { id: "plainwright-mutation-refused-message" };
    return r;
  }
  const own = parts.map((part) => {
    const { type, ...rest } = part as Json;
    return x.generation === "1.0" ? rest : { kind: type, ...rest };
  });
  ((body.params as Json).message as Json).parts = own;
  return r;
}

/**
 * The message the agent gets when it reads only 0.1's `type`: a text part that carries it reaches the agent
 * in its own generation's form; one with `kind` alone reaches it empty, as such an agent reads it.
 */
function readAsTypedOnly(r: ForwardedRequest, x: Exchange): ForwardedRequest | undefined {
  if (x.binding !== "jsonrpc" || (x.verb !== "send" && x.verb !== "stream")) return undefined;
  const body = r.body as Json;
  const parts = sentParts(body);
  if (!parts) return undefined;
  ((body.params as Json).message as Json).parts = parts.map((part) => {
    if (!isObject(part) || (part.kind !== "text" && part.type !== "text")) return part;
    const { type: _type, ...rest } = part;
    return typedText(part) ? { ...rest, kind: "text" } : { ...rest, text: "" };
  });
  return r;
}

/** Deviations in how an agent reads the parts of the messages it is sent (0.3 §6.5, 1.0.1 §4.1.6). */
export const messagePartMutations: Mutation[] = [
  {
    id: "text-parts-only-typed",
    bindings: ["JSONRPC"],
    what: 'JSON-RPC: the agent reads only 0.1\'s text part {"type": "text", "text"} and refuses its own generation\'s form as invalid params',
    clause: "A2A 0.3 §6.5 (Part discriminated by kind); 1.0.1 §4.1.6 (Part, its member the discriminator)",
    check: "lifecycle.send-returns-task",
    request: forwarded,
    reply: (r, x) =>
      refused(x) && isObject(x.request)
        ? {
            ...r,
            status: 200,
            contentType: "application/json",
            body: {
              jsonrpc: "2.0",
              id: x.request.id ?? null,
              error: { code: -32602, message: "Invalid params" },
            },
          }
        : undefined,
  },
  {
    id: "text-parts-typed-read-silently",
    bindings: ["JSONRPC"],
    protocols: ["0.2", "0.3"],
    generations: ["0.x"],
    what: 'JSON-RPC: the agent reads a text part\'s text only under 0.1\'s {"type": "text"}: its own generation\'s {"kind": "text", "text"} is taken, but reaches it as empty input',
    clause: 'A2A 0.3 §6.5.1 TextPart (kind: "text"), §11.1.5',
    check: { "0.2": "lifecycle.text-part-read-0x", "0.x": "lifecycle.text-part-read" },
    request: readAsTypedOnly,
  },
];

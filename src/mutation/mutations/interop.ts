import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, GrpcReply, Json, Mutation, MutationMemory } from "../types.js";
import { GRPC_INTERNAL, grpcRequestMessage } from "./grpc-shapes.js";
import { eachObject, INTERNAL_ERROR, requestMessage, rpcResult } from "./shapes.js";

/** The send refused as an unexplained internal error, on whichever HTTP binding it came. */
function refused(reply: BufferedReply, x: Exchange): BufferedReply | undefined {
  if (x.verb !== "send") return undefined;
  if (x.binding === "jsonrpc") {
    const id = isObject(x.request) ? x.request.id : null;
    return {
      ...reply,
      status: 200,
      body: { jsonrpc: "2.0", id, error: { code: INTERNAL_ERROR, message: "internal error" } },
    };
  }
  const body =
    x.generation === "1.0"
      ? { error: { code: 500, status: "INTERNAL", message: "internal error" } }
      : { code: INTERNAL_ERROR, message: "internal error" };
  return { ...reply, status: 500, body };
}

/** The Task or Message a send was answered with: 0.x results are it, 1.0 wraps it as `task` or `message`. */
function sendResult(reply: BufferedReply, x: Exchange): Json | undefined {
  const top =
    x.binding === "jsonrpc"
      ? rpcResult(reply)
      : reply.status < 300 && isObject(reply.body)
        ? reply.body
        : undefined;
  if (!top) return undefined;
  return [top.task, top.message].find(isObject) ?? top;
}

/** The decoded SendMessage response's Task or Message (the payload oneof, whatever its case). */
function grpcSendResult(reply: GrpcReply): Json | undefined {
  const r = reply.response;
  return isObject(r) && isObject(r.payload) && isObject(r.payload.value) ? r.payload.value : undefined;
}

const FIRST_CONTEXT = "first-context-id";

/**
 * A new conversation's reply given the contextId of the first one the agent opened (per-request state kept
 * in a global): every contextId it carries becomes that one. Whether it changed anything.
 */
function intoFirstContext(result: Json | undefined, memory: MutationMemory): boolean {
  const own = result?.contextId;
  if (!result || typeof own !== "string" || own === "") return false;
  const first = memory.get(FIRST_CONTEXT);
  if (typeof first !== "string") {
    memory.set(FIRST_CONTEXT, own);
    return false;
  }
  if (first === own) return false;
  eachObject(result, (o) => {
    if (o.contextId === own) o.contextId = first;
  });
  return true;
}

const startsConversation = (message: Json | undefined) => !!message && !message.contextId && !message.taskId;

/**
 * Deviations between two agents: played with a second agent as --peer, the agent under test behind the
 * proxy (docs/conformance.md step 5.5). The interop checks have no TCK ids: none is declared.
 */
export const interopMutations: Mutation[] = [
  {
    id: "interop-card-without-name",
    peer: true,
    what: "the agent's card has no name, so its peer finds an invalid card",
    clause: "A2A 0.3 §5.5 AgentCard.name (required); 1.0.1 §5.7 (REQUIRED), §8.1",
    check: "interop.cards-valid",
    card: (card) => {
      if (!("name" in card)) return undefined;
      delete card.name;
      return card;
    },
  },
  {
    id: "interop-send-refused",
    peer: true,
    what: "the agent refuses every message sent to it with an internal error",
    clause: "A2A 1.0.1 §3.1.1 (SendMessage MUST return a Task or a Message); 0.3 §7.1",
    check: "interop.both-accept-tasks",
    reply: refused,
    grpcReply: (r, x) =>
      x.verb === "send" && r.response !== undefined
        ? { error: { code: GRPC_INTERNAL, details: "internal error", metadata: {} } }
        : undefined,
  },
  {
    id: "interop-contexts-shared",
    peer: true,
    what: "every new conversation is given the contextId of the first one: concurrent tasks share a context",
    clause: "A2A 1.0.1 §3.4.1 (the agent generates a new contextId for a message without one); 0.3 §7.1",
    check: "interop.concurrent-contexts",
    reply: (r, x, memory) =>
      x.verb === "send" && startsConversation(requestMessage(x)) && intoFirstContext(sendResult(r, x), memory)
        ? r
        : undefined,
    grpcReply: (r, x, memory) =>
      x.verb === "send" &&
      startsConversation(grpcRequestMessage(x)) &&
      intoFirstContext(grpcSendResult(r), memory)
        ? r
        : undefined,
  },
  {
    id: "interop-card-version-removed",
    peer: true,
    generations: ["0.x"],
    what: "the card states no protocolVersion, so its peer must guess which version to speak",
    clause: "A2A 0.3 §5.5 AgentCard.protocolVersion (required)",
    check: "interop.version-compatible",
    // Only where 0.3 puts the card: at 0.2's agent.json a card without the field (it came in 0.2.5) is read
    // as 0.2's, and a peer has nothing to guess.
    reply: (r, x) => {
      if (x.verb !== "card" || !x.path.split("?")[0]?.endsWith("/.well-known/agent-card.json"))
        return undefined;
      if (!isObject(r.body) || typeof r.body.protocolVersion !== "string") return undefined;
      delete r.body.protocolVersion;
      return r;
    },
  },
  {
    id: "interop-card-version-other-generation",
    peer: true,
    generations: ["1.0"],
    what: "every interface of the card states protocolVersion 0.3 while the agent speaks 1.0",
    clause:
      "A2A 1.0.1 §5.7 AgentInterface.protocolVersion, §3.6 (a client picks the interface by its version)",
    check: "interop.version-compatible",
    card: (card) => {
      const interfaces = Array.isArray(card.supportedInterfaces)
        ? (card.supportedInterfaces as unknown[])
        : [];
      const stated = interfaces.filter(
        (i): i is Json => isObject(i) && typeof i.protocolVersion === "string",
      );
      for (const i of stated) i.protocolVersion = "0.3";
      return stated.length > 0 ? card : undefined;
    },
  },
];

import type { Transport } from "../model/transport.js";
import type { ChatReply } from "../model/api.js";
import { ChatSession, type ChatTurn } from "../client/chat-session.js";
import { describeFailure } from "../client/describe-failure.js";
import { createClient } from "../client/create-client.js";
import type { ClientContext } from "../client/types.js";
import type { TrafficLog } from "../net/traffic.js";
import { foldStream } from "../protocol/fold-stream.js";
import type { Message, Reply, Task } from "../protocol/model.js";
import { replyText } from "../protocol/reply-text.js";
import { stateOrderProblem } from "../protocol/validate-reply.js";
import { connectAgent, type Connection, type FoundAgent } from "../runner/connect.js";
import { checkedClient, ReplyChecks } from "./inspector-replies.js";

/** One turn as the inspector's API asks for it; the browser keeps the conversation's ids. */
export interface ChatRequest {
  text: string;
  contextId?: string;
  taskId?: string;
  /** How long to poll a task that is still working after a plain send. */
  timeoutMs: number;
  /** The turn's owner: aborting it closes the turn's requests and stream. */
  signal: AbortSignal;
}

/** A conversation over one binding. */
export interface OpenChat {
  connection: Connection;
  /** Negotiation notes not yet shown (they go with the first reply over the binding). */
  notes: string[];
}

/** A reply as the chat shows it. */
function chatReply(
  reply: Task | Message | undefined,
  connection: Connection,
  extra: { failure?: string; warnings?: string[]; problems?: string[] } = {},
): ChatReply {
  const base: ChatReply = {
    text: reply ? replyText(reply) : "",
    warnings: extra.warnings ?? [],
    problems: [...(extra.problems ?? [])],
    generation: connection.negotiation.generation,
    transport: connection.endpoint.transport,
  };
  if (extra.failure) base.failure = extra.failure;
  if (!reply) return base;
  base.kind = reply.kind;
  if (reply.contextId) base.context_id = reply.contextId;
  if (reply.kind === "task") {
    base.state = reply.state;
    base.task_id = reply.id;
  } else if (reply.taskId) {
    base.task_id = reply.taskId;
  }
  return base;
}

function replyOfTurn(
  turn: ChatTurn,
  connection: Connection,
  warnings: string[],
  problems: string[],
): ChatReply {
  return chatReply(turn.reply, connection, {
    warnings,
    problems,
    ...(turn.failure ? { failure: turn.failure } : {}),
  });
}

/** The inspector's task controls. */
export type TaskAction = "get" | "cancel" | "subscribe";

/**
 * What one chat reply may bring in, a stream's events included: far above any reply a person reads in the
 * inspector, and small enough that 128 chats with a flooding agent stay within the server's memory budget.
 */
const CHAT_REPLY_BYTES = 128 * 1024;

/**
 * `onUpdate` called with `current()` at most every 50 ms, the last change always sent (a trailing
 * call), so the state badge follows the events even when two arrive together and then none for long.
 */
function throttled(onUpdate: ((reply: ChatReply) => void) | undefined, current: () => ChatReply) {
  let lastSent = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    timer = undefined;
    lastSent = Date.now();
    onUpdate?.(current());
  };
  const changed = () => {
    if (!onUpdate || timer) return;
    const wait = 50 - (Date.now() - lastSent);
    if (wait <= 0) send();
    else timer = setTimeout(send, wait);
  };
  changed.cancel = () => clearTimeout(timer);
  return changed;
}

/** Whether a turn over this connection can stream: the card says so and the generation has it. */
export function canStream(open: OpenChat): boolean {
  const { agent, negotiation } = open.connection;
  return (agent.validation?.card.capabilities.streaming ?? false) && negotiation.generation !== "0.1";
}

/**
 * An inspector session's conversations with its agent, one connection per binding (endpoint and version
 * negotiation: `connectAgent` over the card the page loaded), opened on first use and kept until the
 * card is loaded again.
 */
export class InspectorChats {
  readonly #open = new Map<Transport, OpenChat>();

  constructor(
    /** The card the page loaded: not fetched again. */
    readonly agent: FoundAgent,
    readonly ctx: Omit<ClientContext, "traffic">,
    /** The session's current log (the console starts a fresh one when it grows too long). */
    readonly traffic: () => TrafficLog,
  ) {}

  /** The conversation over `transport`, connecting on first use; a string says why it cannot be had. */
  async open(transport: Transport, signal: AbortSignal): Promise<OpenChat | string> {
    const known = this.#open.get(transport);
    if (known) return known;
    const connected = await connectAgent({
      agentUrl: this.agent.agentUrl,
      found: this.agent,
      ctx: { ...this.ctx, traffic: this.traffic(), signal },
      transport,
    });
    if (!connected.ok) return connected.reason;
    const open = {
      connection: connected.connection,
      notes: [...connected.connection.negotiation.notes],
    };
    this.#open.set(transport, open);
    return open;
  }

  /**
   * One turn. With `onUpdate` it streams, and `onUpdate` hears the reply as it grows, at most every
   * 50 ms, so a flooding agent cannot flood the browser too.
   */
  async turn(
    open: OpenChat,
    request: ChatRequest,
    onUpdate?: (reply: ChatReply) => void,
  ): Promise<ChatReply> {
    const { connection } = open;
    const checks = new ReplyChecks(connection.negotiation.generation);
    const client = this.#client(open, request.signal, checks);
    const chat = new ChatSession(client);
    // The browser owns the conversation (its "New conversation" button): continue what it names.
    chat.contextId = request.contextId;
    chat.pendingTaskId = request.taskId;
    const events: Reply[] = [];
    // Folded as the events come, not again from the first on every update: a long reply costs its length.
    let folded: Task | Message | undefined;
    const live = throttled(onUpdate, () => chatReply(folded, connection, checks));
    try {
      const turn = await chat.say(request.text, {
        stream: onUpdate !== undefined,
        pollIntervalMs: 500,
        settleTimeoutMs: request.timeoutMs,
        onEvent: (event, raw) => {
          events.push(event);
          folded = foldStream(folded ? [folded, event] : [event]);
          checks.check(raw, `event ${events.length}`);
          live();
        },
      });
      live.cancel();
      const order = stateOrderProblem(events);
      if (order) checks.problems.push(order);
      return replyOfTurn(turn, connection, open.notes.splice(0), checks.problems);
    } finally {
      client.close();
    }
  }

  /** Get, cancel or subscribe to a task, its replies checked like a turn's. */
  async taskAction(
    open: OpenChat,
    action: TaskAction,
    taskId: string,
    signal: AbortSignal,
    onUpdate?: (reply: ChatReply) => void,
  ): Promise<ChatReply> {
    const { connection } = open;
    const checks = new ReplyChecks(connection.negotiation.generation);
    const client = this.#client(open, signal, checks);
    try {
      if (action !== "subscribe") {
        const outcome = action === "get" ? await client.getTask(taskId) : await client.cancelTask(taskId);
        if (outcome.ok) return chatReply(outcome.value, connection, checks);
        return chatReply(undefined, connection, { failure: describeFailure(outcome), ...checks });
      }
      let count = 0;
      let folded: Task | Message | undefined;
      const live = throttled(onUpdate, () => chatReply(folded, connection, checks));
      const stream = await client.subscribe(taskId, (event, raw) => {
        count += 1;
        folded = foldStream(folded ? [folded, event] : [event]);
        checks.check(raw, `event ${count}`);
        live();
      });
      live.cancel();
      if (stream.failure)
        return chatReply(undefined, connection, { failure: describeFailure(stream.failure), ...checks });
      const failure =
        stream.end.reason === "closed"
          ? undefined
          : `the stream ended early (${stream.end.reason}${stream.end.message ? `: ${stream.end.message}` : ""})`;
      return chatReply(folded, connection, { ...checks, ...(failure ? { failure } : {}) });
    } finally {
      client.close();
    }
  }

  /** A client for one call: the connection's target, the caller's owner signal, every reply checked. */
  #client(open: OpenChat, signal: AbortSignal, checks: ReplyChecks) {
    const ctx = { ...this.ctx, traffic: this.traffic(), signal, maxResponseBytes: CHAT_REPLY_BYTES };
    return checkedClient(createClient(open.connection.client.target, ctx), checks);
  }

  /** Releases every binding's client (gRPC channels). */
  close(): void {
    for (const open of this.#open.values()) open.connection.client.close();
    this.#open.clear();
  }
}

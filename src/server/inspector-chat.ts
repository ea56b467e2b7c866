import type { Transport } from "../card/types.js";
import { ChatSession, type ChatTurn } from "../client/chat-session.js";
import type { ClientContext } from "../client/types.js";
import type { TrafficLog } from "../net/traffic.js";
import { foldStream } from "../protocol/fold-stream.js";
import type { ProtocolGeneration } from "../protocol/generation.js";
import type { Message, Reply, Task } from "../protocol/model.js";
import { replyText } from "../protocol/reply-text.js";
import { connectAgent, type Connection, type FoundAgent } from "../runner/connect.js";

/** What the chat shows for one reply: text (always rendered as text), task state and the ids to continue. */
export interface ChatReply {
  kind?: "message" | "task";
  text: string;
  state?: string;
  task_id?: string;
  context_id?: string;
  failure?: string;
  warnings: string[];
  /** Absent when no connection could be made over the binding. */
  generation?: ProtocolGeneration;
  transport: Transport;
}

/** One turn as the inspector's API asks for it; the browser keeps the conversation's ids. */
export interface ChatRequest {
  text: string;
  contextId?: string;
  taskId?: string;
  /** How long to poll a task that is still working after a plain send. */
  timeoutMs: number;
}

/** A conversation over one binding. */
export interface OpenChat {
  connection: Connection;
  chat: ChatSession;
  /** Negotiation notes not yet shown (they go with the first reply over the binding). */
  notes: string[];
}

/** A reply as the chat shows it. */
function chatReply(
  reply: Task | Message | undefined,
  connection: Connection,
  extra: { failure?: string; warnings?: string[] } = {},
): ChatReply {
  const base: ChatReply = {
    text: reply ? replyText(reply) : "",
    warnings: extra.warnings ?? [],
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

function replyOfTurn(turn: ChatTurn, connection: Connection, warnings: string[]): ChatReply {
  return chatReply(turn.reply, connection, { warnings, ...(turn.failure ? { failure: turn.failure } : {}) });
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
  async open(transport: Transport): Promise<OpenChat | string> {
    const known = this.#open.get(transport);
    if (known) return known;
    const connected = await connectAgent({
      agentUrl: this.agent.agentUrl,
      found: this.agent,
      ctx: { ...this.ctx, traffic: this.traffic() },
      transport,
    });
    if (!connected.ok) return connected.reason;
    const open = {
      connection: connected.connection,
      chat: new ChatSession(connected.connection.client),
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
    const { chat, connection } = open;
    // The browser owns the conversation (its "New conversation" button): continue what it names.
    chat.contextId = request.contextId;
    chat.pendingTaskId = request.taskId;
    const events: Reply[] = [];
    let lastSent = 0;
    const turn = await chat.say(request.text, {
      stream: onUpdate !== undefined,
      pollIntervalMs: 500,
      settleTimeoutMs: request.timeoutMs,
      onEvent: (event) => {
        events.push(event);
        if (!onUpdate || Date.now() - lastSent < 50) return;
        lastSent = Date.now();
        onUpdate(chatReply(foldStream(events), connection));
      },
    });
    return replyOfTurn(turn, connection, open.notes.splice(0));
  }

  /** Releases every binding's client (gRPC channels). */
  close(): void {
    for (const open of this.#open.values()) open.connection.client.close();
    this.#open.clear();
  }
}

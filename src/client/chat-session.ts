import { interruptedStates, type Message, type Reply, type Task } from "../protocol/model.js";
import { replyText, textOfParts } from "../protocol/reply-text.js";
import { foldStream } from "../protocol/fold-stream.js";
import { describeFailure } from "./describe-failure.js";
import { everyMs, pollTask } from "./poll-task.js";
import type { A2AClient, CallOutcome, StreamListener } from "./types.js";

/** What one chat turn produced, for a terminal or a web page to show. */
export interface ChatTurn {
  /** The agent's words (docs/test-files.md, the reply text). */
  text: string;
  reply?: Task | Message;
  /** Set when the turn failed: the error as one line. */
  failure?: string;
  /** True when the agent asked something back (input-required / auth-required) and the next turn continues it. */
  awaitingInput: boolean;
}

export interface ChatOptions {
  /** Use the streaming method and report text as it arrives. */
  stream: boolean;
  /** Called with text as streamed events arrive (streaming only). */
  onText?: (text: string) => void;
  /** Called with every normalised stream event. */
  onEvent?: StreamListener;
  /** Poll interval for tasks that are still working after a plain send. */
  pollIntervalMs?: number;
  /** Give up polling after this long. */
  settleTimeoutMs?: number;
  /**
   * The client for this turn alone (one that hears the turn's own stop signal); the session's client
   * otherwise. The session's client stays for /task, /cancel and the cancel of a stopped turn.
   */
  via?: A2AClient;
}

function streamedText(event: Reply): string {
  if (event.kind === "artifact-update") return textOfParts(event.artifact.parts);
  if (event.kind === "message") return replyText(event);
  if (event.kind === "status-update" && event.statusMessage) return replyText(event.statusMessage);
  return "";
}

/**
 * A multi-turn conversation with one agent: the agent's contextId is reused on every turn and an
 * interrupted task (input-required, auth-required) is continued on the next one.
 */
export class ChatSession {
  contextId: string | undefined;
  /** The task the next message continues, when the agent is waiting for input. */
  pendingTaskId: string | undefined;
  /** The most recent task, for /task and /cancel. */
  lastTaskId: string | undefined;
  /** The task the turn in progress is about, as soon as a reply or event names it. */
  liveTaskId: string | undefined;

  constructor(readonly client: A2AClient) {}

  /** Starts a new conversation (new context, no pending task). */
  reset(): void {
    this.contextId = undefined;
    this.pendingTaskId = undefined;
    this.lastTaskId = undefined;
  }

  private remember(reply: Task | Message | undefined): ChatTurn {
    if (!reply)
      return {
        text: "",
        awaitingInput: false,
        failure: "the agent's reply was neither a Message nor a Task",
      };
    if (reply.contextId) this.contextId = reply.contextId;
    const awaiting = reply.kind === "task" && interruptedStates.has(reply.state);
    if (reply.kind === "task") this.lastTaskId = reply.id;
    this.pendingTaskId = awaiting && reply.kind === "task" ? reply.id : undefined;
    return { text: replyText(reply), reply, awaitingInput: awaiting };
  }

  /** Sends one user message and returns the agent's settled reply. */
  async say(text: string, options: ChatOptions): Promise<ChatTurn> {
    const input = {
      text,
      ...(this.contextId ? { contextId: this.contextId } : {}),
      ...(this.pendingTaskId ? { taskId: this.pendingTaskId } : {}),
    };
    const client = options.via ?? this.client;
    this.liveTaskId = this.pendingTaskId;
    if (options.stream) {
      let shown = false;
      const stream = await client.stream(input, (event, raw) => {
        if (event.kind === "task") this.liveTaskId = event.id;
        else if (event.kind !== "message" && event.taskId) this.liveTaskId = event.taskId;
        options.onEvent?.(event, raw);
        const piece = streamedText(event);
        if (!piece) return;
        // Artifact chunks are pieces of one text and keep the agent's own spacing; a status or message
        // event is a whole message of its own, so it starts on a new line.
        const whole = event.kind !== "artifact-update";
        options.onText?.(shown && whole ? `\n${piece}` : piece);
        shown = true;
      });
      if (stream.failure) return { text: "", awaitingInput: false, failure: describeFailure(stream.failure) };
      const turn = this.remember(foldStream(stream.events));
      if (stream.end.reason !== "closed")
        turn.failure = `the stream ended early (${stream.end.reason}${stream.end.message ? `: ${stream.end.message}` : ""})`;
      return turn;
    }
    const sent = await client.send(input);
    if (!sent.ok) return { text: "", awaitingInput: false, failure: describeFailure(sent) };
    if (sent.value.kind !== "task") return this.remember(sent.value);
    this.liveTaskId = sent.value.id;
    const polled = await pollTask(client, sent.value, {
      deadline: Date.now() + (options.settleTimeoutMs ?? 60_000),
      delayMs: everyMs(options.pollIntervalMs ?? 1000),
    });
    // Out of time is not a failure here: the person chatting sees the task's state and can ask again.
    if (!polled.ok && polled.why === "read-failed")
      return { ...this.remember(polled.task), failure: describeFailure(polled.failure) };
    return this.remember(polled.task);
  }

  /** Reads the most recent task. */
  async task(): Promise<CallOutcome<Task> | undefined> {
    return this.lastTaskId ? this.client.getTask(this.lastTaskId) : undefined;
  }

  /**
   * Cancels the task of a turn that was stopped before its reply settled (A2A 0.3 §7.4, 1.0.1 §3.1.5), so
   * no work goes on that nobody will read; undefined when the turn named no task.
   */
  async cancelStopped(): Promise<CallOutcome<Task> | undefined> {
    const id = this.liveTaskId;
    this.liveTaskId = undefined;
    if (!id) return undefined;
    const outcome = await this.client.cancelTask(id);
    if (outcome.ok && this.pendingTaskId === id) this.pendingTaskId = undefined;
    return outcome;
  }

  /** Cancels the most recent task. */
  async cancel(): Promise<CallOutcome<Task> | undefined> {
    if (!this.lastTaskId) return undefined;
    const outcome = await this.client.cancelTask(this.lastTaskId);
    if (outcome.ok) this.pendingTaskId = undefined;
    return outcome;
  }
}

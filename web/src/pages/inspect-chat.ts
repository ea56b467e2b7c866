import { api, stream } from "../api.js";
import { badge, h, mount } from "../dom.js";
import type { ChatReply, ChatUpdate } from "../../../src/model/api.js";

/** What a reply bubble shows: the server's reply, or the browser's own note when the person stopped the turn. */
type BubbleContent = Pick<ChatReply, "text" | "warnings"> &
  Partial<Pick<ChatReply, "failure" | "state" | "kind" | "problems">>;

const INTERRUPTED = new Set(["input-required", "auth-required"]);

/** The chat panel and the binding it talks over. */
export interface ChatPanel {
  element: HTMLElement;
  /** Switches binding; the conversation starts over, as contexts do not cross interfaces. */
  setTransport(transport: string): void;
}

type Bubble = ReturnType<typeof agentBubble>;

/** One agent reply in the log: its state badge follows the events, problems are shown inline. */
function agentBubble(log: HTMLElement, label?: string) {
  const state = h("span", { class: "state" });
  const text = h("p", { class: "reply-text" }, "…");
  const extra = h("div", {});
  log.appendChild(
    h(
      "li",
      { class: "bubble agent" },
      label ? h("small", { class: "muted" }, label, " ") : null,
      state,
      text,
      extra,
    ),
  );
  const show = (reply: BubbleContent, final: boolean) => {
    text.textContent = reply.text || (reply.failure || final ? "" : "…");
    mount(state, reply.state ? badge(reply.state) : reply.kind ? badge(reply.kind) : null);
    mount(
      extra,
      final && reply.failure ? h("p", { class: "error-text" }, reply.failure) : null,
      final ? reply.warnings.map((w) => h("p", { class: "warning-text" }, w)) : null,
      reply.problems?.length
        ? h(
            "ul",
            { class: "reply-problems" },
            reply.problems.map((p) => h("li", { class: "problem-text" }, p)),
          )
        : null,
    );
  };
  // An update with text_from carries only the text after what this bubble already shows.
  let shown = "";
  return {
    update: (reply: ChatUpdate) => {
      shown = reply.text_from === undefined ? reply.text : shown.slice(0, reply.text_from) + reply.text;
      show({ ...reply, text: shown }, false);
    },
    finish: (reply: BubbleContent) => show(reply, true),
  };
}

type TaskAction = "get" | "cancel" | "subscribe";
const TASK_ACTION_LABELS: Record<TaskAction, string> = {
  get: "Get task",
  cancel: "Cancel task",
  subscribe: "Subscribe",
};

/** The chat's elements: the log, the status line, the message form's parts and the task controls. */
function chatElements(act: (action: TaskAction) => void) {
  return {
    log: h("ol", { class: "chat-log" }),
    status: h("p", { class: "muted chat-status" }, "New conversation."),
    input: h("textarea", { name: "chat-input", rows: 2, placeholder: "Message the agent" }),
    send: h("button", { type: "submit", class: "primary" }, "Send"),
    stop: h("button", { type: "button", class: "secondary", name: "stop", disabled: true }, "Stop"),
    taskLabel: h("span", { class: "muted task-id" }, "No task yet."),
    taskButtons: (Object.keys(TASK_ACTION_LABELS) as TaskAction[]).map((action) =>
      h(
        "button",
        {
          type: "button",
          class: "secondary",
          name: `task-${action}`,
          disabled: true,
          onclick: () => act(action),
        },
        TASK_ACTION_LABELS[action],
      ),
    ),
  };
}

/**
 * One conversation with the session's agent over one binding: the ids that continue it, the call in flight
 * and the elements that show them.
 */
class InspectorConversation {
  contextId: string | undefined;
  taskId: string | undefined;
  /** The latest task the agent named: the one the task controls act on. */
  currentTask: string | undefined;
  transport = "JSONRPC";
  running: AbortController | undefined;
  readonly ui = chatElements((action) => this.act(action));

  constructor(
    private readonly sessionId: () => string,
    private readonly streams: () => boolean,
  ) {}

  setRunning(controller: AbortController | undefined): void {
    this.running = controller;
    this.ui.send.disabled = controller !== undefined;
    this.ui.stop.disabled = controller === undefined;
    for (const b of this.ui.taskButtons)
      b.disabled = controller !== undefined || this.currentTask === undefined;
  }

  remember(reply: ChatReply): void {
    this.contextId = reply.context_id ?? this.contextId;
    if (reply.task_id) this.currentTask = reply.task_id;
    this.ui.taskLabel.textContent = this.currentTask ? `Task ${this.currentTask}` : "No task yet.";
    this.setRunning(this.running);
  }

  /** Runs one call to the server, streamed or not, into `bubble`; Stop and New conversation abort it. */
  async call(path: string, body: Record<string, unknown>, bubble: Bubble): Promise<ChatReply | undefined> {
    const controller = new AbortController();
    this.setRunning(controller);
    let final: ChatReply | undefined;
    try {
      await stream(
        "POST",
        path,
        { session_id: this.sessionId(), transport: this.transport, ...body },
        ({ event, data }) => {
          if (event === "update") bubble.update(data as ChatUpdate);
          if (event === "done" || event === "json") final = data as ChatReply;
        },
        controller.signal,
      );
    } catch (error) {
      if (!controller.signal.aborted) throw error;
      bubble.finish({ text: "", warnings: [], failure: "Stopped." });
      return undefined;
    } finally {
      if (this.running === controller) this.setRunning(undefined);
    }
    if (final) {
      bubble.finish(final);
      this.remember(final);
    }
    return final;
  }

  async turn(text: string): Promise<void> {
    const { log, status } = this.ui;
    log.appendChild(h("li", { class: "bubble user" }, h("p", {}, text)));
    const body = { text, context_id: this.contextId, task_id: this.taskId, stream: this.streams() };
    const final = await this.call("/api/inspect/chat", body, agentBubble(log));
    if (!final) return;
    // docs/test-files.md: an input-required task is continued by the next message; otherwise a new task starts in the same context.
    this.taskId = final.state && INTERRUPTED.has(final.state) ? final.task_id : undefined;
    status.textContent = this.taskId
      ? `The agent needs more input: your next message continues task ${this.taskId}.`
      : this.contextId
        ? `Conversation ${this.contextId}.`
        : "New conversation.";
  }

  act(action: TaskAction): void {
    if (!this.currentTask) return;
    const bubble = agentBubble(this.ui.log, TASK_ACTION_LABELS[action]);
    this.call("/api/inspect/task", { task_id: this.currentTask, action }, bubble).catch((err: unknown) =>
      this.showError(err),
    );
  }

  showError(err: unknown): void {
    this.ui.log.appendChild(
      h("li", { class: "bubble error" }, h("p", { class: "error-text" }, (err as Error).message)),
    );
  }

  halt(): void {
    if (!this.running) return;
    this.running.abort();
    // The server also stops the session's calls at once, whatever the browser's connection does.
    void api("POST", "/api/inspect/stop", { session_id: this.sessionId() }).catch(() => undefined);
  }

  restart(): void {
    this.halt();
    this.contextId = undefined;
    this.taskId = undefined;
    this.currentTask = undefined;
    this.ui.taskLabel.textContent = "No task yet.";
    this.ui.log.replaceChildren();
    this.ui.status.textContent = "New conversation.";
    this.setRunning(undefined);
  }
}

/** The inspector chat: multi-turn on one contextId, streamed text, task state, input-required continued. */
export function chatPanel(sessionId: () => string, streams: () => boolean): ChatPanel {
  const chat = new InspectorConversation(sessionId, streams);
  const { log, status, input, send, stop, taskLabel, taskButtons } = chat.ui;
  stop.addEventListener("click", () => chat.halt());
  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text || chat.running) return;
        input.value = "";
        chat.turn(text).catch((err: unknown) => chat.showError(err));
      },
    },
    input,
    send,
    stop,
    h(
      "button",
      { type: "button", class: "secondary", name: "new-conversation", onclick: () => chat.restart() },
      "New conversation",
    ),
  );
  const controls = h("div", { class: "row task-controls" }, taskLabel, taskButtons);
  return {
    element: h("div", { class: "chat" }, status, log, form, controls),
    setTransport(next: string) {
      if (next === chat.transport) return;
      chat.transport = next;
      chat.restart();
    },
  };
}

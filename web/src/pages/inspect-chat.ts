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

/** The inspector chat: multi-turn on one contextId, streamed text, task state, input-required continued. */
export function chatPanel(sessionId: () => string, streams: () => boolean): ChatPanel {
  let contextId: string | undefined;
  let taskId: string | undefined;
  /** The latest task the agent named: the one the task controls act on. */
  let currentTask: string | undefined;
  let transport = "JSONRPC";
  let running: AbortController | undefined;
  const log = h("ol", { class: "chat-log" });
  const status = h("p", { class: "muted chat-status" }, "New conversation.");
  const input = h("textarea", { name: "chat-input", rows: 2, placeholder: "Message the agent" });
  const send = h("button", { type: "submit", class: "primary" }, "Send");
  const stop = h("button", { type: "button", class: "secondary", name: "stop", disabled: true }, "Stop");
  const taskLabel = h("span", { class: "muted task-id" }, "No task yet.");
  const taskButtons = (["get", "cancel", "subscribe"] as const).map((action) =>
    h(
      "button",
      {
        type: "button",
        class: "secondary",
        name: `task-${action}`,
        disabled: true,
        onclick: () => act(action),
      },
      action === "get" ? "Get task" : action === "cancel" ? "Cancel task" : "Subscribe",
    ),
  );

  const setRunning = (controller: AbortController | undefined) => {
    running = controller;
    send.disabled = controller !== undefined;
    stop.disabled = controller === undefined;
    for (const b of taskButtons) b.disabled = controller !== undefined || currentTask === undefined;
  };

  const remember = (reply: ChatReply) => {
    contextId = reply.context_id ?? contextId;
    if (reply.task_id) currentTask = reply.task_id;
    taskLabel.textContent = currentTask ? `Task ${currentTask}` : "No task yet.";
    setRunning(running);
  };

  /** Runs one call to the server, streamed or not, into `bubble`; Stop and New conversation abort it. */
  const call = async (path: string, body: Record<string, unknown>, bubble: Bubble) => {
    const controller = new AbortController();
    setRunning(controller);
    let final: ChatReply | undefined;
    try {
      await stream(
        "POST",
        path,
        { session_id: sessionId(), transport, ...body },
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
      if (running === controller) setRunning(undefined);
    }
    if (final) {
      bubble.finish(final);
      remember(final);
    }
    return final;
  };

  const turn = async (text: string) => {
    log.appendChild(h("li", { class: "bubble user" }, h("p", {}, text)));
    const body = { text, context_id: contextId, task_id: taskId, stream: streams() };
    const final = await call("/api/inspect/chat", body, agentBubble(log));
    if (!final) return;
    // docs/test-files.md: an input-required task is continued by the next message; otherwise a new task starts in the same context.
    taskId = final.state && INTERRUPTED.has(final.state) ? final.task_id : undefined;
    status.textContent = taskId
      ? `The agent needs more input: your next message continues task ${taskId}.`
      : contextId
        ? `Conversation ${contextId}.`
        : "New conversation.";
  };

  const act = (action: "get" | "cancel" | "subscribe") => {
    if (!currentTask) return;
    const label = action === "get" ? "Get task" : action === "cancel" ? "Cancel task" : "Subscribe";
    void call("/api/inspect/task", { task_id: currentTask, action }, agentBubble(log, label)).catch(
      (err: unknown) => showError(err),
    );
  };

  const showError = (err: unknown) =>
    log.appendChild(
      h("li", { class: "bubble error" }, h("p", { class: "error-text" }, (err as Error).message)),
    );

  const halt = () => {
    if (!running) return;
    running.abort();
    // The server also stops the session's calls at once, whatever the browser's connection does.
    void api("POST", "/api/inspect/stop", { session_id: sessionId() }).catch(() => undefined);
  };
  stop.addEventListener("click", halt);

  const restart = () => {
    halt();
    contextId = undefined;
    taskId = undefined;
    currentTask = undefined;
    taskLabel.textContent = "No task yet.";
    log.replaceChildren();
    status.textContent = "New conversation.";
    setRunning(undefined);
  };

  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text || running) return;
        input.value = "";
        turn(text).catch(showError);
      },
    },
    input,
    send,
    stop,
    h(
      "button",
      { type: "button", class: "secondary", name: "new-conversation", onclick: restart },
      "New conversation",
    ),
  );
  const controls = h("div", { class: "row task-controls" }, taskLabel, taskButtons);
  return {
    element: h("div", { class: "chat" }, status, log, form, controls),
    setTransport(next: string) {
      if (next === transport) return;
      transport = next;
      restart();
    },
  };
}

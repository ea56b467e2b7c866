import { stream } from "../api.js";
import { badge, h, mount } from "../dom.js";

interface ChatReply {
  kind?: string;
  text: string;
  state?: string;
  task_id?: string;
  context_id?: string;
  failure?: string;
  warnings: string[];
  transport?: string;
}

const INTERRUPTED = new Set(["input-required", "auth-required"]);

/** The chat panel and the binding it talks over. */
export interface ChatPanel {
  element: HTMLElement;
  /** Switches binding; the conversation starts over, as contexts do not cross interfaces. */
  setTransport(transport: string): void;
}

/** The inspector chat: multi-turn on one contextId, streamed text, task state, input-required continued. */
export function chatPanel(sessionId: () => string, streams: () => boolean): ChatPanel {
  let contextId: string | undefined;
  let taskId: string | undefined;
  let transport = "JSONRPC";
  const log = h("ol", { class: "chat-log" });
  const status = h("p", { class: "muted chat-status" }, "New conversation.");
  const input = h("textarea", { name: "chat-input", rows: 2, placeholder: "Message the agent" });
  const send = h("button", { type: "submit", class: "primary" }, "Send");

  const agentBubble = () => {
    const state = h("span", { class: "state" });
    const text = h("p", { class: "reply-text" }, "…");
    const extra = h("div", {});
    const li = h("li", { class: "bubble agent" }, state, text, extra);
    log.appendChild(li);
    return {
      update(reply: ChatReply) {
        text.textContent = reply.text || (reply.failure ? "" : "…");
        mount(state, reply.state ? badge(reply.state) : reply.kind ? badge(reply.kind) : null);
      },
      finish(reply: ChatReply) {
        this.update(reply);
        mount(
          extra,
          reply.failure ? h("p", { class: "error-text" }, reply.failure) : null,
          reply.warnings.map((w) => h("p", { class: "warning-text" }, w)),
        );
      },
    };
  };

  const turn = async (text: string) => {
    log.appendChild(h("li", { class: "bubble user" }, h("p", {}, text)));
    const bubble = agentBubble();
    let final: ChatReply | undefined;
    await stream(
      "POST",
      "/api/inspect/chat",
      {
        session_id: sessionId(),
        text,
        context_id: contextId,
        task_id: taskId,
        stream: streams(),
        transport,
      },
      ({ event, data }) => {
        if (event === "update") bubble.update(data as ChatReply);
        if (event === "done" || event === "json") final = data as ChatReply;
      },
    );
    if (!final) return;
    bubble.finish(final);
    contextId = final.context_id ?? contextId;
    // The A2A test manual: an input-required task is continued by the next message; otherwise a new task starts in the same context.
    taskId = final.state && INTERRUPTED.has(final.state) ? final.task_id : undefined;
    status.textContent = taskId
      ? `The agent needs more input: your next message continues task ${taskId}.`
      : contextId
        ? `Conversation ${contextId}.`
        : "New conversation.";
  };

  const restart = () => {
    contextId = undefined;
    taskId = undefined;
    log.replaceChildren();
    status.textContent = "New conversation.";
  };

  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        input.value = "";
        send.disabled = true;
        turn(text)
          .catch((err: unknown) =>
            log.appendChild(
              h("li", { class: "bubble error" }, h("p", { class: "error-text" }, (err as Error).message)),
            ),
          )
          .finally(() => (send.disabled = false));
      },
    },
    input,
    send,
    h(
      "button",
      {
        type: "button",
        class: "secondary",
        onclick: () => restart(),
      },
      "New conversation",
    ),
  );
  return {
    element: h("div", { class: "chat" }, status, log, form),
    setTransport(next: string) {
      if (next === transport) return;
      transport = next;
      restart();
    },
  };
}

import { api, stream } from "../api.js";
import { badge, field, h, mount, tabs } from "../dom.js";
import type { TrafficEntry, TrafficEntryChange } from "../../../src/model/traffic.js";
import type { CardReply } from "../../../src/model/api.js";
import { cardView } from "../views/card-view.js";
import { TrafficList } from "../views/traffic-view.js";
import { authPanel } from "./inspect-auth.js";
import { chatPanel, type ChatPanel } from "./inspect-chat.js";

const BINDING_LABELS: Record<string, string> = {
  JSONRPC: "JSON-RPC",
  "HTTP+JSON": "HTTP+JSON (REST)",
  GRPC: "gRPC",
};

/** A select of the bindings the card advertises; the chat talks over the chosen one. */
function bindingSelector(transports: string[], choose: (transport: string) => void): HTMLElement {
  const options = transports.length > 0 ? transports : ["JSONRPC"];
  choose(options[0] ?? "JSONRPC");
  const select = h(
    "select",
    { name: "transport", onchange: (e: Event) => choose((e.target as HTMLSelectElement).value) },
    options.map((t) => h("option", { value: t }, BINDING_LABELS[t] ?? t)),
  );
  return field("Binding", select, "The card's interfaces; each keeps its own connection.");
}

/** The debug console: every request and response the server makes for the session, live. */
function debugConsole(sessionId: string, signal: AbortSignal): HTMLElement {
  const consoleList = new TrafficList();
  void stream(
    "GET",
    `/api/inspect/sessions/${sessionId}/traffic`,
    undefined,
    ({ event, data }) => {
      if (event === "entry") consoleList.upsert(data as TrafficEntry);
      else if (event === "entry-change") consoleList.change(data as TrafficEntryChange);
    },
    signal,
  ).catch(() => undefined);
  return h(
    "div",
    { class: "debug-console" },
    h(
      "p",
      { class: "muted" },
      "Every request and response the server made for this page, live. Click one to expand it.",
    ),
    consoleList.element,
  );
}

/** Where a loaded card shows: the summary line, the card tab and the chat tab. */
interface CardSlots {
  summary: HTMLElement;
  cardSlot: HTMLElement;
  chatSlot: HTMLElement;
}

/** Shows a loaded card: its verdict and name, its checks, and the chat over its bindings when it has one. */
function showCard(card: CardReply, { summary, cardSlot, chatSlot }: CardSlots, chat: ChatPanel): void {
  const r = card.result;
  mount(
    summary,
    badge(r.status),
    " ",
    h("strong", { class: "agent-name" }, r.card?.name ?? "(no name)"),
    r.reason ? h("p", { class: `reason reason-${r.status}` }, r.reason) : null,
    card.streaming ? h("small", { class: "muted" }, " streams") : null,
  );
  mount(cardSlot, cardView(r));
  mount(
    chatSlot,
    card.can_chat
      ? h(
          "div",
          {},
          bindingSelector(card.transports, (t) => chat.setTransport(t)),
          chat.element,
        )
      : h("p", { class: "error-text" }, "No usable endpoint: fix the card or the URL to chat."),
  );
}

/** `/inspect?url=AGENT_URL`: card checks, chat and a live debug console; the server makes every call. */
export async function inspectPage(root: HTMLElement, _params: string[], signal: AbortSignal): Promise<void> {
  const session = await api<{ id: string }>("POST", "/api/inspect/sessions", {}, signal);
  let card: CardReply | undefined;
  const linked = new URLSearchParams(location.search).get("url") ?? "";
  const url = h("input", {
    name: "agent-url",
    type: "url",
    placeholder: "https://agent.example.com",
    value: linked,
  });
  const auth = authPanel();
  const slots: CardSlots = {
    summary: h("div", { class: "inspect-summary" }),
    cardSlot: h("div", {}, h("p", { class: "muted" }, "Enter an agent URL and press Connect.")),
    chatSlot: h("div", {}, h("p", { class: "muted" }, "Connect to an agent to chat.")),
  };
  const chat = chatPanel(
    () => session.id,
    () => card?.streaming ?? false,
  );
  const connect = async () => {
    mount(slots.summary, h("p", { class: "muted" }, "Fetching the agent card…"));
    history.replaceState(null, "", `/inspect?url=${encodeURIComponent(url.value)}`);
    const body = { session_id: session.id, agent_url: url.value.trim(), auth: auth.read() };
    card = await api<CardReply>("POST", "/api/inspect/card", body, signal);
    showCard(card, slots, chat);
  };
  const run = () =>
    connect().catch((err: unknown) =>
      mount(slots.summary, h("p", { class: "error-text" }, (err as Error).message)),
    );
  const form = h(
    "form",
    {
      class: "row connect",
      onsubmit: (e: Event) => {
        e.preventDefault();
        void run();
      },
    },
    field("Agent URL", url),
    h("button", { type: "submit", class: "primary" }, "Connect"),
  );
  const debug = debugConsole(session.id, signal);
  const panes: Record<string, HTMLElement> = { "Agent card": slots.cardSlot, Chat: slots.chatSlot };
  mount(
    root,
    h("h1", {}, "A2A Inspector"),
    form,
    auth.element,
    slots.summary,
    tabs(["Agent card", "Chat", "Debug console"], (name) => panes[name] ?? debug),
  );
  // Drive-by opening: a link from anywhere can open this page with any URL, so the URL only fills
  // the form; the server contacts it once the user says so.
  if (linked)
    mount(
      slots.summary,
      confirmLinked(linked, () => void run()),
    );
}

/** The question a linked agent URL waits on. */
function confirmLinked(agentUrl: string, connect: () => void): HTMLElement {
  return h(
    "div",
    { class: "notice confirm-connect" },
    h("p", {}, "This link asks the inspector to connect to ", h("code", {}, agentUrl), "."),
    h(
      "p",
      { class: "muted" },
      "The server will fetch its card and talk to it from its own network. Connect only if you trust the link.",
    ),
    h(
      "button",
      { type: "button", class: "primary", name: "confirm-connect", onclick: connect },
      "Connect to this agent",
    ),
  );
}

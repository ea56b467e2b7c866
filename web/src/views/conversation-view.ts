import type { RunResult } from "../../../src/model/result.js";
import {
  conversationOf,
  isUserTurn,
  transcriptTitle,
  trialTitle,
  verdictWording,
  type TurnView,
  type VerdictView,
} from "../../../src/view/conversation-view.js";
import { badge, h } from "../dom.js";

function verdictList(verdicts: readonly VerdictView[]): HTMLElement | null {
  if (verdicts.length === 0) return null;
  return h(
    "ul",
    { class: "verdicts" },
    verdicts.map((v) => {
      const { word, unsupported } = verdictWording(v);
      return h(
        "li",
        { class: v.met ? "met" : "unmet" },
        badge(word),
        " ",
        h("strong", {}, v.criterion),
        unsupported ? h("p", { class: "warning-text" }, unsupported) : null,
        v.reasoning ? h("p", {}, v.reasoning) : null,
      );
    }),
  );
}

function turnBubble(t: TurnView): HTMLElement {
  const facts = [
    t.role || "?",
    t.turn !== undefined ? `turn ${t.turn}` : "",
    t.ms !== undefined ? `${t.ms} ms` : "",
  ];
  return h(
    "li",
    { class: `bubble ${isUserTurn(t) ? "user" : "agent"}` },
    h("small", { class: "muted" }, `${facts.filter(Boolean).join(" · ")} `),
    t.state ? badge(t.state) : null,
    h("p", {}, t.text),
    t.error ? h("p", { class: "error-text" }, t.error) : null,
  );
}

function transcript(turns: readonly TurnView[]): HTMLElement[] {
  return turns.length === 0
    ? []
    : [h("h3", {}, transcriptTitle(turns)), h("ol", { class: "chat-log" }, turns.map(turnBubble))];
}

/** The conversation of src/view/conversation-view.ts: the transcript and verdicts, or each trial's. */
export function conversationView(result: RunResult): HTMLElement {
  const view = conversationOf(result);
  if (!view) return h("div", {});
  if (!view.perTrial) return h("div", {}, verdictList(view.verdicts), transcript(view.transcript));
  return h(
    "div",
    {},
    view.trials.map((t) => {
      const title = trialTitle(t, view.trials.length);
      return h(
        "details",
        { class: "trial", open: t.status !== "passed" },
        h("summary", {}, title.lead, badge(title.status), title.rest),
        verdictList(t.verdicts ?? []),
        transcript(t.transcript ?? []),
      );
    }),
  );
}

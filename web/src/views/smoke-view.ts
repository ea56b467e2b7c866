import type { SmokeSection } from "../../../src/model/result.js";
import { smokeLabels, smokeViewOf } from "../../../src/view/smoke-view.js";
import { badge, h } from "../dom.js";

/** The smoke check of src/view/smoke-view.ts: the message and the reply as a chat, then the facts. */
export function smokeView(smoke: SmokeSection): HTMLElement {
  const view = smokeViewOf(smoke);
  return h(
    "div",
    {},
    h(
      "ol",
      { class: "chat-log" },
      h("li", { class: "bubble user" }, h("p", {}, view.sent)),
      h(
        "li",
        { class: "bubble agent" },
        view.state ? badge(view.state) : null,
        h("p", {}, view.text || "(no text)"),
      ),
    ),
    h(
      "dl",
      { class: "facts smoke-facts" },
      h("dt", {}, smokeLabels.sent),
      h("dd", {}, h("code", {}, view.method), " ", view.sent),
      h("dt", {}, smokeLabels.reply),
      h("dd", {}, view.reply),
      h("dt", {}, smokeLabels.verdict),
      h("dd", { class: view.passed ? "ok" : "error-text" }, view.verdict),
    ),
  );
}

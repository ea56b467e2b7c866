import { h } from "../dom.js";
import type { BaselineComparison } from "../../../src/model/result.js";
import { baselineView } from "../../../src/view/baseline-view.js";

/** A comparison with an earlier run, drawn from the same view the reports use (src/view/baseline-view.ts). */
export function baselineSection(b: BaselineComparison): HTMLElement {
  const view = baselineView(b);
  return h(
    "div",
    { class: "baseline" },
    h("p", {}, h("strong", {}, view.heading), ": ", h("span", { class: "baseline-summary" }, view.summary)),
    ...view.groups.map((group) =>
      h(
        "div",
        { class: `baseline-group ${group.tone}` },
        h("h4", {}, `${group.title} (${group.rows.length})`),
        h(
          "table",
          {},
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              ["Verdict", "Level", "Before", "Now"].map((c) => h("th", {}, c)),
            ),
          ),
          h(
            "tbody",
            {},
            group.rows.map((c) =>
              h(
                "tr",
                {},
                h("td", {}, c.id),
                h("td", {}, c.level ?? ""),
                h("td", {}, c.before ?? "new"),
                h("td", {}, c.after),
              ),
            ),
          ),
        ),
      ),
    ),
    view.note ? h("p", { class: "muted" }, view.note) : null,
    view.deltas.length > 0
      ? h(
          "ul",
          {},
          view.deltas.map((d) => h("li", {}, d)),
        )
      : null,
  );
}

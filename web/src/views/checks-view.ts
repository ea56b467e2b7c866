import { findingPlace, type Finding } from "../../../src/model/finding.js";
import type { RunResult } from "../../../src/model/result.js";
import { checksViewOf, type CheckGroup } from "../../../src/view/checks-view.js";
import { badge, h } from "../dom.js";
import { forTheWeb } from "./cli-wording.js";

function findingRow(f: Finding): HTMLElement {
  return h(
    "tr",
    { class: `finding finding-${f.status.replace(/[^a-z-]/gi, "")}`, "data-id": f.id },
    h("td", {}, badge(f.status)),
    h("td", {}, f.level),
    h("td", {}, h("code", {}, f.id)),
    h("td", {}, findingPlace(f)),
    h(
      "td",
      {},
      h("p", { class: "finding-message" }, forTheWeb(f.message)),
      f.recommendation && f.status !== "pass"
        ? h("p", { class: "muted recommendation" }, "Recommendation: ", forTheWeb(f.recommendation))
        : null,
    ),
  );
}

/** One group of the checks under its heading row, as the report lists it; an empty group says so or is left out. */
function groupBody(group: CheckGroup): HTMLElement | null {
  if (group.findings.length === 0 && !group.empty) return null;
  const heading = h("tr", { class: "check-group" }, h("th", { colspan: 5 }, group.title));
  const rows =
    group.findings.length > 0
      ? group.findings.map(findingRow)
      : [h("tr", {}, h("td", { colspan: 5, class: "ok" }, group.empty ?? ""))];
  return h("tbody", { "data-group": group.status }, heading, rows);
}

/** The checks of src/view/checks-view.ts: the level, the counts, and the groups in one table. */
export function checksView(result: RunResult): HTMLElement {
  if ((result.findings ?? []).length === 0)
    return h(
      "p",
      { class: "muted" },
      "No conformance findings in this run (conformance runs list them here).",
    );
  const view = checksViewOf(result);
  return h(
    "div",
    {},
    view.level ? h("p", {}, "Conformance level: ", h("strong", {}, view.level)) : null,
    h("p", { class: "findings-summary muted" }, view.counts),
    h(
      "table",
      { class: "findings" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["Status", "Level", "Check", "Binding", "Message"].map((c) => h("th", {}, c)),
        ),
      ),
      view.groups.map(groupBody),
    ),
  );
}

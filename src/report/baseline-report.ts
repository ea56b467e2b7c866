import type { BaselineComparison } from "../model/result.js";
import { baselineView, changeText, type ChangeGroup } from "../view/baseline-view.js";
import { mdCell, mdInline } from "./escape.js";
import { html, type SafeHtml } from "./html-template.js";
import type { Style } from "./style.js";

/** How many changes of a group a report lists before "and N more". */
const shownPerGroup = 25;

const shown = <T>(rows: readonly T[]) => ({
  rows: rows.slice(0, shownPerGroup),
  more: rows.length - shownPerGroup,
});

/** The console's block: heading, summary, each group's verdicts, the deltas. */
export function baselineConsole(b: BaselineComparison, st: Style): string[] {
  const view = baselineView(b);
  const mark = (g: ChangeGroup) =>
    g.tone === "bad"
      ? st.red("✗")
      : g.tone === "good"
        ? st.green("✓")
        : g.tone === "warn"
          ? st.yellow("~")
          : st.dim("·");
  const lines = [st.bold(view.heading), `  ${view.summary}`];
  for (const group of view.groups) {
    const { rows, more } = shown(group.rows);
    lines.push(`  ${group.title} (${group.rows.length})`);
    lines.push(...rows.map((c) => `    ${mark(group)} ${changeText(c)}`));
    if (more > 0) lines.push(st.dim(`    … and ${more} more (in the result JSON's baseline)`));
  }
  if (view.note) lines.push(st.dim(`  ${view.note}`));
  lines.push(...view.deltas.map((d) => `  ${d}`));
  return lines;
}

/** The Markdown block, as a pull-request comment wants it: the summary, then a table per group. */
export function baselineMarkdown(b: BaselineComparison): string {
  const view = baselineView(b);
  const parts = [`### ${mdInline(view.heading)}`, "", `**${mdInline(view.summary)}**`];
  for (const group of view.groups) {
    const { rows, more } = shown(group.rows);
    parts.push(
      "",
      `#### ${mdInline(group.title)} (${group.rows.length})`,
      "",
      "| Verdict | Level | Before | Now |",
      "| --- | --- | --- | --- |",
      ...rows.map(
        (c) =>
          `| ${mdCell(c.id)} | ${mdCell(c.level ?? "")} | ${mdCell(c.before ?? "new")} | ${mdCell(c.after)} |`,
      ),
    );
    if (more > 0) parts.push("", `… and ${more} more.`);
  }
  if (view.note) parts.push("", `_${mdInline(view.note)}_`);
  if (view.deltas.length > 0) parts.push("", ...view.deltas.map((d) => `- ${mdInline(d)}`));
  return parts.join("\n");
}

/** The HTML report's section (the web board draws the same view). */
export function baselineHtml(b: BaselineComparison): SafeHtml {
  const view = baselineView(b);
  return html`<p><strong>${view.heading}</strong>: ${view.summary}</p>
    ${view.groups.map(
      (group) =>
        html`<h4>${group.title} (${group.rows.length})</h4>
          <table class="baseline ${group.tone}">
            <thead>
              <tr>
                <th>Verdict</th>
                <th>Level</th>
                <th>Before</th>
                <th>Now</th>
              </tr>
            </thead>
            <tbody>
              ${group.rows.map(
                (c) =>
                  html`<tr>
                    <td>${c.id}</td>
                    <td>${c.level ?? ""}</td>
                    <td>${c.before ?? "new"}</td>
                    <td>${c.after}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`,
    )}
    ${view.note ? html`<p class="muted">${view.note}</p>` : null}
    ${
      view.deltas.length > 0
        ? html`<ul>
            ${view.deltas.map((d) => html`<li>${d}</li>`)}
          </ul>`
        : null
    }`;
}

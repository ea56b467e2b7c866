import type { RunResult } from "../model/result.js";
import { html, type SafeHtml } from "./html-template.js";
import { redteamHeaders } from "../view/redteam-view.js";
import { redteamOf, turnLine } from "../view/redteam-view.js";

/** The red-team section of the HTML report; null when the run has none. Every value is escaped by `html`. */
export function redteamSection(result: RunResult): SafeHtml | null {
  const view = redteamOf(result);
  if (!view) return null;
  return html`<table>
      <tr>
        ${redteamHeaders.map((h) => html`<th>${h}</th>`)}
      </tr>
      ${view.rows.map(
        (r) =>
          html`<tr>
            ${r.map((c) => html`<td>${c}</td>`)}
          </tr>`,
      )}
    </table>
    ${view.skipped.map((s) => html`<p class="dim">${s.pack} skipped: ${s.reason}</p>`)}
    ${view.worst.length > 0 ? html`<h4>Worst transcripts</h4>` : null}
    ${view.worst.map(
      ({ attack, record }) =>
        html`<details open>
          <summary>
            ${attack.id} (${attack.severity}, ${attack.owasp}, decided by ${record.decided_by}):
            ${record.evidence}
          </summary>
          <pre>${record.transcript.map(turnLine).join("\n")}</pre>
        </details>`,
    )}
    <h4>OWASP LLM Top 10 (2025)</h4>
    <ul>
      ${view.owasp.map((o) => html`<li>${o.id} ${o.title}: ${o.packs.join(", ")}</li>`)}
    </ul>`;
}

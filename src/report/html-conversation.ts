import {
  isUserTurn,
  transcriptTitle,
  trialTitle,
  verdictWording,
  type ConversationView,
  type TrialView,
  type TurnView,
  type VerdictView,
} from "../view/conversation-view.js";
import { truncate } from "./escape.js";
import { html, type SafeHtml } from "./html-template.js";
import { intervalText, minimumText, passHatKText, passRateText, usageRows } from "./trial-summary.js";

function turns(transcript: readonly TurnView[]): SafeHtml[] {
  return transcript.map(
    (t) =>
      html`<div class="turn ${isUserTurn(t) ? "user" : "agent"}">
        <span class="role">${t.role || "?"}</span>
        <pre class="say">${truncate(t.text, 8_000)}</pre>
      </div>`,
  );
}

function transcriptBlock(view: ConversationView): SafeHtml | null {
  return view.transcript.length === 0
    ? null
    : html`<details open>
        <summary>${transcriptTitle(view.transcript)}</summary>
        ${turns(view.transcript)}
      </details>`;
}

function verdictCell(v: VerdictView): SafeHtml {
  const { word, unsupported } = verdictWording(v);
  const cls = word === "met" ? "ok" : word === "?" ? "warn" : "bad";
  return unsupported
    ? html`<span class="${cls}">${word}</span> <span class="warn">${unsupported}</span>`
    : html`<span class="${cls}">${word}</span>`;
}

function evidenceCell(v: VerdictView): SafeHtml {
  return html`${v.evidence.map(
    (e) =>
      html`<p>
        ${e.turn === undefined ? "" : `turn ${e.turn}: `}<code>${truncate(e.quote, 500)}</code>${
          e.found ? "" : html` <span class="warn">not in the transcript</span>`
        }
      </p>`,
  )}`;
}

function verdictTable(verdicts: readonly VerdictView[]): SafeHtml | null {
  const withEvidence = verdicts.some((v) => v.evidence.length > 0);
  return verdicts.length === 0
    ? null
    : html`<table>
        <thead>
          <tr>
            <th>Criterion</th>
            <th>Verdict</th>
            <th>Reasoning</th>
            ${withEvidence ? html`<th>Evidence</th>` : null}
          </tr>
        </thead>
        <tbody>
          ${verdicts.map(
            (v) =>
              html`<tr>
                <td>${v.criterion}</td>
                <td>${verdictCell(v)}</td>
                <td>${truncate(v.reasoning, 2_000)}</td>
                ${withEvidence ? html`<td>${evidenceCell(v)}</td>` : null}
              </tr>`,
          )}
        </tbody>
      </table>`;
}

function trialTable(view: ConversationView): SafeHtml | null {
  return view.trials.length === 0
    ? null
    : html`<h4>Trials</h4>
        <table>
          <thead>
            <tr>
              <th>Trial</th>
              <th>Status</th>
              <th class="num">Score</th>
              <th>Detail</th>
            </tr>
          </thead>
          <tbody>
            ${view.trials.map(
              (t) =>
                html`<tr>
                  <td>${t.label}</td>
                  <td>${t.status}</td>
                  <td class="num">${t.score ?? ""}</td>
                  <td>${t.detail}</td>
                </tr>`,
            )}
          </tbody>
        </table>`;
}

function pairs(rows: ReadonlyArray<readonly [string, string | SafeHtml]>): SafeHtml {
  return html`<dl>
    ${rows.map(
      ([k, v]) =>
        html`<dt>${k}</dt>
          <dd>${v}</dd>`,
    )}
  </dl>`;
}

function statsBlock(view: ConversationView): SafeHtml | null {
  const s = view.stats;
  const stats = s
    ? html`<h4>Pass rate</h4>
        ${pairs([
          ["Pass rate", passRateText(s)],
          ["95% interval (Wilson)", intervalText(s)],
          ["pass^k", passHatKText(s)],
          [
            "Flaky",
            s.flaky ? html`<span class="warn">yes: some trials passed and some did not</span>` : "no",
          ],
          ["Minimum pass rate", minimumText(s)],
        ])}`
    : null;
  const usage = view.usage
    ? html`<h4>Usage and cost</h4>
        ${pairs(usageRows(view.usage))}`
    : null;
  return html`${stats}${usage}`;
}

function trialDetails(t: TrialView, count: number): SafeHtml {
  const title = trialTitle(t, count);
  const cls = t.status === "passed" ? "ok" : t.status === "failed" ? "bad" : "warn";
  const transcript = t.transcript ?? [];
  const body = html`
    <summary>${title.lead}<span class="${cls}">${title.status}</span>${title.rest}</summary>
    ${transcript.length === 0 ? html`<p class="muted">(no messages)</p>` : turns(transcript)}
    ${verdictTable(t.verdicts ?? [])}
  `;
  // Trials that did not pass open by default: they are what the reader came for.
  return t.status === "passed" ? html`<details>${body}</details>` : html`<details open>${body}</details>`;
}

/** The conversation: turns as bubbles, the judge's verdicts, the trials (each one's transcript), pass rate and cost. */
export function conversationSection(view: ConversationView): SafeHtml {
  const single = view.perTrial ? null : html`${transcriptBlock(view)}${verdictTable(view.verdicts)}`;
  const each = view.perTrial ? view.trials.map((t) => trialDetails(t, view.trials.length)) : null;
  return html`${single}${trialTable(view)}${statsBlock(view)}${each}`;
}

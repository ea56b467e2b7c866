import type { TrafficEntry } from "../model/traffic.js";
import type { CardSection, CardSignatureStatus, SmokeSection } from "../model/result.js";
import type { Finding } from "../model/finding.js";
import { signatureLine } from "../view/card-signature.js";
import { truncate } from "./escape.js";
import { html, type SafeHtml } from "./html-template.js";
import { exchangeBlock } from "./html-traffic.js";
import { evidenceOf, findingName } from "../view/run-view.js";
import { smokeLabels, smokeViewOf } from "../view/smoke-view.js";
import { formatDuration } from "../view/units.js";

function triedTable(card: CardSection): SafeHtml {
  return html`<table>
    <thead>
      <tr>
        <th>Location</th>
        <th>Outcome</th>
        <th class="num">ms</th>
      </tr>
    </thead>
    <tbody>
      ${card.tried.map(
        (t) =>
          html`<tr>
            <td><code>${t.url}</code></td>
            <td>${t.outcome}</td>
            <td class="num">${t.ms}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function issueTable(card: CardSection): SafeHtml {
  const issues = [
    ...card.errors.map((e) => ({ kind: "error", issue: e })),
    ...card.warnings.map((w) => ({ kind: "warning", issue: w })),
  ];
  if (issues.length === 0) return html`<p class="ok">Valid: no errors, no warnings.</p>`;
  return html`<table>
    <thead>
      <tr>
        <th>Severity</th>
        <th>Path</th>
        <th>Message</th>
      </tr>
    </thead>
    <tbody>
      ${issues.map(
        ({ kind, issue }) =>
          html`<tr>
            <td class="${kind === "error" ? "bad" : "warn"}">${kind}</td>
            <td><code>${issue.path}</code></td>
            <td>${issue.message}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

const toneClass = { good: "ok", quiet: "muted", warn: "warn", bad: "bad" } as const;

function signatureFact(signatures: CardSignatureStatus): SafeHtml {
  const { tone, label, text } = signatureLine(signatures);
  return html`<dt>Signatures</dt>
    <dd><span class="${toneClass[tone]}">${label}</span>: ${truncate(text, 1_000)}</dd>`;
}

/** The card: where it was found (or every location tried), what it says, its errors and warnings with paths. */
export function cardSection(card: CardSection): SafeHtml {
  if (!card.found_at)
    return html`<p class="bad">No agent card found.</p>
      ${triedTable(card)}`;
  return html`<dl class="facts">
      <dt>Found at</dt>
      <dd><code>${card.found_at}</code></dd>
      <dt>Name</dt>
      <dd>${card.name ?? "(no name)"} ${card.version ?? ""}</dd>
      <dt>Protocol</dt>
      <dd>A2A ${card.protocol_version ?? "version not stated"} · ${card.transport ?? "?"}</dd>
      ${
        card.description
          ? html`<dt>Description</dt>
              <dd>${truncate(card.description, 1_000)}</dd>`
          : null
      }
      ${
        card.skills.length > 0
          ? html`<dt>Skills</dt>
              <dd>${card.skills.map((s) => s.id || s.name).join(", ")}</dd>`
          : null
      }
      ${card.signatures ? signatureFact(card.signatures) : null}
    </dl>
    ${issueTable(card)}${card.errors.length > 0 && !card.strict ? html`<p class="muted">strict_card is off: card errors are reported, not failed.</p>` : null}
    <details>
      <summary>Locations tried (${card.tried.length})</summary>
      ${triedTable(card)}
    </details>`;
}

/** The smoke message sent and the reply it got. */
export function smokeSection(smoke: SmokeSection): SafeHtml {
  const view = smokeViewOf(smoke);
  return html`<dl class="facts">
      <dt>${smokeLabels.sent}</dt>
      <dd><code>${view.method}</code> ${view.sent}</dd>
      <dt>${smokeLabels.reply}</dt>
      <dd>${view.reply}</dd>
      <dt>${smokeLabels.verdict}</dt>
      <dd><span class="${view.passed ? "ok" : "bad"}">${view.verdict}</span></dd>
    </dl>
    ${view.text ? html`<pre>${truncate(view.text, 8_000)}</pre>` : null}`;
}

/** One failed or errored check: what failed, what to do, and the exchanges that show it. */
export function problemCheck(f: Finding, traffic: readonly TrafficEntry[]): SafeHtml {
  const { entries, missing } = evidenceOf(f, traffic);
  const spec = f.spec ? html` · ${f.spec}${f.tck ? ` (TCK ${f.tck})` : ""}` : null;
  return html`<div class="check ${f.status}">
    <h4><span class="badge ${f.status}">${f.status}</span> <code>${findingName(f)}</code></h4>
    <div class="muted">${f.level} · ${f.category}${spec} · ${formatDuration(f.duration_ms)}</div>
    <p>${f.message}</p>
    ${f.recommendation ? html`<div class="rec"><strong>Recommendation:</strong> ${f.recommendation}</div>` : null}
    ${
      entries.length > 0
        ? html`<details open>
            <summary>Evidence (${entries.length})</summary>
            ${entries.map((t) => exchangeBlock(t))}
          </details>`
        : null
    }
    ${missing.length > 0 ? html`<p class="muted">Evidence not in the traffic log: ${missing.join(", ")}</p>` : null}
  </div>`;
}

/** A collapsed table of checks with one status (passed or skipped) under its title, with their messages. */
export function checkList(title: string, findings: readonly Finding[]): SafeHtml | null {
  if (findings.length === 0) return null;
  return html`<details>
    <summary>${title}</summary>
    <table>
      <thead>
        <tr>
          <th>Check</th>
          <th>Level</th>
          <th>Category</th>
          <th>Message</th>
        </tr>
      </thead>
      <tbody>
        ${findings.map(
          (f) =>
            html`<tr>
              <td><code>${findingName(f)}</code></td>
              <td>${f.level}</td>
              <td>${f.category}</td>
              <td>${truncate(f.message, 500)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </details>`;
}

import type { Finding } from "../model/finding.js";
import type { RunResult } from "../model/result.js";
import { categoryChart } from "./chart.js";
import { conversationOf } from "../view/conversation-view.js";
import { HTML_STYLE } from "./html-style.js";
import { resultSections, type SectionId } from "../view/sections.js";
import { conversationSection } from "./html-conversation.js";
import { redteamSection } from "./redteam-html.js";
import { cardSection, checkList, problemCheck, smokeSection } from "./html-sections.js";
import { html, trusted, type SafeHtml } from "./html-template.js";
import { loadSection } from "./load-html.js";
import { baselineHtml } from "./baseline-report.js";
import { trafficList } from "./html-traffic.js";
import { categoryCounts, levelText, runTitle, scoreText, totals } from "../view/run-view.js";
import { checksViewOf } from "../view/checks-view.js";
import { formatDuration, formatLocalTime } from "../view/units.js";

// The report shows hostile text; if an escape were ever missed, this policy still forbids every script, frame,
// form target and remote load. Only the inline stylesheet and data: images are allowed.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function summary(result: RunResult): SafeHtml {
  const level = levelText(result);
  const scores = scoreText(result.scores);
  const e = result.endpoint;
  return html`<p class="reason">
      <span class="badge ${result.status}">${result.status}</span>${
        level ? html` <span class="badge level ${result.conformance_level ?? ""}">${level}</span>` : null
      }
      ${result.reason ?? ""}
    </p>
    <dl class="facts">
      <dt>Agent</dt>
      <dd><code>${result.agent_url ?? "(none)"}</code></dd>
      <dt>Kind</dt>
      <dd>${result.kind}${result.source ? ` · ${result.source}` : ""}</dd>
      ${
        scores
          ? html`<dt>Scores</dt>
              <dd>${scores}</dd>`
          : null
      }
      ${
        e
          ? html`<dt>Endpoint</dt>
              <dd>
                <code>${e.url}</code> (${e.transport},
                ${e.reason})${e.rewritten_from ? ` rewritten from ${e.rewritten_from}` : ""}${e.refused ? html` <span class="bad">refused: ${e.refused}</span>` : null}
              </dd>`
          : null
      }
      ${
        result.protocol
          ? html`<dt>Protocol</dt>
              <dd>
                card ${result.protocol.card ?? "?"} · negotiated
                ${result.protocol.negotiated}${
                  result.protocol.generations
                    ? ` · tested A2A ${result.protocol.generations.join(" and ")}`
                    : ""
                }
              </dd>`
          : null
      }
      <dt>Run</dt>
      <dd>
        ${formatLocalTime(result.started_at)} · ${formatDuration(result.duration_ms)} ·
        ${result.traffic.length} requests
      </dd>
    </dl>`;
}

function categoryTable(findings: readonly Finding[]): SafeHtml {
  const t = totals(findings);
  return html`<table>
    <thead>
      <tr>
        <th>Category</th>
        <th class="num">Pass</th>
        <th class="num">Fail</th>
        <th class="num">Skip</th>
        <th class="num">Error</th>
      </tr>
    </thead>
    <tbody>
      ${categoryCounts(findings).map(
        (c) =>
          html`<tr>
            <td>${c.category}</td>
            <td class="num">${c.pass}</td>
            <td class="num">${c.fail}</td>
            <td class="num">${c.skip}</td>
            <td class="num">${c.error}</td>
          </tr>`,
      )}
      <tr>
        <th>total (${t.total})</th>
        <th class="num">${t.pass}</th>
        <th class="num">${t.fail}</th>
        <th class="num">${t.skip}</th>
        <th class="num">${t.error}</th>
      </tr>
    </tbody>
  </table>`;
}

function checksPart(result: RunResult): SafeHtml {
  const findings = result.findings ?? [];
  const [failed, ...others] = checksViewOf(result).groups;
  const problemsPart = failed
    ? html`<h4>${failed.title}</h4>
        ${
          failed.findings.length === 0
            ? html`<p class="ok">${failed.empty ?? ""}</p>`
            : failed.findings.map((f) => problemCheck(f, result.traffic))
        }`
    : null;
  return html`${categoryChart(categoryCounts(findings))}${categoryTable(findings)}
  ${problemsPart}${others.map((group) => checkList(group.title, group.findings))}`;
}

/** Each section of src/view/sections.ts drawn for the report; the web app's run page draws the same ones. */
const parts: Record<SectionId, (result: RunResult) => SafeHtml | null> = {
  baseline: (r) => (r.baseline ? baselineHtml(r.baseline) : null),
  load: (r) => (r.load ? loadSection(r.load) : null),
  checks: checksPart,
  card: (r) => (r.card ? cardSection(r.card) : null),
  smoke: (r) => (r.smoke ? smokeSection(r.smoke) : null),
  conversation: (r) => {
    const view = conversationOf(r);
    return view ? conversationSection(view) : null;
  },
  redteam: redteamSection,
  traffic: (r) => trafficList(r.traffic),
};

function runSection(result: RunResult, index: number): SafeHtml {
  const notes =
    result.warnings.length === 0
      ? null
      : html`<h3>Notes</h3>
          <ul>
            ${result.warnings.map((w) => html`<li>${w}</li>`)}
          </ul>`;
  const sections = resultSections(result).map(
    (section) =>
      html`<div class="part" data-section="${section.id}">
        <h3>${section.title}</h3>
        ${parts[section.id](result)}
      </div>`,
  );
  return html`<section id="run-${index}">
    <h2>${runTitle(result)}</h2>
    ${summary(result)} ${notes} ${sections}
  </section>`;
}

function overview(results: readonly RunResult[]): SafeHtml | null {
  if (results.length < 2) return null;
  return html`<table>
    <thead>
      <tr>
        <th>Run</th>
        <th>Status</th>
        <th>Level</th>
        <th>Scores</th>
      </tr>
    </thead>
    <tbody>
      ${results.map(
        (r, i) =>
          html`<tr>
            <td><a href="#run-${i}">${runTitle(r)}</a></td>
            <td><span class="badge ${r.status}">${r.status}</span></td>
            <td>${levelText(r) ?? ""}</td>
            <td>${scoreText(r.scores)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The HTML report: one self-contained file, no script, no external resource, every agent-sent string escaped. */
export function renderHtml(results: readonly RunResult[]): string {
  const counts = { passed: 0, failed: 0, error: 0 };
  for (const r of results) counts[r.status] += 1;
  const version = results[0]?.tool.version ?? "";
  const title =
    results.length === 1 && results[0] ? `Plainwright · ${runTitle(results[0])}` : "Plainwright report";
  const doc = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="${trusted(CSP)}" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${title}</title>
        <style>
          ${trusted(HTML_STYLE)}
        </style>
      </head>
      <body>
        <main>
          <h1>Plainwright report</h1>
          <p class="muted">
            plainwright ${version} · ${results.length} run${results.length === 1 ? "" : "s"}: ${counts.passed}
            passed, ${counts.failed} failed, ${counts.error} error
          </p>
          ${overview(results)} ${results.map(runSection)}
        </main>
      </body>
    </html> `;
  return doc.value;
}

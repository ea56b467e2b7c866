import { cardJudged } from "../view/sections.js";
import type { CardSection, RunResult, SmokeSection } from "../model/result.js";
import type { Finding } from "../model/finding.js";
import { signatureLine } from "../view/card-signature.js";
import {
  conversationOf,
  type ConversationView,
  type TrialView,
  type TurnView,
  type VerdictView,
} from "../view/conversation-view.js";
import { redteamMarkdown } from "./redteam-markdown.js";
import { mdCell, mdInline } from "./escape.js";
import { baselineMarkdown } from "./baseline-report.js";
import {
  categoryCounts,
  levelText,
  problems,
  runTitle,
  scoreText,
  smokeSentText,
  totals,
  withStatus,
} from "../view/run-view.js";
import { smokeViewOf } from "../view/smoke-view.js";
import { loadMarkdown } from "./load-markdown.js";
import { intervalText, minimumText, passHatKText, passRateText, usageRows } from "./trial-summary.js";
import { formatDuration, formatLocalTime } from "../view/units.js";
import { findingPlace } from "../model/finding.js";

const STATUS_WORD = { passed: "✅ PASSED", failed: "❌ FAILED", error: "⚠️ ERROR" } as const;
const STATUS_EMOJI: Record<string, string> = { passed: "✅ ", failed: "❌ ", error: "⚠️ " };

/** A Markdown table; every cell must already be escaped with mdCell. */
function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `| ${headers.join(" | ")} |`;
  const rule = `| ${headers.map(() => "---").join(" | ")} |`;
  return [head, rule, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

/** Collapsed in GitHub and GitLab; the blank lines let the Markdown inside render. */
function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

function overview(result: RunResult): string {
  const rows: string[][] = [
    ["Agent", mdCell(result.agent_url ?? "(none)")],
    ["Kind", mdCell(result.kind)],
    ["Status", `**${STATUS_WORD[result.status]}**${result.reason ? ` — ${mdCell(result.reason)}` : ""}`],
  ];
  const scores = scoreText(result.scores);
  if (scores) rows.push(["Scores", mdCell(scores)]);
  const level = levelText(result);
  if (level) rows.push(["Conformance level", `**${mdCell(level)}**`]);
  if (result.endpoint) {
    const e = result.endpoint;
    rows.push([
      "Endpoint",
      mdCell(`${e.url} (${e.transport}, ${e.reason})${e.refused ? ` refused: ${e.refused}` : ""}`),
    ]);
  }
  const requests = `${result.traffic.length} request${result.traffic.length === 1 ? "" : "s"}`;
  rows.push([
    "Run",
    mdCell(`${formatLocalTime(result.started_at)} · ${formatDuration(result.duration_ms)} · ${requests}`),
  ]);
  rows.push(["Tool", mdCell(`plainwright ${result.tool.version}`)]);
  return table(["", ""], rows);
}

function cardBlock(card: CardSection): string {
  const out = ["### Agent card", ""];
  if (!card.found_at) {
    out.push("❌ No agent card found. Tried:", "");
    out.push(
      table(
        ["Location", "Outcome"],
        card.tried.map((t) => [mdCell(t.url), mdCell(t.outcome)]),
      ),
    );
    return out.join("\n");
  }
  out.push(`Found at ${mdInline(card.found_at)}`, "");
  const about = [
    card.name ?? "(no name)",
    card.version ?? "",
    `A2A ${card.protocol_version ?? "version not stated"}`,
  ];
  out.push(`- **${mdInline(about.filter(Boolean).join(" · "))}** · ${mdInline(card.transport ?? "?")}`);
  if (card.description) out.push(`- ${mdInline(card.description)}`);
  if (card.skills.length > 0)
    out.push(`- Skills: ${mdInline(card.skills.map((s) => s.id || s.name).join(", "))}`);
  if (card.signatures) {
    const { label, text } = signatureLine(card.signatures);
    out.push(`- Signatures: **${label}**: ${mdInline(text)}`);
  }
  const issues = [
    ...card.errors.map((e) => ["error", mdCell(e.path), mdCell(e.message)]),
    ...card.warnings.map((w) => ["warning", mdCell(w.path), mdCell(w.message)]),
  ];
  out.push("");
  out.push(
    issues.length === 0
      ? "✅ Valid: no errors, no warnings."
      : table(["Severity", "Path", "Message"], issues),
  );
  if (card.errors.length > 0 && !card.strict)
    out.push("", "_strict_card is off: card errors are reported, not failed._");
  return out.join("\n");
}

function smokeBlock(smoke: SmokeSection): string {
  const out = [
    "### Smoke check",
    "",
    `- Sent: ${mdInline(smoke.request.method)} “${mdInline(smokeSentText(smoke.request.params), 200)}”`,
  ];
  if (smoke.reply_kind) {
    const what = smoke.reply_kind === "task" ? `task ${smoke.task_state ?? "?"}` : "message";
    out.push(`- Reply (${mdInline(what)}): “${mdInline(smoke.text, 500)}”`);
  }
  const { passed, verdict } = smokeViewOf(smoke);
  out.push(passed ? `- ✅ ${verdict}` : `- ❌ ${mdInline(verdict)}`);
  return out.join("\n");
}

function categoryBlock(findings: readonly Finding[]): string {
  const rows = categoryCounts(findings).map((c) => [
    mdCell(c.category),
    String(c.pass),
    String(c.fail),
    String(c.skip),
    String(c.error),
  ]);
  const t = totals(findings);
  rows.push(["**total**", `**${t.pass}**`, `**${t.fail}**`, `**${t.skip}**`, `**${t.error}**`]);
  return ["### Results by category", "", table(["Category", "Pass", "Fail", "Skip", "Error"], rows)].join(
    "\n",
  );
}

function failedBlock(findings: readonly Finding[]): string {
  const failed = problems(findings);
  if (failed.length === 0) return "### Failed Tests\n\nNone.";
  const rows = failed.map((f) => [
    mdCell(f.id) + (findingPlace(f) ? ` (${mdCell(findingPlace(f))})` : ""),
    f.status === "error" ? `${f.level} · error` : f.level,
    mdCell(f.category),
    mdCell(f.message),
    mdCell(f.recommendation ?? ""),
  ]);
  return [
    "### Failed Tests",
    "",
    table(["Test", "Level", "Category", "Message", "Recommendation"], rows),
  ].join("\n");
}

function skippedBlock(findings: readonly Finding[]): string | undefined {
  const skipped = withStatus(findings, "skip");
  if (skipped.length === 0) return undefined;
  const rows = skipped.map((f) => [mdCell(f.id), mdCell(f.message, 200)]);
  return details(`Skipped checks (${skipped.length})`, table(["Test", "Reason"], rows));
}

function transcriptTable(turns: readonly TurnView[]): string {
  const rows = turns.map((t, i) => [String(i + 1), mdCell(t.role || "?"), mdCell(t.text, 2000)]);
  return table(["#", "Role", "Text"], rows);
}

function verdictWord(v: VerdictView): string {
  if (v.met === null) return "?";
  if (v.met) return "✅ met";
  return v.supported
    ? "❌ not met"
    : `⚠️ unsupported (${mdCell(v.verdict ?? "?")}): a quote is not in the transcript`;
}

function verdictsTable(verdicts: readonly VerdictView[]): string {
  const quotes = (v: VerdictView) =>
    v.evidence
      .map(
        (e) =>
          `${e.turn === undefined ? "" : `turn ${e.turn}: `}“${e.quote}”${e.found ? "" : " (not in the transcript)"}`,
      )
      .join("\n");
  const withEvidence = verdicts.some((v) => v.evidence.length > 0);
  const rows = verdicts.map((v) => [
    mdCell(v.criterion),
    verdictWord(v),
    mdCell(v.reasoning, 1000),
    ...(withEvidence ? [mdCell(quotes(v), 1000)] : []),
  ]);
  return table(["Criterion", "Verdict", "Reasoning", ...(withEvidence ? ["Evidence"] : [])], rows);
}

function statsBlock(view: ConversationView): string[] {
  const out: string[] = [];
  const s = view.stats;
  if (s) {
    const rows = [
      ["Pass rate", mdCell(passRateText(s))],
      ["95% interval (Wilson)", mdCell(intervalText(s))],
      ["pass^k", mdCell(passHatKText(s))],
      ["Flaky", s.flaky ? "⚠️ yes: some trials passed and some did not" : "no"],
      ["Minimum pass rate", mdCell(minimumText(s))],
    ];
    out.push("", "**Pass rate**", "", table(["", ""], rows));
  }
  if (view.usage) {
    const rows = usageRows(view.usage).map(([k, v]) => [mdCell(k), mdCell(v)]);
    out.push("", "**Usage and cost**", "", table(["", ""], rows));
  }
  return out;
}

function trialDetails(t: TrialView, count: number): string {
  const score = t.score === undefined ? "" : `, score ${t.score.toFixed(2)}`;
  const summary = `Trial ${t.label.replace(/^#/, "")} of ${count}: ${STATUS_EMOJI[t.status] ?? ""}${t.status}${score}${t.detail ? ` — ${t.detail}` : ""}`;
  const body = [
    (t.transcript ?? []).length > 0 ? transcriptTable(t.transcript ?? []) : "_(no messages)_",
    ...((t.verdicts ?? []).length > 0 ? ["**Verdicts**", verdictsTable(t.verdicts ?? [])] : []),
  ];
  return details(mdInline(summary, 300), body.join("\n\n"));
}

function conversationBlock(view: ConversationView): string {
  const out = ["### Conversation"];
  if (!view.perTrial && view.transcript.length > 0) out.push("", transcriptTable(view.transcript));
  if (!view.perTrial && view.verdicts.length > 0)
    out.push("", "**Verdicts**", "", verdictsTable(view.verdicts));
  if (view.trials.length > 0) {
    const rows = view.trials.map((t) => [
      t.label,
      mdCell(t.status),
      t.score === undefined ? "" : String(t.score),
      mdCell(t.detail),
    ]);
    out.push("", "**Trials**", "", table(["Trial", "Status", "Score", "Detail"], rows));
  }
  out.push(...statsBlock(view));
  if (view.perTrial) out.push("", view.trials.map((t) => trialDetails(t, view.trials.length)).join("\n\n"));
  return out.join("\n");
}

/** One run as Markdown sections under a level-two heading. */
export function renderMarkdownRun(result: RunResult): string {
  const blocks = [`## ${mdInline(runTitle(result))}`, overview(result)];
  if (result.baseline) blocks.push(baselineMarkdown(result.baseline));
  if (result.card && cardJudged(result)) blocks.push(cardBlock(result.card));
  if (result.smoke) blocks.push(smokeBlock(result.smoke));
  if (result.load) blocks.push(loadMarkdown(result.load));
  const findings = result.findings ?? [];
  if (findings.length > 0) {
    blocks.push(categoryBlock(findings), failedBlock(findings));
    const skipped = skippedBlock(findings);
    if (skipped) blocks.push(skipped);
  }
  const conversation = conversationOf(result);
  if (conversation) blocks.push(conversationBlock(conversation));
  const redteam = redteamMarkdown(result);
  if (redteam) blocks.push(redteam);
  if (result.warnings.length > 0)
    blocks.push(["### Notes", "", ...result.warnings.map((w) => `- ${mdInline(w)}`)].join("\n"));
  return blocks.join("\n\n");
}

function summaryTable(results: readonly RunResult[]): string {
  const rows = results.map((r) => [
    mdCell(runTitle(r)),
    STATUS_WORD[r.status],
    mdCell(levelText(r) ?? ""),
    mdCell(scoreText(r.scores)),
    mdCell(r.reason ?? ""),
  ]);
  return table(["Run", "Status", "Level", "Scores", "Reason"], rows);
}

/** The Markdown report (docs/conformance.md step 5.3): summary, per-category tables, the "Failed Tests" table. */
export function renderMarkdown(results: readonly RunResult[]): string {
  const parts = ["# Plainwright report"];
  if (results.length > 1) parts.push(summaryTable(results));
  if (results.length === 0) parts.push("No runs.");
  parts.push(...results.map(renderMarkdownRun));
  return `${parts.join("\n\n")}\n`;
}

import { baselineConsole } from "./baseline-report.js";
import { cardJudged } from "../view/sections.js";
import { issueText } from "../view/issue-text.js";
import { formatDuration } from "../view/units.js";
import { smokeViewOf } from "../view/smoke-view.js";
import type { CardSection, RunResult, SmokeSection } from "../model/result.js";
import { conversationBlocks } from "./conversation-console.js";
import { findingsLines } from "./console-findings.js";
import { loadLines } from "./load-console.js";
import { redteamBlocks } from "./redteam-console.js";
import { plainStyle, type Style } from "./style.js";
import { signatureLine } from "../view/card-signature.js";
import { terminalSafe } from "./terminal-text.js";

/** The result with every string escaped for a terminal; the traffic is left out (only its size is printed). */
function safeForTerminal(result: RunResult): RunResult {
  return { ...terminalSafe({ ...result, traffic: [] }), traffic: result.traffic };
}

const quote = (s: string, max = 160) => {
  const flat = s.replace(/\s+/g, " ").trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
};

function cardLines(card: CardSection, st: Style): string[] {
  const lines = [st.bold("Agent card")];
  if (!card.found_at) {
    lines.push(`  ${st.red("✗")} no card found; tried:`);
    for (const t of card.tried) lines.push(`    ${t.url}  ${st.dim("→")} ${t.outcome}`);
    return lines;
  }
  const misses = card.tried.filter((t) => t.url !== card.found_at);
  for (const t of misses) lines.push(`  ${st.dim(`· ${t.url} → ${t.outcome}`)}`);
  lines.push(`  ${st.green("✓")} found at ${card.found_at}`);
  const version = card.protocol_version ? `A2A ${card.protocol_version}` : "A2A version not stated";
  lines.push(
    `  ${st.bold(card.name ?? "(no name)")} ${card.version ?? ""} · ${version} · ${card.transport ?? "?"}`,
  );
  if (card.description) lines.push(`  ${st.dim(quote(card.description, 110))}`);
  if (card.skills.length > 0) lines.push(`  Skills: ${card.skills.map((s) => s.id || s.name).join(", ")}`);
  for (const e of card.errors) lines.push(`  ${st.red("✗ error")}    ${issueText(e)}`);
  for (const w of card.warnings) lines.push(`  ${st.yellow("! warning")}  ${issueText(w)}`);
  if (card.errors.length === 0 && card.warnings.length === 0)
    lines.push(`  ${st.green("✓")} valid: no errors, no warnings`);
  // A signature that does not verify is already one of the card's errors or warnings above.
  if (card.signatures && card.signatures.status !== "invalid") {
    const { tone, label, text } = signatureLine(card.signatures);
    const mark = {
      good: st.green("✓"),
      quiet: st.dim("·"),
      warn: st.yellow("?"),
      bad: st.red("✗"),
    }[tone];
    lines.push(`  ${mark} ${label}: ${st.dim(quote(text, 200).slice(1, -1))}`);
  }
  if (card.errors.length > 0 && !card.strict)
    lines.push(`  ${st.dim("strict_card is off: card errors are reported, not failed")}`);
  return lines;
}

function smokeLines(smoke: SmokeSection, st: Style): string[] {
  const view = smokeViewOf(smoke);
  const lines = [st.bold("Smoke check"), `  → ${view.method} ${quote(view.sent, 80)}`];
  if (smoke.reply_kind) lines.push(`  ← ${view.reply}${view.text ? `: ${quote(view.text)}` : ""}`);
  lines.push(view.passed ? `  ${st.green("✓")} ${view.verdict}` : `  ${st.red("✗")} ${view.verdict}`);
  return lines;
}

function verdictLine(result: RunResult, st: Style): string {
  const scores = Object.entries(result.scores)
    .map(([k, v]) => `${k} ${v}`)
    .join(" · ");
  const head = result.interrupted
    ? st.yellow(st.bold(`INTERRUPTED (${result.status})`))
    : result.status === "passed"
      ? st.green(st.bold("PASSED"))
      : result.status === "failed"
        ? st.red(st.bold("FAILED"))
        : st.yellow(st.bold("ERROR"));
  const reason = result.reason ? `  ${result.reason}` : "";
  return `${head}${reason}\n${st.dim(`${scores ? `${scores} · ` : ""}${formatDuration(result.duration_ms)} · ${result.traffic.length} request${result.traffic.length === 1 ? "" : "s"}`)}`;
}

/** Renders one result for a person at a terminal: what was tried, what was found, each error, one verdict. */
export function renderConsole(unsafe: RunResult, st: Style = plainStyle): string {
  const result = safeForTerminal(unsafe);
  const title = result.name
    ? `${result.name} ${st.dim(`(${result.source ?? ""})`)}`
    : (result.agent_url ?? "");
  const blocks: string[][] = [
    [`${st.bold("Plainwright")} ${st.dim(`${result.tool.version} · ${result.kind}`)} · ${title}`],
  ];
  if (result.card && cardJudged(result)) blocks.push(cardLines(result.card, st));
  if (result.endpoint) {
    const e = result.endpoint;
    const lines = [st.bold("Endpoint"), `  ${e.url} ${st.dim(`(${e.transport}, ${e.reason})`)}`];
    if (e.rewritten_from)
      lines.push(`  ${st.dim(`rewritten from ${e.rewritten_from}: the card names a loopback address`)}`);
    if (e.refused) lines.push(`  ${st.red("✗")} refused: ${e.refused}`);
    blocks.push(lines);
  }
  if (result.smoke) blocks.push(smokeLines(result.smoke, st));
  const conformance = findingsLines(result, st);
  if (conformance.length > 0) blocks.push(conformance);
  blocks.push(...conversationBlocks(result, st));
  if (result.load) blocks.push(loadLines(result, st));
  blocks.push(...redteamBlocks(result, st));
  if (result.baseline) blocks.push(baselineConsole(result.baseline, st));
  if (result.warnings.length > 0)
    blocks.push([st.bold("Notes"), ...result.warnings.map((w) => `  ${st.yellow("!")} ${w}`)]);
  blocks.push([verdictLine(result, st)]);
  return `${blocks.map((b) => b.join("\n")).join("\n\n")}\n`;
}

/** One line per run and a total, after several runs (plainwright run with many files). */
export function renderSummary(unsafe: readonly RunResult[], st: Style = plainStyle): string {
  const results = unsafe.map(safeForTerminal);
  const count = (s: RunResult["status"]) => results.filter((r) => r.status === s).length;
  const lines = results.map((r) => {
    const mark = r.status === "passed" ? st.green("✓") : r.status === "failed" ? st.red("✗") : st.yellow("!");
    const took = st.dim(` (${formatDuration(r.duration_ms)})`);
    return `${mark} ${r.name ?? r.agent_url ?? "?"}${took}${r.reason ? st.dim(`  ${r.reason}`) : ""}`;
  });
  const total = results.reduce((sum, r) => sum + r.duration_ms, 0);
  lines.push(
    `${count("passed")} passed, ${count("failed")} failed, ${count("error")} error ${st.dim(`in ${formatDuration(total)}`)}`,
  );
  return `${lines.join("\n")}\n`;
}

import type { RunResult } from "../model/result.js";
import { mdCell, mdFence, mdInline } from "./escape.js";
import { redteamHeaders } from "../view/redteam-view.js";
import { redteamOf, turnLine } from "../view/redteam-view.js";

/** The red-team sections of the Markdown report; undefined when the run has none. */
export function redteamMarkdown(result: RunResult): string | undefined {
  const view = redteamOf(result);
  if (!view) return undefined;
  const row = (cells: readonly string[]) => `| ${cells.map((c) => mdCell(c)).join(" | ")} |`;
  const out = [
    "### Red team",
    "",
    row(redteamHeaders),
    `| ${redteamHeaders.map(() => "---").join(" | ")} |`,
    ...view.rows.map(row),
  ];
  for (const s of view.skipped) out.push("", `- ${mdInline(s.pack)} skipped: ${mdInline(s.reason)}`);
  if (view.worst.length > 0) out.push("", "#### Worst transcripts");
  for (const { attack, record } of view.worst) {
    out.push(
      "",
      `**${mdInline(attack.id)}** (${attack.severity}, ${attack.owasp}, decided by ${record.decided_by}): ${mdInline(record.evidence)}`,
      "",
      mdFence(record.transcript.map(turnLine).join("\n")),
    );
  }
  out.push(
    "",
    "#### OWASP LLM Top 10 (2025)",
    "",
    ...view.owasp.map((o) => `- ${o.id} ${o.title}: ${o.packs.join(", ")}`),
  );
  return out.join("\n");
}

import type { RunResult } from "../model/result.js";
import { redteamHeaders } from "../view/redteam-view.js";
import { redteamOf, turnLine } from "../view/redteam-view.js";
import type { Style } from "./style.js";

function pad(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd(),
  );
}

/** The red-team blocks of the console report: per-pack table, worst transcripts, OWASP mapping. */
export function redteamBlocks(result: RunResult, st: Style): string[][] {
  const view = redteamOf(result);
  if (!view) return [];
  const [head, ...body] = pad([redteamHeaders, ...view.rows]);
  const blocks: string[][] = [[st.bold("Red team"), `  ${st.dim(head ?? "")}`, ...body.map((l) => `  ${l}`)]];
  for (const s of view.skipped) blocks[0]!.push(`  ${st.dim(`· ${s.pack} skipped: ${s.reason}`)}`);
  for (const { attack, record } of view.worst) {
    const lines = [
      `${st.red("✗")} ${st.bold(attack.id)} ${st.dim(`(${attack.severity}, ${attack.owasp}, ${record.decided_by})`)}`,
      `  ${record.evidence}`,
      ...record.transcript.map((t) => `    ${turnLine(t)}`),
    ];
    blocks.push(lines);
  }
  blocks.push([
    st.bold("OWASP LLM Top 10 (2025)"),
    ...view.owasp.map((o) => `  ${o.id} ${o.title}: ${o.packs.join(", ")}`),
  ]);
  return blocks;
}

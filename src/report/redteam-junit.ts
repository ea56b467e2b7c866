import type { RunResult } from "../model/result.js";
import { redteamOf, turnLine } from "../view/redteam-view.js";

/** Suite properties of a red-team run: one per pack (attempts, rate, interval, over-refusal) and the OWASP mapping. */
export function redteamProperties(result: RunResult): Array<[string, string]> {
  const view = redteamOf(result);
  if (!view) return [];
  const packs = view.rows.map(([pack, attempts, successes, rate, overRefusal]): [string, string] => [
    `redteam.${pack ?? ""}`,
    attempts === "skipped"
      ? `skipped: ${view.skipped.find((s) => s.pack === pack)?.reason ?? ""}`
      : `${successes}/${attempts} succeeded, ${rate}${overRefusal ? `, over-refusal ${overRefusal}` : ""}`,
  ]);
  return [
    ...packs,
    ...view.owasp.map((o): [string, string] => [`owasp.${o.id}`, `${o.title}: ${o.packs.join(", ")}`]),
  ];
}

/** The transcript that shows a red-team finding's success, for its testcase's <system-out>. */
export function redteamCaseOut(result: RunResult, findingId: string): string | undefined {
  const attack = result.redteam?.attacks.find((a) => `redteam.${a.id}` === findingId);
  const record = attack?.records.find((r) => r.outcome === "success" || r.outcome === "refused");
  if (!record) return undefined;
  return [
    `${record.outcome} (decided by ${record.decided_by}): ${record.evidence}`,
    ...record.transcript.map(turnLine),
  ].join("\n");
}

import type { RunResult } from "../model/result.js";

/** The parts a result is shown in, the same in the HTML report and on the web app's run page. */
export type SectionId =
  "baseline" | "load" | "checks" | "card" | "smoke" | "conversation" | "redteam" | "traffic";

export interface SectionModel {
  id: SectionId;
  /** The heading of the part (the report's) and the name of its tab (the web app's). */
  title: string;
}

/**
 * Whether the run made a verdict on the agent's card. A run that took its agent as a target (a
 * conversation or red team with a `target`) only used the card to find the endpoint: it shows no card.
 */
export function cardJudged(result: RunResult): boolean {
  return !!result.card && !result.endpoint?.reason.startsWith("target:");
}

/** The sections a result shows, in order: what it measured first, the traffic last. */
export function resultSections(result: RunResult): SectionModel[] {
  const sections: SectionModel[] = [];
  // What changed since the baseline is what a CI reader looks for first.
  if (result.baseline) sections.push({ id: "baseline", title: "Since the baseline" });
  if (result.load) sections.push({ id: "load", title: "Load" });
  if (result.findings?.length && result.kind === "conformance")
    sections.push({ id: "checks", title: "Checks" });
  if (cardJudged(result)) sections.push({ id: "card", title: "Agent card" });
  if (result.smoke) sections.push({ id: "smoke", title: "Smoke check" });
  if (result.transcript?.length || result.trials?.length || result.verdicts?.length)
    sections.push({ id: "conversation", title: "Conversation" });
  if (result.redteam) sections.push({ id: "redteam", title: "Red team" });
  sections.push({ id: "traffic", title: "Traffic" });
  return sections;
}

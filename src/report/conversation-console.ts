import type { TrialOutcome, Verdict } from "../model/conversation.js";
import type { ModelUsage, RunResult, UsageSection } from "../model/result.js";
import type { Style } from "./style.js";

const flat = (s: string, max: number) => {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

const pct = (x: number) => `${Math.round(x * 100)}%`;

function endLine(t: TrialOutcome): string {
  switch (t.ended) {
    case "user-done":
      return `the user ended it: ${t.end_reason ?? "done"}`;
    case "max-turns":
      return "the turn limit was reached";
    case "agent-error":
      return "the agent failed";
    case "model-error":
      return "a model call failed";
    case "interrupted":
      return "the run was interrupted (not graded)";
  }
}

function transcriptLines(t: TrialOutcome, st: Style): string[] {
  const lines = t.transcript.map((e) => {
    const who = e.role === "user" ? st.cyan("user ") : "agent";
    if (e.error) return `  ${String(e.turn).padStart(2)} ${who}  ${st.red("✗")} ${flat(e.error, 160)}`;
    const state = e.task_state && e.task_state !== "completed" ? st.dim(` (task ${e.task_state})`) : "";
    return `  ${String(e.turn).padStart(2)} ${who}  "${flat(e.text, 160)}"${state}`;
  });
  if (lines.length === 0) lines.push(st.dim("  (no messages)"));
  lines.push(st.dim(`  ended: ${endLine(t)}`));
  return lines;
}

function verdictLines(verdicts: readonly Verdict[], st: Style): string[] {
  return verdicts.flatMap((v) => {
    const mark = v.met ? st.green("✓") : v.verdict === "failed" ? st.red("✗") : st.yellow("?");
    const unsupported = v.supported === false ? ", unsupported: a quote is not in the transcript" : "";
    const label = v.met ? "" : st.dim(` (${v.verdict}${unsupported})`);
    const evidence = v.evidence.map(
      (e) =>
        `      ${st.dim(`turn ${e.turn}:`)} "${flat(e.quote, 100)}"${e.found ? "" : st.dim(" (not found in the transcript)")}`,
    );
    return [`  ${mark} ${v.criterion}${label}`, `      ${st.dim(flat(v.reasoning, 200))}`, ...evidence];
  });
}

function trialBlock(t: TrialOutcome, total: number, st: Style): string[] {
  const score = t.score === null ? "" : `, score ${t.score.toFixed(2)}`;
  const title = total > 1 ? `Transcript, trial ${t.trial} of ${total} (${t.status}${score})` : "Transcript";
  const lines = [st.bold(title), ...transcriptLines(t, st)];
  if (t.verdicts.length > 0)
    lines.push(
      st.bold(total > 1 ? `Verdicts, trial ${t.trial}` : "Verdicts"),
      ...verdictLines(t.verdicts, st),
    );
  if (t.status === "error") lines.push(`  ${st.yellow("!")} ${t.reason ?? "error"}`);
  return lines;
}

function modelUsage(u: ModelUsage): string {
  const cost = u.cost_usd === undefined ? "" : ` $${u.cost_usd.toFixed(4)}`;
  return `${u.model} ${u.input_tokens.toLocaleString("en")} in / ${u.output_tokens.toLocaleString("en")} out${cost}`;
}

function usageLine(u: UsageSection, st: Style): string {
  const total =
    u.total.cost_usd === undefined
      ? "cost unknown (no price for this model)"
      : `total $${u.total.cost_usd.toFixed(4)}`;
  return `${st.bold("Usage")}  user ${modelUsage(u.user)} · judge ${modelUsage(u.judge)} · ${total}`;
}

function statsLines(result: RunResult, st: Style): string[] {
  const s = result.trial_stats;
  if (!s || s.count < 2) return [];
  const k = String(s.count);
  const head = `${s.passed}/${s.count} passed (${pct(s.pass_rate)}) · 95% CI ${pct(s.wilson_95[0])}–${pct(s.wilson_95[1])} · pass^${k} ${(s.pass_hat_k[k] ?? 0).toFixed(2)} · minimum ${pct(s.min_pass_rate)}`;
  const lines = [`${st.bold("Trials")}  ${head}${s.flaky ? ` · ${st.yellow("flaky")}` : ""}`];
  for (const t of result.trials ?? []) {
    const mark = t.status === "passed" ? st.green("✓") : t.status === "failed" ? st.red("✗") : st.yellow("!");
    lines.push(`  ${mark} trial ${t.trial}${t.reason ? st.dim(`  ${flat(t.reason, 140)}`) : ""}`);
  }
  return lines;
}

/** The conversation blocks: settings, transcripts with verdicts (first trial and every one not passed), trials, usage. */
export function conversationBlocks(result: RunResult, st: Style): string[][] {
  const c = result.conversation;
  if (!c) return [];
  const head = [st.bold("Conversation")];
  if (c.persona) head.push(`  Persona: ${flat(c.persona, 160)}`);
  if (c.goal) head.push(`  Goal: ${flat(c.goal, 160)}`);
  head.push(
    st.dim(`  ${c.endpoint} · up to ${c.max_turns} turns · user ${c.user_model} · judge ${c.judge_model}`),
  );
  const trials = result.trials ?? [];
  const shown = trials.filter((t, i) => i === 0 || t.status !== "passed");
  const blocks = [head, ...shown.map((t) => trialBlock(t, trials.length, st))];
  const stats = statsLines(result, st);
  if (stats.length > 0) blocks.push(stats);
  if (result.usage) blocks.push([usageLine(result.usage, st)]);
  return blocks;
}

import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.js";
import {
  conformanceRun,
  conversationRun,
  hostileRun,
  repeatedConversationRun,
  smokeRun,
} from "./testing/fixtures.js";

/** The rows of the first table after `heading`, split on unescaped pipes. */
function tableAfter(md: string, heading: string): string[][] {
  const start = md.indexOf(heading);
  expect(start, `heading ${heading}`).toBeGreaterThanOrEqual(0);
  const lines = md.slice(start).split("\n");
  const first = lines.findIndex((l) => l.startsWith("|"));
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** Every table line in the document has as many cells as its header. */
function everyTableIsRectangular(md: string): void {
  const lines = md.split("\n");
  let width = 0;
  for (const line of lines) {
    if (!line.startsWith("|")) {
      width = 0;
      continue;
    }
    const cells = line.slice(1, -1).split(/(?<!\\)\|/).length;
    if (width === 0) width = cells;
    expect(cells, line).toBe(width);
  }
}

describe("renderMarkdown", () => {
  it("summarises a smoke run: status, scores, card and the reply", () => {
    const md = renderMarkdown([smokeRun]);
    expect(md).toContain("## http://agent.test");
    expect(md).toContain("| Status | **✅ PASSED** |");
    expect(md).toContain("| Scores | card 1 · smoke 1 |");
    expect(md).toContain("Found at http://agent.test/.well-known/agent-card.json");
    expect(md).toContain("- Reply (task completed): “Hi there!”");
    expect(md).not.toContain("Failed Tests");
  });

  it("has a per-category table with counts and a total row", () => {
    const rows = tableAfter(renderMarkdown([conformanceRun]), "### Results by category");
    expect(rows).toEqual([
      ["Category", "Pass", "Fail", "Skip", "Error"],
      ["---", "---", "---", "---", "---"],
      ["card", "2", "0", "0", "0"],
      ["lifecycle", "1", "1", "1", "0"],
      ["streaming", "1", "1", "1", "0"],
      ["errors", "0", "1", "0", "1"],
      ["**total**", "**4**", "**3**", "**2**", "**1**"],
    ]);
  });

  it("lists failed and errored checks in the Failed Tests table, MUST first, with recommendations", () => {
    const rows = tableAfter(renderMarkdown([conformanceRun]), "### Failed Tests");
    expect(rows.slice(2).map((r) => [r[0], r[1], r[4]])).toEqual([
      ["lifecycle.cancel.terminal-task-errors", "MUST", "Add guard for terminal state transitions"],
      ["streaming.final-event", "MUST", "Ensure SSE sends event with final:true"],
      ["errors.unknown-method", "MUST · error", ""],
      ["errors.parse-error", "SHOULD", "Answer -32700"],
    ]);
  });

  it("collapses skipped checks with their reasons and shows the conformance level with its score", () => {
    const md = renderMarkdown([conformanceRun]);
    expect(md).toContain("<details><summary>Skipped checks (2)</summary>");
    expect(md).toContain("| lifecycle.input-required | the agent never asked for input |");
    expect(md).toContain("| Conformance level | **partial (0.7)** |");
  });

  it("keeps every table rectangular and every heading on one line whatever the agent sent", () => {
    const md = renderMarkdown([hostileRun, conversationRun]);
    everyTableIsRectangular(md);
    expect(md).not.toContain("<script");
    expect(md).not.toContain("<img");
    expect(md).not.toContain("\u0000");
    expect(md).not.toMatch(/^# heading/m);
    const heading = md.split("\n").find((l) => l.startsWith("## ") && l.includes("alert"));
    expect(heading).toBe(
      "## &lt;script&gt;alert(1)&lt;/script&gt; \\| \"quoted\" &amp; 'single' \\]\\]&gt; \uFFFD\uFFFD\uFFFD\\[31m",
    );
    const card = tableAfter(md, "### Agent card");
    expect(card[2]?.[2]).toContain("\\|");
    expect(md).toContain("&lt;img src=x onerror=alert(1)&gt;<br>line two \\| pipe<br>\\# heading");
    expect(md).toContain("- Signatures: **signature not checked**: signatures\\[0\\] (kid &lt;script&gt;");
  });

  it("shows a conversation's transcript, verdicts and trials when present", () => {
    const md = renderMarkdown([conversationRun]);
    expect(tableAfter(md, "### Conversation").slice(2)).toEqual([
      ["1", "user", "I need a refund \\| now"],
      ["2", "agent", expect.stringMatching(/^Sure\.<br>&lt;script&gt;/) as unknown as string],
      ["3", "?", "a bare string turn"],
    ]);
    expect(tableAfter(md, "**Verdicts**").slice(2)).toEqual([
      ["Offers a refund", "✅ met", "It did."],
      ["Confirms the order id", "❌ not met", "It never asked \\| for it."],
    ]);
    expect(tableAfter(md, "**Trials**").slice(2)).toEqual([
      ["#1", "passed", "1", ""],
      ["#2", "failed", "", "0/1 criteria met"],
    ]);
  });

  it("shows every trial of a repeated conversation, collapsible, with pass rate, interval, pass^k, flakiness and cost", () => {
    const md = renderMarkdown([repeatedConversationRun]);
    everyTableIsRectangular(md);
    const summaries = [...md.matchAll(/<details><summary>(Trial .*?)<\/summary>/g)].map((m) => m[1]);
    expect(summaries).toEqual([
      "Trial 1 of 3: ✅ passed, score 1.00 — 2/2 criteria met",
      'Trial 2 of 3: ❌ failed, score 0.50 — 1 of 2 criteria not met (score 0.50): "Gives a timeline" (unsupported)',
      "Trial 3 of 3: ⚠️ error — the judge call to openai:gpt-4o-mini returned invalid JSON twice",
    ]);
    expect(md).toContain("| 2 | agent | Refund confirmed \\| no date yet. |");
    expect(md).toContain("| 2 | agent | Refund confirmed; it arrives in 5 days. |");
    const trial2 = md.slice(md.indexOf("Trial 2 of 3"), md.indexOf("Trial 3 of 3"));
    expect(tableAfter(trial2, "**Verdicts**").slice(2)).toEqual([
      ["Confirms the refund", "✅ met", "It confirmed.", "turn 1: “Refund confirmed”"],
      [
        "Gives a timeline",
        "⚠️ unsupported (passed): a quote is not in the transcript",
        "It said so.",
        "turn 1: “within 3 days” (not in the transcript)",
      ],
    ]);
    expect(tableAfter(md, "**Pass rate**").slice(2)).toEqual([
      ["Pass rate", "1/3 trials passed (33%)"],
      ["95% interval (Wilson)", "6%–79%"],
      ["pass^k", "pass^1 0.33 · pass^2 0.00 · pass^3 0.00"],
      ["Flaky", "⚠️ yes: some trials passed and some did not"],
      ["Minimum pass rate", "minimum 100%, not met"],
    ]);
    expect(tableAfter(md, "**Usage and cost**").slice(2)).toEqual([
      ["Simulated user", "openai:gpt-4o-mini: 1,200 in / 10 out ($0.0002)"],
      ["Judge", "openai:gpt-4o-mini: 40 in / 16 out ($0.0000)"],
      ["Total", "1,240 in / 26 out · $0.0002"],
    ]);
  });

  it("puts a summary table first when there are several runs", () => {
    const rows = tableAfter(renderMarkdown([smokeRun, conformanceRun]), "# Plainwright report");
    expect(rows.slice(2).map((r) => r[1])).toEqual(["✅ PASSED", "❌ FAILED"]);
  });
});

import { cardJudged } from "../view/sections.js";
import { issueText } from "../view/issue-text.js";
import { thresholdText } from "../view/load-text.js";
import type { TrafficEntry } from "../model/traffic.js";
import { isProblem as isFailedFinding, shownStatus, type Finding } from "../model/finding.js";
import type { RunResult } from "../model/result.js";
import { conversationOf, type TurnView, type VerdictView } from "../view/conversation-view.js";
import { redteamCaseOut, redteamProperties } from "./redteam-junit.js";
import { intervalText, minimumText, passHatKText, passRateText, usageRows } from "./trial-summary.js";
import { cdata, truncate, xmlAttr, xmlText } from "./escape.js";
import {
  categoryCounts,
  evidenceOf,
  exchangeLine,
  findingName,
  levelText,
  runTitle,
  scoreText,
} from "../view/run-view.js";

/*
 * Layout: one <testsuite> per category of each run, one <testcase> per finding with classname = category.
 * Why per category: GitHub test reporters (dorny/test-reporter, mikepenz/action-junit-report) draw one table per
 * <testsuite>, so failures appear grouped under "streaming", "auth"...; Jenkins groups by classname (= category)
 * whatever the suites are; GitLab merges all suites of a job into one list, so nothing is lost there. Suite names
 * carry the run's title so several runs in one file stay apart. A run without findings (card, smoke, conversation)
 * is one suite with a testcase for the card, one for the smoke, and one per conversation criterion.
 */

type Outcome =
  { kind: "pass" } | { kind: "failure" | "error" | "skipped"; message: string; type?: string; body?: string };

interface Case {
  classname: string;
  name: string;
  ms: number;
  outcome: Outcome;
  /** Long output (evidence, replies) for <system-out>. */
  out?: string;
}

interface Suite {
  name: string;
  timestamp: string;
  properties: Array<[string, string]>;
  cases: Case[];
}

const BODY_MAX = 2_000;

function evidenceText(entries: readonly TrafficEntry[], missing: readonly string[]): string {
  const blocks = entries.map((t) => {
    const lines = [exchangeLine(t)];
    if (t.request_body) lines.push(`> ${truncate(t.request_body, BODY_MAX)}`);
    if (t.response_body) lines.push(`< ${truncate(t.response_body, BODY_MAX)}`);
    for (const e of t.events?.slice(0, 20) ?? [])
      lines.push(`< event ${e.event ?? "message"}: ${truncate(e.data, 500)}`);
    return lines.join("\n");
  });
  if (missing.length > 0) blocks.push(`evidence not in the traffic log: ${missing.join(", ")}`);
  return blocks.join("\n\n");
}

function findingCase(f: Finding, traffic: readonly TrafficEntry[]): Case {
  const c: Case = {
    classname: f.category,
    name: findingName(f),
    ms: f.duration_ms,
    outcome: { kind: "pass" },
  };
  if (shownStatus(f) === "skip") c.outcome = { kind: "skipped", message: f.message };
  if (isFailedFinding(f)) {
    const { entries, missing } = evidenceOf(f, traffic);
    const body = [
      f.message,
      f.recommendation ? `Recommendation: ${f.recommendation}` : "",
      f.spec ? `Spec: ${f.spec}${f.tck ? ` (TCK ${f.tck})` : ""}` : "",
      entries.length > 0 ? `Evidence:\n${entries.map((t) => `  ${t.id} ${exchangeLine(t)}`).join("\n")}` : "",
    ];
    const kind = f.status === "fail" ? "failure" : "error";
    c.outcome = { kind, message: f.message, type: f.level, body: body.filter(Boolean).join("\n") };
    const out = evidenceText(entries, missing);
    if (out) c.out = out;
  }
  return c;
}

function cardCase(result: RunResult): Case {
  const card = result.card;
  const ms = card ? card.tried.reduce((sum, t) => sum + t.ms, 0) : 0;
  const base = { classname: "card", name: "agent card", ms };
  if (!card) {
    const message = result.reason ?? "no card section in the result";
    return { ...base, outcome: { kind: result.status === "error" ? "error" : "skipped", message } };
  }
  const tried = card.tried.map((t) => `${t.url} → ${t.outcome}`).join("\n");
  if (!card.found_at)
    return { ...base, outcome: { kind: "failure", message: "no agent card found", body: tried } };
  const issues = [
    ...card.errors.map((e) => `error ${issueText(e)}`),
    ...card.warnings.map((w) => `warning ${issueText(w)}`),
  ];
  const out = [`found at ${card.found_at}`, ...issues].join("\n");
  if (card.errors.length > 0 && card.strict) {
    const message = `the card has ${card.errors.length} error${card.errors.length === 1 ? "" : "s"}`;
    return { ...base, outcome: { kind: "failure", message, body: issues.join("\n") }, out };
  }
  return { ...base, outcome: { kind: "pass" }, out };
}

function smokeCase(result: RunResult, cardMs: number): Case {
  const base = { classname: "smoke", name: "smoke message", ms: Math.max(0, result.duration_ms - cardMs) };
  const smoke = result.smoke;
  if (!smoke) {
    const message = result.reason ?? "no smoke message was sent";
    return { ...base, outcome: { kind: result.status === "error" ? "error" : "skipped", message } };
  }
  const out = `${smoke.request.method} → ${smoke.reply_kind ?? "no reply"} ${smoke.task_state ?? ""}\n${smoke.text}`;
  if (smoke.passed) return { ...base, outcome: { kind: "pass" }, out };
  return { ...base, outcome: { kind: "failure", message: smoke.reason ?? "smoke check failed" }, out };
}

function criterionCases(
  verdicts: readonly VerdictView[],
  turns: readonly TurnView[],
  suffix: string,
): Case[] {
  const transcript = turns.map((t) => `${t.role || "?"}: ${t.text}`).join("\n");
  return verdicts.map((v) => {
    const c: Case = {
      classname: "conversation",
      name: `${v.criterion}${suffix}`,
      ms: 0,
      outcome: { kind: "pass" },
      out: transcript,
    };
    if (v.met === false)
      c.outcome = {
        kind: "failure",
        message: v.supported
          ? v.reasoning || "criterion not met"
          : `unsupported: a quote is not in the transcript (the judge said ${v.verdict ?? "?"})`,
        body: v.evidence
          .map((e) => `${e.found ? "" : "NOT FOUND "}turn ${e.turn ?? "?"}: "${e.quote}"`)
          .join("\n"),
      };
    if (v.met === null)
      c.outcome = { kind: "error", message: "the judge gave no verdict", body: v.reasoning };
    return c;
  });
}

/** A testcase per criterion per trial; a trial that errored before a verdict is an error for each criterion. */
function conversationCases(result: RunResult): Case[] {
  const view = conversationOf(result);
  if (!view) return [];
  if (!view.perTrial) return criterionCases(view.verdicts, view.transcript, "");
  const count = view.trials.length;
  const criteria =
    result.conversation?.criteria && result.conversation.criteria.length > 0
      ? result.conversation.criteria
      : (view.trials.find((t) => (t.verdicts ?? []).length > 0)?.verdicts ?? []).map((v) => v.criterion);
  return view.trials.flatMap((t) => {
    const suffix = count > 1 ? ` [trial ${t.label.replace(/^#/, "")} of ${count}]` : "";
    const turns = t.transcript ?? [];
    if ((t.verdicts ?? []).length > 0) return criterionCases(t.verdicts ?? [], turns, suffix);
    const out = turns.map((x) => `${x.role || "?"}: ${x.text}`).join("\n");
    const names = criteria.length > 0 ? criteria : ["conversation"];
    return names.map((name): Case => ({
      classname: "conversation",
      name: `${name}${suffix}`,
      ms: 0,
      outcome: { kind: t.status === "error" ? "error" : "failure", message: t.detail || `trial ${t.status}` },
      out,
    }));
  });
}

/** Pass rate, interval, pass^k, flakiness, tokens and cost, as suite properties. */
function conversationProperties(result: RunResult): Array<[string, string]> {
  const view = conversationOf(result);
  const out: Array<[string, string]> = [];
  if (view?.stats) {
    const s = view.stats;
    out.push(
      ["pass_rate", `${passRateText(s)}`],
      ["wilson_95", intervalText(s)],
      ["pass_hat_k", passHatKText(s)],
      ["flaky", String(s.flaky)],
      ["min_pass_rate", minimumText(s)],
    );
  }
  if (view?.usage) for (const [k, v] of usageRows(view.usage)) out.push([`usage ${k.toLowerCase()}`, v]);
  return out;
}

const isProblem = (c: Case) => c.outcome.kind === "failure" || c.outcome.kind === "error";

/** A red-team finding's case shows the transcript of its success before the traffic evidence. */
function withTranscript(c: Case, transcript: string | undefined): Case {
  return transcript ? { ...c, out: [transcript, c.out].filter(Boolean).join("\n\n") } : c;
}

/** The suites of one run; a run that did not pass always shows at least one failure or error to CI. */
function suitesOf(result: RunResult): Suite[] {
  const title = runTitle(result);
  const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.exec(result.started_at)?.[0] ?? "";
  const properties: Array<[string, string]> = [
    ["agent_url", result.agent_url ?? ""],
    ["kind", result.kind],
    ["status", result.status],
    ["scores", scoreText(result.scores)],
  ];
  const level = levelText(result);
  if (level) properties.push(["conformance_level", level]);
  if (result.reason) properties.push(["reason", result.reason]);
  properties.push(...conversationProperties(result), ...redteamProperties(result));
  const suite = (name: string, cases: Case[]): Suite => ({
    name: `${title} › ${name}`,
    timestamp,
    properties,
    cases,
  });

  const findings = result.findings ?? [];
  const suites =
    findings.length > 0
      ? categoryCounts(findings).map((c) =>
          suite(
            c.category,
            findings
              .filter((f) => f.category === c.category)
              .map((f) => withTranscript(findingCase(f, result.traffic), redteamCaseOut(result, f.id))),
          ),
        )
      : [suite(result.kind, basicCases(result))];
  if (result.status !== "passed" && !suites.some((s) => s.cases.some(isProblem))) {
    const kind = result.status === "error" ? "error" : "failure";
    const run: Case = {
      classname: "run",
      name: "run",
      ms: 0,
      outcome: { kind, message: result.reason ?? result.status },
    };
    suites.push(suite("run", [run]));
  }
  return suites;
}

/** Load runs: one testcase per threshold, failed when the run missed it. */
function thresholdCases(result: RunResult): Case[] {
  return (result.load?.thresholds ?? []).map((t) => ({
    classname: "load",
    name: `threshold ${t.expression}`,
    ms: 0,
    outcome: t.passed ? { kind: "pass" } : { kind: "failure", message: thresholdText(t), type: "threshold" },
  }));
}

function basicCases(result: RunResult): Case[] {
  const card = cardCase(result);
  if (result.kind === "load") return [card, ...thresholdCases(result)];
  // A conversation sends no smoke message: its turns are its test (no skipped "smoke message" case), and
  // one whose agent is a target made no verdict on its card.
  if (result.kind === "conversation")
    return [...(cardJudged(result) ? [card] : []), ...conversationCases(result)];
  return [card, smokeCase(result, card.ms), ...conversationCases(result)];
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

function counts(cases: readonly Case[]) {
  const n = (k: Outcome["kind"]) => cases.filter((c) => c.outcome.kind === k).length;
  return `tests="${cases.length}" failures="${n("failure")}" errors="${n("error")}" skipped="${n("skipped")}"`;
}

function caseXml(c: Case): string {
  const open = `    <testcase classname="${xmlAttr(c.classname)}" name="${xmlAttr(c.name)}" time="${seconds(c.ms)}"`;
  const inner: string[] = [];
  const o = c.outcome;
  if (o.kind !== "pass") {
    const type = o.type ? ` type="${xmlAttr(o.type)}"` : "";
    const message = ` message="${xmlAttr(truncate(o.message, 1_000))}"`;
    inner.push(
      o.body
        ? `      <${o.kind}${message}${type}>${xmlText(o.body)}</${o.kind}>`
        : `      <${o.kind}${message}${type}/>`,
    );
  }
  if (c.out) inner.push(`      <system-out>${cdata(c.out)}</system-out>`);
  return inner.length === 0 ? `${open}/>` : `${open}>\n${inner.join("\n")}\n    </testcase>`;
}

function suiteXml(s: Suite): string {
  const ms = s.cases.reduce((sum, c) => sum + c.ms, 0);
  const stamp = s.timestamp ? ` timestamp="${xmlAttr(s.timestamp)}"` : "";
  const props = s.properties.map(([k, v]) => `      <property name="${xmlAttr(k)}" value="${xmlAttr(v)}"/>`);
  return [
    `  <testsuite name="${xmlAttr(s.name)}" ${counts(s.cases)} time="${seconds(ms)}"${stamp}>`,
    `    <properties>\n${props.join("\n")}\n    </properties>`,
    ...s.cases.map(caseXml),
    "  </testsuite>",
  ].join("\n");
}

/** The JUnit XML report: loads in GitLab, Jenkins and GitHub test reporters; root time is the runs' wall time. */
export function renderJunit(results: readonly RunResult[]): string {
  const suites = results.flatMap(suitesOf);
  const all = suites.flatMap((s) => s.cases);
  const wall = results.reduce((sum, r) => sum + r.duration_ms, 0);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="plainwright" ${counts(all)} time="${seconds(wall)}">`,
    ...suites.map(suiteXml),
    `</testsuites>`,
    "",
  ].join("\n");
}

import { api, stream } from "../api.js";
import { badge, h, mount, tabs, type Child } from "../dom.js";
import { go } from "../nav.js";
import type { Finding, RunResult } from "../../../src/model/index.js";
import type { Module, Project, RunSummary, StoredRun, StoredTest } from "../../../src/model/api.js";
import { cardView } from "../views/card-view.js";
import { loadView } from "../views/load-view.js";
import { baselineSection } from "../views/baseline-view.js";
import { compareWithBaseline } from "../../../src/model/baseline.js";
import { redteamView } from "../views/redteam-view.js";
import { trafficView } from "../views/traffic-view.js";
import { resultSections, type SectionId } from "../../../src/view/sections.js";
import { isFinished } from "../../../src/model/run-status.js";
import { smokeSentText } from "../../../src/view/run-view.js";

/** The conversation: the judge's verdicts and the turns of the first trial. */
function conversationView(result: RunResult): HTMLElement {
  const parts: Child[] = [];
  if (result.verdicts?.length) {
    parts.push(
      h("h3", {}, "Judge's verdicts"),
      h(
        "ul",
        { class: "verdicts" },
        result.verdicts.map((v) =>
          h(
            "li",
            { class: v.met ? "met" : "unmet" },
            badge(v.met ? "met" : v.supported === false ? "unsupported" : (v.verdict ?? "not-met")),
            " ",
            h("strong", {}, v.criterion),
            v.reasoning ? h("p", {}, v.reasoning) : null,
          ),
        ),
      ),
    );
  }
  if (result.transcript?.length) {
    const trials =
      result.trials && result.trials.length > 1 ? ` (first of ${result.trials.length} trials)` : "";
    parts.push(
      h("h3", {}, `Turns${trials}`),
      h(
        "ol",
        { class: "chat-log" },
        result.transcript.map((t) =>
          h(
            "li",
            { class: `bubble ${t.role === "user" ? "user" : "agent"}` },
            h(
              "small",
              { class: "muted" },
              `${t.role} · turn ${t.turn}${t.ms !== undefined ? ` · ${t.ms} ms` : ""} `,
            ),
            t.task_state ? badge(t.task_state) : null,
            h("p", {}, t.text),
            t.error ? h("p", { class: "error-text" }, t.error) : null,
          ),
        ),
      ),
    );
  }
  return h("div", {}, parts);
}

/** The smoke message sent and the reply it got. */
function smokeView(result: RunResult): HTMLElement {
  const parts: Child[] = [];
  if (result.smoke) {
    const sent = smokeSentText(result.smoke.request.params);
    parts.push(
      h("h3", {}, `Smoke message (${result.smoke.request.method})`),
      h(
        "ol",
        { class: "chat-log" },
        h("li", { class: "bubble user" }, h("p", {}, sent)),
        h(
          "li",
          { class: "bubble agent" },
          result.smoke.task_state ? badge(result.smoke.task_state) : null,
          h("p", {}, result.smoke.text || "(no text)"),
        ),
      ),
      result.smoke.reason ? h("p", { class: "error-text" }, result.smoke.reason) : null,
    );
  }
  return h("div", {}, parts);
}

const STATUS_ORDER: Record<string, number> = { fail: 0, error: 1, skip: 2, pass: 3 };
const LEVEL_ORDER: Record<string, number> = { MUST: 0, SHOULD: 1, MAY: 2 };

/** Failures first, then errors, skips and passes; within each, MUST before SHOULD before MAY. */
function sortFindings(findings: readonly Finding[]): Finding[] {
  const rank = (table: Record<string, number>, key: string) => table[key] ?? 9;
  return [...findings].sort(
    (a, b) =>
      rank(STATUS_ORDER, a.status) - rank(STATUS_ORDER, b.status) ||
      rank(LEVEL_ORDER, a.level) - rank(LEVEL_ORDER, b.level) ||
      a.id.localeCompare(b.id),
  );
}

/**
 * The checks speak the command line's language ("pass --hint input-required=…", "no --peer agent");
 * on the web the same settings are fields of the test, so the text names those instead.
 */
export function forTheWeb(text: string): string {
  return text
    .replace(
      /pass --hint input-required="\.\.\."/g,
      'fill in "A message that makes the agent ask back" in the test (config.hints.input-required)',
    )
    .replace(/--hint slow=("\.\.\.")?/g, '"A message that keeps the agent working" (config.hints.slow)')
    .replace(
      /--hint input-required=("\.\.\.")?/g,
      '"A message that makes the agent ask back" (config.hints.input-required)',
    )
    .replace(
      /no --peer agent was given/g,
      'no peer agent is set (the test\'s "Peer agent URL", config.peer_url)',
    )
    .replace(/--peer\b/g, "the peer agent (config.peer_url)");
}

function findingRow(f: Finding): HTMLElement {
  return h(
    "tr",
    { class: `finding finding-${f.status.replace(/[^a-z-]/gi, "")}`, "data-id": f.id },
    h("td", {}, badge(f.status)),
    h("td", {}, f.level),
    h("td", {}, h("code", {}, f.id)),
    h("td", {}, f.transport ?? ""),
    h(
      "td",
      {},
      h("p", { class: "finding-message" }, forTheWeb(f.message)),
      f.recommendation && f.status !== "pass"
        ? h("p", { class: "muted recommendation" }, "Recommendation: ", forTheWeb(f.recommendation))
        : null,
    ),
  );
}

function findingsView(result: RunResult): HTMLElement {
  const findings = result.findings ?? [];
  if (findings.length === 0)
    return h(
      "p",
      { class: "muted" },
      "No conformance findings in this run (conformance runs list them here).",
    );
  const count = (status: string) => findings.filter((f) => f.status === status).length;
  return h(
    "div",
    {},
    result.conformance_level
      ? h("p", {}, "Conformance level: ", h("strong", {}, result.conformance_level))
      : null,
    h(
      "p",
      { class: "findings-summary muted" },
      `${count("fail")} failed · ${count("error")} errored · ${count("skip")} skipped · ${count("pass")} passed`,
    ),
    h(
      "table",
      { class: "findings" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["Status", "Level", "Check", "Binding", "Message"].map((c) => h("th", {}, c)),
        ),
      ),
      h("tbody", {}, sortFindings(findings).map(findingRow)),
    ),
  );
}

/** Each section of src/view/sections.ts drawn for the page; the HTML report draws the same ones. */
const parts: Record<SectionId, (result: RunResult) => HTMLElement> = {
  baseline: (r) => (r.baseline ? baselineSection(r.baseline) : h("div", {})),
  load: (r) => (r.load ? loadView(r.load) : h("div", {})),
  checks: findingsView,
  card: cardView,
  smoke: smokeView,
  conversation: conversationView,
  redteam: (r) => redteamView(r.redteam),
  traffic: (r) => trafficView(r.traffic),
};

function resultView(run: StoredRun, result: RunResult): HTMLElement {
  const sections = resultSections(result);
  return h(
    "div",
    {},
    result.reason ? h("p", { class: `reason reason-${result.status}` }, forTheWeb(result.reason)) : null,
    result.warnings.length
      ? h(
          "ul",
          { class: "warnings" },
          result.warnings.map((w) => h("li", {}, w)),
        )
      : null,
    tabs(
      sections.map((section) => section.title),
      (title) => parts[sections.find((section) => section.title === title)?.id ?? "traffic"](result),
    ),
    h(
      "details",
      { class: "raw" },
      h("summary", {}, "Result JSON"),
      h("pre", { class: "code" }, JSON.stringify({ id: run.id, status: run.status, result }, null, 2)),
    ),
  );
}

/**
 * "Compare with": any earlier finished run of the same test, diffed with this one by the same function the
 * CLI's --baseline uses (new failures, fixed, still failing, flaky, level and score deltas).
 */
async function compareControl(
  run: StoredRun,
  result: RunResult,
  signal: AbortSignal,
): Promise<HTMLElement | null> {
  const runs = await api<RunSummary[]>(
    "GET",
    `/api/tests/${encodeURIComponent(run.test_id)}/runs`,
    undefined,
    signal,
  ).catch(() => [] as RunSummary[]);
  const earlier = runs.filter(
    (r) => r.id !== run.id && (r.status === "passed" || r.status === "failed" || r.status === "error"),
  );
  if (earlier.length === 0) return null;
  const out = h("div", { class: "compare-result" });
  const select = h(
    "select",
    {
      name: "compare-with",
      onchange: (event: Event) => {
        const id = (event.target as HTMLSelectElement).value;
        if (!id) return void out.replaceChildren();
        void api<StoredRun>("GET", `/api/runs/${encodeURIComponent(id)}`, undefined, signal).then((other) =>
          out.replaceChildren(
            other.result
              ? baselineSection(compareWithBaseline(result, other.result, `run ${other.id}`))
              : h("p", { class: "muted" }, "That run has no result."),
          ),
        );
      },
    },
    h("option", { value: "" }, "Compare with an earlier run…"),
    earlier.map((r) => h("option", { value: r.id }, `${r.created_at} · ${r.status}`)),
  );
  return h("div", { class: "compare" }, select, out);
}

/** Links back to the run's test, module and project (the test may have been deleted meanwhile). */
async function breadcrumbs(testId: string, signal: AbortSignal): Promise<HTMLElement> {
  try {
    const test = await api<StoredTest>("GET", `/api/tests/${encodeURIComponent(testId)}`, undefined, signal);
    const mod = await api<Module>("GET", `/api/modules/${test.module_id}`, undefined, signal);
    const project = await api<Project>("GET", `/api/projects/${mod.project_id}`, undefined, signal);
    return h(
      "p",
      { class: "breadcrumbs" },
      h("a", { href: `/projects/${project.id}`, class: "crumb-project" }, project.name),
      " / ",
      h("a", { href: `/modules/${mod.id}`, class: "crumb-module" }, mod.name),
      " / ",
      h("a", { href: `/tests/${test.id}`, class: "crumb-test" }, test.name),
    );
  } catch {
    return h("p", { class: "breadcrumbs muted" }, "The test of this run no longer exists.");
  }
}

/** A stored run on its page: the header's status and actions, the progress lines and the result below. */
class RunView {
  readonly status: HTMLElement;
  readonly progress: HTMLOListElement;
  readonly body = h("div", {});
  readonly actions = h("div", { class: "row run-actions" });

  constructor(
    private run: StoredRun,
    private readonly path: string,
    private readonly signal: AbortSignal,
  ) {
    this.status = h("span", { class: "run-status" }, badge(run.status));
    this.progress = h(
      "ol",
      { class: "progress" },
      run.progress.map((line) => h("li", {}, line)),
    );
  }

  /** "Run again" always; "Cancel run" while the run has not finished. */
  showActions(): void {
    const again = () =>
      void api<{ id: string }>("POST", `/api/tests/${this.run.test_id}/runs`).then((r) =>
        go(`/runs/${r.id}`),
      );
    const cancel = () =>
      void api<StoredRun>("POST", `${this.path}/cancel`)
        .then((r) => {
          this.run = { ...this.run, status: r.status };
          this.show();
        })
        .catch((err: unknown) =>
          this.actions.appendChild(h("span", { class: "error-text" }, (err as Error).message)),
        );
    mount(
      this.actions,
      h("button", { type: "button", class: "primary", name: "run-again", onclick: again }, "Run again"),
      !isFinished(this.run.status)
        ? h("button", { type: "button", class: "danger", name: "cancel-run", onclick: cancel }, "Cancel run")
        : null,
    );
  }

  /** Draws the run as it is now: its status, actions, and its result or why there is none yet. */
  show(): void {
    const { run, body, progress } = this;
    mount(this.status, badge(run.status));
    this.showActions();
    // A finished run's stored lines, whenever the live stream gave none (it ended before they came).
    if (run.result && progress.childElementCount === 0)
      for (const line of run.progress) progress.appendChild(h("li", {}, line));
    if (run.result) {
      const result = run.result;
      mount(body, resultView(run, result));
      void compareControl(run, result, this.signal).then((control) => {
        if (control && !body.querySelector(".compare")) body.prepend(control);
      });
    } else if (run.status === "canceled") mount(body, h("p", { class: "muted" }, "This run was canceled."));
    else mount(body, h("p", { class: "muted" }, "Running… the result appears here when it finishes."));
  }

  /** Follows an unfinished run live until it settles: its event stream, then polling if the stream broke. */
  async follow(): Promise<void> {
    if (this.run.result) return;
    this.progress.replaceChildren();
    await stream(
      "GET",
      `${this.path}/events`,
      undefined,
      ({ event, data }) => {
        const d = data as { line?: string; status?: StoredRun["status"] };
        if (event === "progress" && d.line) this.progress.appendChild(h("li", {}, d.line));
        if (event === "status" && d.status) {
          this.run = { ...this.run, status: d.status };
          mount(this.status, badge(d.status));
          this.showActions();
        }
      },
      this.signal,
    ).catch(() => undefined);
    // The stream ends with `done`; if it broke instead (server restarted), poll until the run settles.
    for (let delay = 500; !this.signal.aborted; delay = Math.min(delay * 2, 5000)) {
      this.run = await api<StoredRun>("GET", this.path, undefined, this.signal);
      this.show();
      if (this.run.result || isFinished(this.run.status)) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** `/runs/{id}`: live progress while it runs, then the tabs of docs/test-files.md, "Read the result". */
export async function runPage(root: HTMLElement, [id]: string[], signal: AbortSignal): Promise<void> {
  const path = `/api/runs/${encodeURIComponent(id ?? "")}`;
  const run = await api<StoredRun>("GET", path, undefined, signal);
  const view = new RunView(run, path, signal);
  mount(
    root,
    await breadcrumbs(run.test_id, signal),
    h("h1", {}, run.result?.name ?? "Run", " ", view.status),
    h("p", { class: "muted" }, `Run ${run.id}`),
    view.actions,
    h("details", { class: "progress-box", open: !run.result }, h("summary", {}, "Progress"), view.progress),
    view.body,
  );
  view.show();
  await view.follow();
}

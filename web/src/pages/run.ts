import { api, stream } from "../api.js";
import { badge, h, mount, tabs } from "../dom.js";
import { go } from "../nav.js";
import type { RunResult } from "../../../src/model/result.js";
import type { Module, Project, RunSummary, StoredRun, StoredTest } from "../../../src/model/api.js";
import { cardView } from "../views/card-view.js";
import { loadView } from "../views/load-view.js";
import { baselineSection } from "../views/baseline-view.js";
import { compareWithBaseline } from "../../../src/model/baseline.js";
import { redteamView } from "../views/redteam-view.js";
import { trafficView } from "../views/traffic-view.js";
import { resultSections, type SectionId } from "../../../src/view/sections.js";
import { isFinished } from "../../../src/model/run-status.js";
import { checksView } from "../views/checks-view.js";
import { forTheWeb } from "../views/cli-wording.js";
import { conversationView } from "../views/conversation-view.js";
import { smokeView } from "../views/smoke-view.js";

/** Each section of src/view/sections.ts drawn for the page; the HTML report draws the same ones. */
const parts: Record<SectionId, (result: RunResult) => HTMLElement> = {
  baseline: (r) => (r.baseline ? baselineSection(r.baseline) : h("div", {})),
  load: (r) => (r.load ? loadView(r.load) : h("div", {})),
  checks: checksView,
  card: cardView,
  smoke: (r) => (r.smoke ? smokeView(r.smoke) : h("div", {})),
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

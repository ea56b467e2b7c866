import { api } from "../api.js";
import { badge, h, mount } from "../dom.js";
import { go, when } from "../nav.js";
import type { Module, RunSummary, Test } from "../types.js";

/** `/tests/{id}`: the definition, "Run now", every run, delete. */
export async function testPage(root: HTMLElement, [id]: string[]): Promise<void> {
  const test = await api<Test>("GET", `/api/tests/${encodeURIComponent(id ?? "")}`);
  const [runs, mod] = await Promise.all([
    api<RunSummary[]>("GET", `/api/tests/${test.id}/runs`),
    api<Module>("GET", `/api/modules/${test.module_id}`),
  ]);
  const { module_id: _m, id: _i, warnings, last_run: _l, ...definition } = test;
  mount(
    root,
    h("p", {}, h("a", { href: `/projects/${mod.project_id}` }, `← ${mod.name}`)),
    h("h1", {}, test.name),
    test.natural_language ? h("p", {}, test.natural_language) : null,
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          class: "primary run-now",
          onclick: () =>
            void api<RunSummary>("POST", `/api/tests/${test.id}/runs`).then((r) => go(`/runs/${r.id}`)),
        },
        "Run now",
      ),
      h(
        "button",
        {
          type: "button",
          class: "danger",
          onclick: () => {
            if (!confirm(`Delete the test "${test.name}" and its runs?`)) return;
            void api("DELETE", `/api/tests/${test.id}`).then(() => go(`/projects/${mod.project_id}`));
          },
        },
        "Delete test",
      ),
    ),
    warnings.length
      ? h(
          "ul",
          { class: "warnings" },
          warnings.map((w) => h("li", {}, w)),
        )
      : null,
    h("h2", {}, `Runs (${runs.length})`),
    runs.length === 0
      ? h("p", { class: "muted" }, "Not run yet.")
      : h(
          "ul",
          { class: "list runs" },
          runs.map((r) =>
            h("li", {}, h("a", { href: `/runs/${r.id}` }, badge(r.status), " ", when(r.created_at))),
          ),
        ),
    h("h2", {}, "Definition"),
    h("pre", { class: "code" }, JSON.stringify({ module_id: test.module_id, ...definition }, null, 2)),
  );
}

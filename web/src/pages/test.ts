import { api } from "../api.js";
import { badge, h, mount } from "../dom.js";
import { go, when } from "../nav.js";
import type { Module, RunSummary, StoredTest } from "../../../src/model/api.js";
import { deleteControl, renameControl } from "../views/manage.js";

/** The test JSON as the API takes it (the stored definition without the server's fields). */
function definitionOf(test: StoredTest): Record<string, unknown> {
  const {
    id: _i,
    warnings: _w,
    last_run: _l,
    created_at: _c,
    ...definition
  } = test as StoredTest & {
    created_at?: string;
  };
  return definition;
}

/** "Edit": the test JSON in a text area, saved with PATCH /api/tests/{id}; errors name the field. */
function editor(test: StoredTest, saved: () => void): HTMLElement {
  const slot = h("div", { class: "test-editor" });
  const closed = () =>
    mount(
      slot,
      h("button", { type: "button", class: "secondary", name: "edit-test", onclick: open }, "Edit test"),
    );
  const open = () => {
    const text = h("textarea", { name: "test-json", rows: 18, spellcheck: "false", class: "code" });
    text.value = JSON.stringify(definitionOf(test), null, 2);
    const error = h("p", { class: "error-text", hidden: true });
    const save = () => {
      error.hidden = true;
      let body: unknown;
      try {
        body = JSON.parse(text.value);
      } catch (err) {
        error.textContent = `The test JSON does not parse: ${(err as Error).message}`;
        error.hidden = false;
        return;
      }
      api("PATCH", `/api/tests/${test.id}`, body)
        .then(saved)
        .catch((err: unknown) => {
          const e = err as Error & { field?: string };
          error.textContent = e.field ? `${e.message} (field: ${e.field})` : e.message;
          error.hidden = false;
        });
    };
    mount(
      slot,
      h("p", { class: "muted" }, "The same JSON the REST API takes; saving replaces the test's definition."),
      text,
      error,
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", class: "primary", name: "save-test", onclick: save }, "Save"),
        h("button", { type: "button", class: "secondary", onclick: closed }, "Cancel"),
      ),
    );
  };
  closed();
  return slot;
}

/** `/tests/{id}`: the definition, "Run now", every run, rename, edit, delete. */
export async function testPage(root: HTMLElement, [id]: string[]): Promise<void> {
  const test = await api<StoredTest>("GET", `/api/tests/${encodeURIComponent(id ?? "")}`);
  const [runs, mod] = await Promise.all([
    api<RunSummary[]>("GET", `/api/tests/${test.id}/runs`),
    api<Module>("GET", `/api/modules/${test.module_id}`),
  ]);
  const { warnings } = test;
  const reload = () => go(`/tests/${test.id}`);
  mount(
    root,
    h(
      "p",
      {},
      h("a", { href: `/projects/${mod.project_id}` }, "← Project"),
      " / ",
      h("a", { href: `/modules/${mod.id}` }, mod.name),
    ),
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
      renameControl("test", test.name, async (name) => {
        await api("PATCH", `/api/tests/${test.id}`, { ...definitionOf(test), name });
        reload();
      }),
      deleteControl("test", `Delete the test "${test.name}" and its runs?`, async () => {
        await api("DELETE", `/api/tests/${test.id}`);
        go(`/modules/${mod.id}`);
      }),
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
    h("pre", { class: "code" }, JSON.stringify(definitionOf(test), null, 2)),
    editor(test, reload),
  );
}

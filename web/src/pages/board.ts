import { api } from "../api.js";
import { badge, field, h, mount } from "../dom.js";
import { go } from "../nav.js";
import type { Module, Project, StoredTest } from "../../../src/model/api.js";
import { deleteControl, renameControl } from "../views/manage.js";
import { addTestWizard } from "./add-test.js";

/** A one-field "create" form that posts {name} and reports errors next to the field. */
function nameForm(label: string, button: string, create: (name: string) => Promise<void>): HTMLElement {
  const input = h("input", { name: "name", required: true, maxlength: 200 });
  const error = h("p", { class: "error-text", hidden: true });
  return h(
    "form",
    {
      class: "row create-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        error.hidden = true;
        create(input.value).catch((err: unknown) => {
          error.textContent = (err as Error).message;
          error.hidden = false;
        });
      },
    },
    field(label, input),
    h("button", { type: "submit" }, button),
    error,
  );
}

/** `/`: the projects. */
export async function boardPage(root: HTMLElement): Promise<void> {
  const projects = await api<Project[]>("GET", "/api/projects");
  mount(
    root,
    h("h1", {}, "Project board"),
    projects.length === 0
      ? h("p", { class: "muted" }, "No projects yet. Create one to hold modules and tests.")
      : h(
          "ul",
          { class: "list projects" },
          projects.map((p) => h("li", {}, h("a", { href: `/projects/${p.id}` }, p.name))),
        ),
    nameForm("New project", "Create project", async (name) => {
      const p = await api<Project>("POST", "/api/projects", { name });
      go(`/projects/${p.id}`);
    }),
  );
}

function testRow(test: StoredTest): HTMLElement {
  return h(
    "li",
    { class: "test-row", "data-test": test.name },
    h("a", { href: `/tests/${test.id}` }, test.name),
    " ",
    h("small", { class: "muted" }, test.config.agent_url),
    " ",
    test.last_run
      ? h("a", { href: `/runs/${test.last_run.id}` }, badge(test.last_run.status))
      : h("small", { class: "muted" }, "never run"),
  );
}

/** A module's tests, "Add test", rename and delete; `onGone` runs once it is deleted. */
async function moduleSection(
  mod: Module,
  onGone: () => void = () => go(`/projects/${mod.project_id}`),
): Promise<HTMLElement> {
  const tests = await api<StoredTest[]>("GET", `/api/modules/${mod.id}/tests`);
  const slot = h("div", { class: "wizard-slot" });
  const addButton = h(
    "button",
    {
      type: "button",
      class: "add-test",
      onclick: () =>
        mount(
          slot,
          addTestWizard(mod, () => mount(slot)),
        ),
    },
    "Add test",
  );
  return h(
    "section",
    { class: "module", "data-module": mod.name },
    h(
      "div",
      { class: "row spread" },
      h("h2", {}, h("a", { href: `/modules/${mod.id}` }, mod.name)),
      h(
        "span",
        { class: "row" },
        addButton,
        renameControl("module", mod.name, async (name) => {
          await api("PATCH", `/api/modules/${mod.id}`, { name });
          go(location.pathname);
        }),
        deleteControl("module", `Delete the module "${mod.name}", its tests and their runs?`, async () => {
          await api("DELETE", `/api/modules/${mod.id}`);
          onGone();
        }),
      ),
    ),
    tests.length === 0
      ? h("p", { class: "muted" }, "No tests in this module yet.")
      : h("ul", { class: "list tests" }, tests.map(testRow)),
    slot,
  );
}

/** Where the secrets panel reports: the note after a save or delete, and the error line. */
function secretMessages() {
  const error = h("p", { class: "error-text", hidden: true });
  const saved = h("p", { class: "saved-text", role: "status" });
  return {
    elements: [saved, error],
    clear: () => {
      error.hidden = true;
      saved.textContent = "";
    },
    done: (note: string) => {
      saved.textContent = note;
    },
    failed: (err: unknown) => {
      error.textContent = (err as Error).message;
      error.hidden = false;
    },
  };
}
type SecretMessages = ReturnType<typeof secretMessages>;

/** The names of the project's secrets, each with its Delete button (the values never reach the browser). */
function secretNameList(names: string[], path: (name: string) => string, say: SecretMessages) {
  const summary = h("summary", {}, `Secrets (${names.length})`);
  const list = h("ul", { class: "list secret-names" });
  let known = names;
  const remove = (name: string) =>
    void api("DELETE", path(name))
      .then(() => {
        known = known.filter((n) => n !== name);
        say.done(`Deleted ${name}.`);
        show();
      })
      .catch(say.failed);
  const deleteButton = (name: string) =>
    h(
      "button",
      { type: "button", class: "danger small", name: `delete-secret-${name}`, onclick: () => remove(name) },
      "Delete",
    );
  const show = () => {
    summary.textContent = `Secrets (${known.length})`;
    mount(
      list,
      known.map((name) => h("li", { "data-secret": name }, h("code", {}, name), " ", deleteButton(name))),
    );
  };
  show();
  return {
    summary,
    list,
    add(name: string) {
      if (!known.includes(name)) known = [...known, name].sort();
      show();
    },
  };
}

/** The form that stores one secret's value under a name; the value field is cleared once it is stored. */
function secretForm(path: (name: string) => string, onSaved: (name: string) => void, say: SecretMessages) {
  const nameInput = h("input", {
    name: "secret-name",
    placeholder: "AGENT_TOKEN",
    pattern: "[A-Za-z_][A-Za-z0-9_]*",
    required: true,
  });
  const valueInput = h("input", {
    name: "secret-value",
    type: "password",
    autocomplete: "off",
    required: true,
  });
  const save = (e: Event) => {
    e.preventDefault();
    const name = nameInput.value.trim();
    say.clear();
    api("PUT", path(name), { value: valueInput.value })
      .then(() => {
        valueInput.value = "";
        say.done(`Saved ${name}. Its value is stored and will not be shown again.`);
        onSaved(name);
      })
      .catch(say.failed);
  };
  return h(
    "form",
    { class: "row", onsubmit: save },
    field("Name", nameInput),
    field("Value", valueInput),
    h("button", { type: "submit" }, "Save secret"),
  );
}

/** The project's secret store: names listed, values write-only. */
function secretsPanel(project: Project, names: { name: string; updated_at: string }[]): HTMLElement {
  const path = (name: string) => `/api/projects/${project.id}/secrets/${encodeURIComponent(name)}`;
  const say = secretMessages();
  const stored = secretNameList(
    names.map((s) => s.name),
    path,
    say,
  );
  return h(
    "details",
    { class: "secrets", open: names.length === 0 ? false : undefined },
    stored.summary,
    h(
      "p",
      { class: "muted" },
      "Use them in tests as {{secrets.NAME}}. Values are write-only: they are never shown again and are redacted from every result.",
    ),
    stored.list,
    secretForm(path, (name) => stored.add(name), say),
    ...say.elements,
  );
}

/** `/projects/{id}`: modules holding tests, the secret store, "Add test". */
export async function projectPage(root: HTMLElement, [id]: string[]): Promise<void> {
  const project = await api<Project>("GET", `/api/projects/${encodeURIComponent(id ?? "")}`);
  const [modules, secrets] = await Promise.all([
    api<Module[]>("GET", `/api/projects/${project.id}/modules`),
    api<{ name: string; updated_at: string }[]>("GET", `/api/projects/${project.id}/secrets`),
  ]);
  const sections = await Promise.all(modules.map((m) => moduleSection(m)));
  mount(
    root,
    h("p", {}, h("a", { href: "/" }, "← All projects")),
    h(
      "div",
      { class: "row spread" },
      h("h1", {}, project.name),
      h(
        "span",
        { class: "row" },
        renameControl("project", project.name, async (name) => {
          await api("PATCH", `/api/projects/${project.id}`, { name });
          go(`/projects/${project.id}`);
        }),
        deleteControl(
          "project",
          `Delete "${project.name}" with all its modules, tests, runs and secrets?`,
          async () => {
            await api("DELETE", `/api/projects/${project.id}`);
            go("/");
          },
        ),
      ),
    ),
    secretsPanel(project, secrets),
    sections.length === 0
      ? h("p", { class: "muted" }, "No modules yet. A module groups related tests.")
      : sections,
    nameForm("New module", "Create module", async (name) => {
      await api<Module>("POST", `/api/projects/${project.id}/modules`, { name });
      go(`/projects/${project.id}`);
    }),
  );
}

/** `/modules/{id}`: one module, with the way back to its project. */
export async function modulePage(root: HTMLElement, [id]: string[]): Promise<void> {
  const mod = await api<Module>("GET", `/api/modules/${encodeURIComponent(id ?? "")}`);
  const project = await api<Project>("GET", `/api/projects/${mod.project_id}`);
  mount(
    root,
    h("p", {}, h("a", { href: `/projects/${project.id}` }, `← ${project.name}`)),
    await moduleSection(mod, () => go(`/projects/${project.id}`)),
  );
}

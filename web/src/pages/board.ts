import { api } from "../api.js";
import { badge, field, h, mount } from "../dom.js";
import { go } from "../nav.js";
import type { Module, Project, Test } from "../types.js";
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

function testRow(test: Test): HTMLElement {
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

async function moduleSection(mod: Module): Promise<HTMLElement> {
  const tests = await api<Test[]>("GET", `/api/modules/${mod.id}/tests`);
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
    h("div", { class: "row spread" }, h("h2", {}, mod.name), addButton),
    tests.length === 0
      ? h("p", { class: "muted" }, "No tests in this module yet.")
      : h("ul", { class: "list tests" }, tests.map(testRow)),
    slot,
  );
}

function secretsPanel(project: Project, names: { name: string; updated_at: string }[]): HTMLElement {
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
  const error = h("p", { class: "error-text", hidden: true });
  return h(
    "details",
    { class: "secrets" },
    h("summary", {}, `Secrets (${names.length})`),
    h(
      "p",
      { class: "muted" },
      "Use them in tests as {{secrets.NAME}}. Values are write-only: they are never shown again and are redacted from every result.",
    ),
    h(
      "ul",
      { class: "list" },
      names.map((s) => h("li", {}, h("code", {}, s.name))),
    ),
    h(
      "form",
      {
        class: "row",
        onsubmit: (e: Event) => {
          e.preventDefault();
          api("PUT", `/api/projects/${project.id}/secrets/${encodeURIComponent(nameInput.value.trim())}`, {
            value: valueInput.value,
          })
            .then(() => go(`/projects/${project.id}`))
            .catch((err: unknown) => {
              error.textContent = (err as Error).message;
              error.hidden = false;
            });
        },
      },
      field("Name", nameInput),
      field("Value", valueInput),
      h("button", { type: "submit" }, "Save secret"),
    ),
    error,
  );
}

/** `/projects/{id}`: modules holding tests, the secret store, "Add test". */
export async function projectPage(root: HTMLElement, [id]: string[]): Promise<void> {
  const project = await api<Project>("GET", `/api/projects/${encodeURIComponent(id ?? "")}`);
  const [modules, secrets] = await Promise.all([
    api<Module[]>("GET", `/api/projects/${project.id}/modules`),
    api<{ name: string; updated_at: string }[]>("GET", `/api/projects/${project.id}/secrets`),
  ]);
  const sections = await Promise.all(modules.map(moduleSection));
  mount(
    root,
    h("p", {}, h("a", { href: "/" }, "← All projects")),
    h("h1", {}, project.name),
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

import { api, ApiError } from "../api.js";
import { field, h, mount, type Child } from "../dom.js";
import { go } from "../nav.js";
import type { Module, RunSummary, StoredTest } from "../../../src/model/api.js";
import { redteamWizard } from "./add-redteam.js";

interface Draft {
  name: string;
  agent_url: string;
  headers: string;
  timeout_s: string;
  what: "smoke" | "conversation" | "conformance";
  smoke_message: string;
  persona: string;
  goal: string;
  opening_message: string;
  max_turns: string;
  success_criteria: string;
  hint_input_required: string;
  hint_slow: string;
  peer_url: string;
  second_identity: string;
  levels: Level[];
}

const LEVELS = ["MUST", "SHOULD", "MAY"] as const;
type Level = (typeof LEVELS)[number];

type TextKey = Exclude<keyof Draft, "what" | "levels">;

const emptyDraft = (): Draft => ({
  name: "",
  agent_url: "",
  headers: "",
  timeout_s: "",
  what: "smoke",
  smoke_message: "",
  persona: "",
  goal: "",
  opening_message: "",
  max_turns: "",
  success_criteria: "",
  hint_input_required: "",
  hint_slow: "",
  peer_url: "",
  second_identity: "",
  levels: [...LEVELS],
});

/** Conformance config: the hints given, and the levels when not all of them. */
function conformanceConfig(draft: Draft, config: Record<string, unknown>): void {
  const hints: Record<string, string> = {};
  if (draft.hint_input_required.trim() !== "") hints["input-required"] = draft.hint_input_required.trim();
  if (draft.hint_slow.trim() !== "") hints.slow = draft.hint_slow.trim();
  if (Object.keys(hints).length > 0) config.hints = hints;
  if (draft.peer_url.trim() !== "") config.peer_url = draft.peer_url.trim();
  const second = parseHeaderLines(draft.second_identity, "config.identities");
  if (Object.keys(second).length > 0) config.identities = [{ name: "second", headers: second }];
  if (draft.levels.length === 0)
    throw new ApiError(400, "choose at least one level (MUST, SHOULD, MAY)", "config.levels");
  if (draft.levels.length < LEVELS.length) config.levels = LEVELS.filter((l) => draft.levels.includes(l));
}

/** "Name: value" lines into a headers object; a line without a colon is an error naming it and its field. */
export function parseHeaderLines(text: string, fieldPath = "config.headers"): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new ApiError(400, `header line "${line}" is not "Name: value"`, fieldPath);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The test JSON (docs/test-files.md) for the draft (the same JSON the REST API takes). */
export function definitionOf(draft: Draft, moduleId: string): Record<string, unknown> {
  const config: Record<string, unknown> = { agent_url: draft.agent_url.trim() };
  const headers = parseHeaderLines(draft.headers);
  if (Object.keys(headers).length > 0) config.headers = headers;
  if (draft.timeout_s.trim() !== "") config.timeout_s = Number(draft.timeout_s);
  if (draft.what === "smoke") {
    if (draft.smoke_message.trim() !== "") config.smoke_message = draft.smoke_message.trim();
  } else if (draft.what === "conformance") {
    conformanceConfig(draft, config);
  } else {
    for (const key of ["persona", "goal", "opening_message"] as const)
      if (draft[key].trim() !== "") config[key] = draft[key].trim();
    if (draft.max_turns.trim() !== "") config.max_turns = Number(draft.max_turns);
    const criteria = draft.success_criteria
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    if (criteria.length > 0) config.success_criteria = criteria;
  }
  const kind = draft.what === "conformance" ? "conformance" : "a2a";
  return { module_id: moduleId, name: draft.name.trim(), kind, config };
}

function input(draft: Draft, key: TextKey, attrs: Record<string, string | boolean> = {}): HTMLInputElement {
  return h("input", {
    name: key,
    value: draft[key],
    oninput: (e: Event) => (draft[key] = (e.target as HTMLInputElement).value),
    ...attrs,
  });
}
function area(draft: Draft, key: TextKey, placeholder: string): HTMLTextAreaElement {
  const el = h("textarea", {
    name: key,
    rows: 3,
    placeholder,
    oninput: (e: Event) => (draft[key] = (e.target as HTMLTextAreaElement).value),
  });
  el.value = draft[key];
  return el;
}

/** The wizard's state, shared by its steps. */
interface Wizard {
  draft: Draft;
  box: HTMLElement;
  error: HTMLElement;
  moduleId: string;
  cancel: () => void;
}

function showError(w: Wizard, err: unknown): void {
  const e = err as ApiError;
  w.error.textContent = e.field ? `${e.message} (field: ${e.field})` : e.message;
  w.error.hidden = false;
}

function buttons(w: Wizard, back: (() => void) | null, next: () => void, label = "Continue"): HTMLElement {
  return h(
    "div",
    { class: "row" },
    h("button", { type: "button", class: "secondary", onclick: w.cancel }, "Cancel"),
    back ? h("button", { type: "button", class: "secondary", onclick: back }, "Back") : null,
    h("button", { type: "button", class: "primary", onclick: next }, label),
  );
}

function stepKind(w: Wizard): void {
  mount(
    w.box,
    h("h3", {}, "Add test: choose a kind"),
    h(
      "label",
      { class: "choice" },
      h("input", { type: "radio", name: "kind", value: "a2a", checked: true }),
      " A2A agent ",
      h("small", { class: "muted" }, "card validation plus a smoke message, a conversation or conformance"),
    ),
    h(
      "label",
      { class: "choice" },
      h("input", { type: "radio", name: "kind", value: "redteam" }),
      " Red team ",
      h("small", { class: "muted" }, "attack the agent with the seven attack packs"),
    ),
    buttons(w, null, () => {
      const kind = w.box.querySelector<HTMLInputElement>("input[name=kind]:checked")?.value;
      if (kind === "redteam") redteamWizard(w.moduleId, w.cancel, w.box);
      else stepConfigure(w);
    }),
  );
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const placeholder = /\{\{\s*secrets\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}/g;

/**
 * What is wrong with the Configure step, found on that step (errors came a step late):
 * the same rules the server applies when the test is created.
 */
export function configureProblem(draft: Draft): ApiError | undefined {
  if (draft.name.trim() === "") return new ApiError(400, "a test name is required", "name");
  const url = draft.agent_url.trim();
  if (url === "") return new ApiError(400, "an agent URL is required", "config.agent_url");
  let parsed: URL | undefined;
  try {
    parsed = new URL(url.replace(placeholder, "secret"));
  } catch {
    parsed = undefined;
  }
  if (!url.replace(placeholder, "").trim() ? false : !parsed || !/^https?:$/.test(parsed.protocol))
    return new ApiError(
      400,
      `the agent URL must be an http(s) URL, got "${url.slice(0, 80)}"`,
      "config.agent_url",
    );
  let headers: Record<string, string>;
  try {
    headers = parseHeaderLines(draft.headers);
  } catch (err) {
    return err as ApiError;
  }
  for (const name of Object.keys(headers))
    if (!TOKEN.test(name))
      return new ApiError(
        400,
        `header name "${name}" is not an HTTP token (no spaces or colons)`,
        "config.headers",
      );
  const timeout = draft.timeout_s.trim();
  if (
    timeout !== "" &&
    !(Number.isInteger(Number(timeout)) && Number(timeout) >= 1 && Number(timeout) <= 300)
  )
    return new ApiError(
      400,
      "the reply timeout must be a whole number of seconds from 1 to 300",
      "config.timeout_s",
    );
  return undefined;
}

function stepConfigure(w: Wizard): void {
  const { draft } = w;
  mount(
    w.box,
    h("h3", {}, "Configure"),
    field("Test name", input(draft, "name", { required: true })),
    field(
      "Agent URL",
      input(draft, "agent_url", { type: "url", placeholder: "https://agent.example.com" }),
      "The agent's base URL, or the full URL of its card.",
    ),
    field(
      "Headers",
      area(draft, "headers", "Authorization: Bearer {{secrets.AGENT_TOKEN}}"),
      "One 'Name: value' per line; {{secrets.NAME}} works.",
    ),
    field(
      "Reply timeout (seconds)",
      input(draft, "timeout_s", { type: "number", min: "1", max: "300", placeholder: "60" }),
    ),
    w.error,
    buttons(
      w,
      () => stepKind(w),
      () => {
        w.error.hidden = true;
        const problem = configureProblem(draft);
        if (problem) return showError(w, problem);
        stepWhat(w);
      },
    ),
  );
}

function levelBoxes(draft: Draft): HTMLElement {
  return h(
    "fieldset",
    { class: "levels" },
    h("legend", {}, "Levels"),
    LEVELS.map((level) =>
      h(
        "label",
        { class: "choice" },
        h("input", {
          type: "checkbox",
          name: "levels",
          value: level,
          checked: draft.levels.includes(level),
          onchange: (e: Event) => {
            const on = (e.target as HTMLInputElement).checked;
            draft.levels = on ? [...draft.levels, level] : draft.levels.filter((l) => l !== level);
          },
        }),
        ` ${level}`,
      ),
    ),
  );
}

function whatFields(draft: Draft): Child {
  if (draft.what === "conformance") {
    return [
      h("p", { class: "muted" }, "Runs the A2A conformance checks over every binding the card advertises."),
      field(
        "A message that makes the agent ask back (input-required)",
        input(draft, "hint_input_required", { placeholder: "optional" }),
        "Without it, the checks that need an input-required task are skipped.",
      ),
      field(
        "A message that keeps the agent working (slow)",
        input(draft, "hint_slow", { placeholder: "optional" }),
        "Without it, the checks that need a long-running task are skipped.",
      ),
      field(
        "Peer agent URL",
        input(draft, "peer_url", { type: "url", placeholder: "optional: https://peer.example.com" }),
        "A second agent for the interop checks; without it they are skipped.",
      ),
      field(
        "Second caller's headers",
        area(draft, "second_identity", "Authorization: Bearer {{secrets.OTHER_TOKEN}}"),
        "Another caller's credential: the task-scope checks try to reach this test's own task as that caller.",
      ),
      levelBoxes(draft),
    ];
  }
  if (draft.what === "smoke") {
    const placeholder = "Hello! In one or two sentences, what can you help me with?";
    return field("Smoke message (optional)", input(draft, "smoke_message", { placeholder }));
  }
  return [
    field("Persona", area(draft, "persona", "A customer who writes short, polite messages.")),
    field("Goal", area(draft, "goal", "Get the duplicate charge refunded.")),
    field("Opening message", input(draft, "opening_message")),
    field("Max turns", input(draft, "max_turns", { type: "number", min: "1", placeholder: "4" })),
    field("Success criteria", area(draft, "success_criteria", "One criterion per line")),
  ];
}

function stepWhat(w: Wizard): void {
  const details = h("div", { class: "what" }, whatFields(w.draft));
  const radio = (value: Draft["what"], label: string) =>
    h(
      "label",
      { class: "choice" },
      h("input", {
        type: "radio",
        name: "what",
        value,
        checked: w.draft.what === value,
        onchange: () => {
          w.draft.what = value;
          mount(details, whatFields(w.draft));
        },
      }),
      ` ${label}`,
    );
  mount(
    w.box,
    h("h3", {}, "What to test"),
    radio("smoke", "Smoke check"),
    radio("conversation", "Conversation"),
    radio("conformance", "Conformance"),
    details,
    w.error,
    buttons(
      w,
      () => stepConfigure(w),
      () => stepReview(w),
    ),
  );
}

async function createAndRun(definition: Record<string, unknown>): Promise<void> {
  const test = await api<StoredTest>("POST", "/api/tests", definition);
  const run = await api<RunSummary>("POST", `/api/tests/${test.id}/runs`);
  go(`/runs/${run.id}`);
}

function stepReview(w: Wizard): void {
  w.error.hidden = true;
  let definition: Record<string, unknown>;
  try {
    definition = definitionOf(w.draft, w.moduleId);
  } catch (err) {
    return showError(w, err);
  }
  mount(
    w.box,
    h("h3", {}, "Review"),
    h("p", {}, "This is the test JSON; the REST API takes exactly the same (POST /api/tests)."),
    h("pre", { class: "code" }, JSON.stringify(definition, null, 2)),
    w.error,
    buttons(
      w,
      () => stepWhat(w),
      () => void createAndRun(definition).catch((err: unknown) => showError(w, err)),
      "Create & run",
    ),
  );
}

/** The "Add test" flow of docs/test-files.md: pick A2A agent → Configure → What to test → Create & run. */
export function addTestWizard(mod: Module, cancel: () => void): HTMLElement {
  const box = h("div", { class: "wizard", "aria-live": "polite" });
  const error = h("p", { class: "error-text", hidden: true });
  stepKind({ draft: emptyDraft(), box, error, moduleId: mod.id, cancel });
  return box;
}

import { redteamPacks } from "../../../src/model/redteam.js";
import { api, ApiError } from "../api.js";
import { field, h, mount } from "../dom.js";
import { go } from "../nav.js";
import type { RunSummary, StoredTest } from "../../../src/model/api.js";
import { parseHeaderLines } from "./add-test.js";

interface RedteamDraft {
  name: string;
  agent_url: string;
  headers: string;
  second_identity: string;
  canaries: string;
  peer_url: string;
  attempts: string;
  packs: string[];
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** The test JSON (docs/test-files.md) for a red-team test: an A2A target, the packs, attempts, canaries, a second identity, a peer. */
export function redteamDefinition(d: RedteamDraft, moduleId: string): Record<string, unknown> {
  if (d.name.trim() === "" || d.agent_url.trim() === "")
    throw new ApiError(400, "a test name and an agent URL are required");
  if (d.packs.length === 0) throw new ApiError(400, "choose at least one pack", "config.packs");
  const headers = parseHeaderLines(d.headers);
  const second = parseHeaderLines(d.second_identity);
  const config: Record<string, unknown> = {};
  if (d.packs.length < redteamPacks.length) config.packs = redteamPacks.filter((p) => d.packs.includes(p));
  if (d.attempts.trim() !== "") config.attempts = Number(d.attempts);
  if (lines(d.canaries).length > 0) config.canaries = lines(d.canaries);
  if (d.peer_url.trim() !== "") config.peer_url = d.peer_url.trim();
  if (Object.keys(second).length > 0) config.identities = [{ name: "second", headers: second }];
  const target = {
    type: "a2a",
    agent_url: d.agent_url.trim(),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
  return { module_id: moduleId, name: d.name.trim(), kind: "redteam", target, config };
}

function text(
  d: RedteamDraft,
  key: Exclude<keyof RedteamDraft, "packs">,
  attrs: Record<string, string> = {},
) {
  return h("input", {
    name: key,
    value: d[key],
    oninput: (e: Event) => (d[key] = (e.target as HTMLInputElement).value),
    ...attrs,
  });
}

function area(d: RedteamDraft, key: Exclude<keyof RedteamDraft, "packs">, placeholder: string) {
  const el = h("textarea", {
    name: key,
    rows: 2,
    placeholder,
    oninput: (e: Event) => (d[key] = (e.target as HTMLTextAreaElement).value),
  });
  el.value = d[key];
  return el;
}

function packBoxes(d: RedteamDraft): HTMLElement {
  return h(
    "fieldset",
    { class: "packs" },
    h("legend", {}, "Packs"),
    redteamPacks.map((pack) =>
      h(
        "label",
        { class: "choice" },
        h("input", {
          type: "checkbox",
          name: "packs",
          value: pack,
          checked: d.packs.includes(pack),
          onchange: (e: Event) => {
            const on = (e.target as HTMLInputElement).checked;
            d.packs = on ? [...d.packs, pack] : d.packs.filter((p) => p !== pack);
          },
        }),
        ` ${pack}`,
      ),
    ),
  );
}

/** The configure step's fields, each bound to its key of the draft. */
function redteamFields(d: RedteamDraft): HTMLElement[] {
  return [
    field("Test name", text(d, "name", { required: "" })),
    field(
      "Agent URL",
      text(d, "agent_url", { type: "url", placeholder: "https://agent.example.com" }),
      "The card only finds the endpoint; it is not validated.",
    ),
    field("Headers (first identity)", area(d, "headers", "Authorization: Bearer {{secrets.AGENT_TOKEN}}")),
    field(
      "Second identity's headers",
      area(d, "second_identity", "Authorization: Bearer {{secrets.OTHER_TOKEN}}"),
      "Needed by the cross-context pack.",
    ),
    field(
      "Canaries",
      area(d, "canaries", "One per line, e.g. a string from your system prompt"),
      "Redacted from every report.",
    ),
    field(
      "Peer agent URL",
      text(d, "peer_url", { type: "url", placeholder: "https://partner-agent.example.com" }),
      "Optional: its reply is forwarded to the target with an instruction planted in it (peer-artifact).",
    ),
    field(
      "Attempts per attack",
      text(d, "attempts", { type: "number", min: "1", max: "100", placeholder: "3" }),
    ),
    packBoxes(d),
  ];
}

/** The review step: the test JSON as the REST API takes it; "Create & run" stores it and opens its run. */
function reviewStep(
  definition: Record<string, unknown>,
  error: HTMLElement,
  back: () => void,
  fail: (err: unknown) => void,
): Node[] {
  const create = async () => {
    const test = await api<StoredTest>("POST", "/api/tests", definition);
    const run = await api<RunSummary>("POST", `/api/tests/${test.id}/runs`);
    go(`/runs/${run.id}`);
  };
  return [
    h("h3", {}, "Review"),
    h("p", {}, "This is the test JSON; the REST API takes exactly the same (POST /api/tests)."),
    h("pre", { class: "code" }, JSON.stringify(definition, null, 2)),
    error,
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", class: "secondary", onclick: back }, "Back"),
      h(
        "button",
        { type: "button", class: "primary", onclick: () => void create().catch(fail) },
        "Create & run",
      ),
    ),
  ];
}

/** "Add test → Red team": configure, review the JSON the REST API takes, create and run. */
export function redteamWizard(moduleId: string, cancel: () => void, box: HTMLElement): void {
  const d: RedteamDraft = {
    name: "",
    agent_url: "",
    headers: "",
    second_identity: "",
    canaries: "",
    peer_url: "",
    attempts: "",
    packs: [...redteamPacks],
  };
  const error = h("p", { class: "error-text", hidden: true });
  const fail = (err: unknown) => {
    const e = err as ApiError;
    error.textContent = e.field ? `${e.message} (field: ${e.field})` : e.message;
    error.hidden = false;
  };
  const configure = () =>
    mount(
      box,
      h("h3", {}, "Red team: configure"),
      redteamFields(d),
      error,
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", class: "secondary", onclick: cancel }, "Cancel"),
        h("button", { type: "button", class: "primary", onclick: review }, "Continue"),
      ),
    );
  const review = () => {
    error.hidden = true;
    try {
      mount(box, reviewStep(redteamDefinition(d, moduleId), error, configure, fail));
    } catch (err) {
      fail(err);
    }
  };
  configure();
}

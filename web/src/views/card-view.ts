import { h } from "../dom.js";
import { signatureLine } from "../../../src/view/card-signature.js";
import type { CardIssue, CardSection, RunResult } from "../../../src/model/result.js";

function issues(title: string, list: readonly CardIssue[], cls: string): HTMLElement {
  return h(
    "section",
    { class: `issues ${cls}` },
    h("h3", {}, `${title} (${list.length})`),
    list.length === 0
      ? h("p", { class: "muted" }, "None.")
      : h(
          "ul",
          {},
          list.map((i) =>
            h("li", { class: cls }, h("code", { class: "path" }, i.path), " ", h("span", {}, i.message)),
          ),
        ),
  );
}

function facts(rows: [string, string | null | undefined][]): HTMLElement {
  return h(
    "dl",
    { class: "facts" },
    rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v ?? "—")]),
  );
}

/** The signatures' status, where the run checked them (the card command does). */
function signatureFact(card: CardSection): [string, string][] {
  if (!card.signatures) return [];
  const { label, text } = signatureLine(card.signatures);
  return [["Signatures", `${label}: ${text}`]];
}

function tried(card: CardSection): HTMLElement {
  return h(
    "table",
    { class: "tried" },
    h("thead", {}, h("tr", {}, h("th", {}, "URL tried"), h("th", {}, "Outcome"), h("th", {}, "ms"))),
    h(
      "tbody",
      {},
      card.tried.map((t) =>
        h("tr", {}, h("td", {}, h("code", {}, t.url)), h("td", {}, t.outcome), h("td", {}, String(t.ms))),
      ),
    ),
  );
}

function skills(card: CardSection): HTMLElement {
  if (card.skills.length === 0) return h("p", { class: "muted" }, "The card lists no skills.");
  return h(
    "ul",
    { class: "skills" },
    card.skills.map((s) =>
      h(
        "li",
        {},
        h("strong", {}, s.name),
        " ",
        h("code", {}, s.id),
        h("p", {}, s.description),
        s.tags.length
          ? h(
              "p",
              { class: "tags" },
              s.tags.map((t) => h("span", { class: "tag" }, t)),
            )
          : null,
        s.examples.length
          ? h(
              "ul",
              { class: "examples" },
              s.examples.map((e) => h("li", {}, h("q", {}, e))),
            )
          : null,
      ),
    ),
  );
}

/** The Agent card tab (docs/test-files.md, "Read the result"): where found, endpoint, identity, issues, skills. */
export function cardView(result: RunResult): HTMLElement {
  const card = result.card;
  if (!card) return h("p", { class: "muted" }, result.reason ?? "No card was fetched in this run.");
  const endpoint = result.endpoint;
  return h(
    "div",
    { class: "card-view" },
    facts([
      ["Found at", card.found_at ?? "not found"],
      ["Endpoint", endpoint ? `${endpoint.url} (${endpoint.transport})` : null],
      [
        "Endpoint chosen",
        endpoint
          ? endpoint.reason + (endpoint.rewritten_from ? `; rewritten from ${endpoint.rewritten_from}` : "")
          : null,
      ],
      ["Name", card.name],
      ["Version", card.version],
      ["Protocol version", card.protocol_version],
      ["Transport", card.transport],
      ["Description", card.description],
      ...signatureFact(card),
    ]),
    endpoint?.refused ? h("p", { class: "error-text" }, `Endpoint refused: ${endpoint.refused}`) : null,
    h("h3", {}, "Locations tried"),
    tried(card),
    issues("Errors", card.errors, "card-error"),
    issues("Suggestions", card.warnings, "card-warning"),
    h("h3", {}, `Skills (${card.skills.length})`),
    skills(card),
  );
}

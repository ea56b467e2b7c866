import type { AttackReport, RedteamSection, RedteamTurn } from "../../../src/model/redteam.js";
import { overRefusalText, redteamHeaders } from "../../../src/view/redteam-view.js";
import { owaspTitles } from "../../../src/model/redteam.js";

import { badge, h } from "../dom.js";

const pct = (x: number) => `${Math.round(x * 100)} %`;

function packTable(section: RedteamSection): HTMLElement {
  const head = redteamHeaders;
  return h(
    "table",
    { class: "redteam-packs" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        head.map((c) => h("th", {}, c)),
      ),
    ),
    h(
      "tbody",
      {},
      section.packs.map((p) =>
        h(
          "tr",
          { "data-pack": p.pack },
          h("td", {}, p.pack),
          h("td", {}, p.skipped ? "skipped" : String(p.attempts)),
          h("td", {}, p.skipped ? "" : String(p.successes)),
          h(
            "td",
            {},
            p.skipped ? p.skipped : `${pct(p.rate)} (${pct(p.wilson_95[0])}–${pct(p.wilson_95[1])})`,
          ),
          h("td", {}, p.skipped || !p.undecided ? "" : String(p.undecided)),
          h("td", {}, overRefusalText(p)),
          h("td", {}, p.owasp.map((id) => `${id} ${owaspTitles[id] ?? ""}`).join(", ")),
        ),
      ),
    ),
  );
}

function turn(t: RedteamTurn): HTMLElement {
  const side = t.role === "user" ? "user" : "agent";
  return h(
    "li",
    { class: `bubble ${side}` },
    h(
      "small",
      { class: "muted" },
      `${t.identity} · ${t.role}${t.method ? ` ${t.method}` : ""}${t.ms !== undefined ? ` · ${t.ms} ms` : ""} `,
    ),
    t.task_state ? badge(t.task_state) : null,
    h("p", {}, t.text || "(no text)"),
    t.extras?.length ? h("p", { class: "muted" }, t.extras.join(" · ")) : null,
    t.error ? h("p", { class: "error-text" }, t.error) : null,
  );
}

function attackDetails(attack: AttackReport): HTMLElement {
  const worst = attack.records[0];
  const flagged = attack.successes > 0 || attack.refusals > 0;
  const status = attack.skipped
    ? "skip"
    : flagged
      ? "fail"
      : attack.errors === attack.attempts
        ? "error"
        : "pass";
  return h(
    "details",
    { class: `attack attack-${status}`, "data-attack": attack.id, open: flagged },
    h(
      "summary",
      {},
      badge(status),
      " ",
      h("code", {}, attack.id),
      ` ${attack.severity} · ${attack.owasp} · ${attack.successes || attack.refusals}/${attack.attempts}`,
    ),
    h("p", {}, attack.title),
    h("p", { class: "muted" }, `Judged by: ${attack.judged_by}`),
    attack.skipped ? h("p", { class: "muted" }, `Skipped: ${attack.skipped}`) : null,
    worst ? h("p", {}, `${worst.outcome} (${worst.decided_by}): ${worst.evidence}`) : null,
    worst ? h("ol", { class: "chat-log" }, worst.transcript.map(turn)) : null,
  );
}

/** The run view's "Red team" tab: per-pack rates with intervals, every attack with its worst transcript. */
export function redteamView(section: RedteamSection | undefined): HTMLElement {
  if (!section) return h("p", { class: "muted" }, "No red-team attacks in this run.");
  const attacks = [...section.attacks].sort(
    (a, b) => Number(b.successes + b.refusals > 0) - Number(a.successes + a.refusals > 0),
  );
  return h(
    "div",
    { class: "redteam" },
    h(
      "p",
      { class: "muted" },
      `${section.attempts_per_attack} attempt(s) per attack · identities: ${section.identities.join(", ")}`,
    ),
    packTable(section),
    h("h3", {}, "Attacks"),
    attacks.map(attackDetails),
  );
}

// The interop lab: starts agents built with public A2A frameworks (each serving A2A with its
// own server code, each on a scripted local model), runs `plainwright conform --json` on each,
// and compares the failures with the deviations written down from the spec in expected/.
//
// Then it plays every deviation of src/mutation through a proxy in front of each agent (the
// mutation matrix): the check that owns a deviation must fail with it and pass without it.
//
// Usage: node lab/run.mjs [--no-mutations] [agent ...]   (from the repository root, after `npm run build`)
// Writes lab/RESULTS.md and lab/results/<agent>.json; exits 1 when a check missed a genuine
// deviation or a mutation, or raised a false alarm, 2 when an agent could not be started or tested.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AGENTS } from "./agents/index.mjs";
import {
  CLI,
  LAB,
  ROOT,
  conform,
  ensureLabDependencies,
  freePort,
  startAgent,
  stopAgent,
} from "./harness.mjs";
import { catalogue } from "../dist/checks/index.js";
import { startModelServer } from "./model-server.mjs";
import { MUTATION_IDS, generationsOf, mutationMatrix, transparencyDiff } from "./mutations.mjs";
import { VARIATION_IDS, variationCells } from "./variations.mjs";

const FAILED_STATUSES = new Set(["fail", "error"]);
/**
 * A finding that judged the agent against its check: failed, or errored. "Not run" (the agent had stopped
 * answering, the run was stopped) is no verdict on the check, found or false.
 */
const FAILED = {
  has: (status, message = "") => FAILED_STATUSES.has(status) && !message.startsWith("not run:"),
};

/** Checks split off another (their declared `splitOf`, one or more): the level differs by binding or generation, or a part is judged later. */
const SPLIT_OF = new Map(catalogue.filter((c) => c.splitOf).map((c) => [c.id, [c.splitOf].flat()]));

/**
 * A check and its `-0x` twin are one requirement, split by generation because the spec's level differs
 * (e.g. lifecycle.cancel-unknown-task, MUST in 0.3 and 1.0, and lifecycle.cancel-unknown-task-0x, SHOULD in 0.1 and 0.2);
 * so are a check and one that declares itself split off it (`splitOf`).
 */
const families = (id) => {
  const wholes = SPLIT_OF.get(id);
  return wholes ? wholes.flatMap(families) : [id.replace(/-0x$/, "")];
};
/** The family of a check a key names: a whole check, or the first whole of a split one. */
const family = (id) => families(id)[0];

/**
 * Compares one run with its expectation. A check counts as failed when any of its findings
 * (one per binding) failed; expectations are keyed by check id (a check and its -0x twin as one).
 */
export function compare(expected, findings) {
  const byCheck = new Map();
  // A check split off two (the 0.1 half of both) counts in each family.
  for (const f of findings)
    for (const id of families(f.id)) {
      const list = byCheck.get(id) ?? [];
      list.push(f);
      byCheck.set(id, list);
    }
  const expectedIds = new Set(expected.deviations.map((d) => d.check && family(d.check)));
  // A failure that counts in a family the key names is that family's, never a false alarm of its other one.
  const keyedElsewhere = (id, fs) =>
    fs.every((f) => families(f.id).some((other) => other !== id && expectedIds.has(other)));
  const failedIds = [...byCheck]
    .map(([id, fs]) => [id, fs.filter((f) => FAILED.has(f.status, f.message))])
    .filter(([id, fs]) => fs.length > 0 && (expectedIds.has(id) || !keyedElsewhere(id, fs)))
    .map(([id]) => id);
  const found = [];
  const missed = [];
  for (const d of expected.deviations) {
    // A deviation no check judges yet (check: null) is missed until one does.
    const fs = d.check ? (byCheck.get(family(d.check)) ?? []) : [];
    if (fs.some((f) => FAILED.has(f.status, f.message))) found.push(d);
    else
      missed.push({
        ...d,
        got: fs.length
          ? fs
              .map((f) => `${f.status}${f.transport ? ` (${f.transport})` : ""}: ${f.message ?? ""}`)
              .join(" | ")
          : "no such check ran",
      });
  }
  // A MAY check describes behaviour the spec leaves open: its failure is an interop note, never a deviation.
  const isNote = (id) =>
    byCheck
      .get(id)
      .filter((f) => FAILED.has(f.status, f.message))
      .every((f) => f.level === "MAY");
  const notes = failedIds.filter((id) => !expectedIds.has(id) && isNote(id));
  // A failure the key did not list, reviewed after the run against the spec's text and found genuine: shown
  // apart, never counted as found (the key came first) nor as a false alarm (the spec's clause says so).
  // A reviewed entry that names a generation covers only that generation's failures (an agent serving two).
  const reviewedIds = new Map(
    (expected.reviewed ?? []).filter((d) => d.check).map((d) => [family(d.check), d]),
  );
  const isReviewed = (id) => {
    const entry = reviewedIds.get(id);
    if (!entry) return false;
    const failing = byCheck.get(id).filter((f) => FAILED.has(f.status, f.message));
    return !entry.generation || failing.every((f) => f.generation === entry.generation);
  };
  const beyondKey = failedIds
    .filter((id) => !expectedIds.has(id) && !isNote(id) && isReviewed(id))
    .map((id) => reviewedIds.get(id));
  const falseAlarms = failedIds
    .filter((id) => !expectedIds.has(id) && !isNote(id) && !isReviewed(id))
    .map((id) => {
      const f = byCheck.get(id).find((x) => FAILED.has(x.status, x.message));
      // An allowed entry may name no check (behaviour the key allows that no check judges): it matches none.
      const allowed = (expected.allowed ?? []).find((a) => a.check && family(a.check) === id);
      return { check: id, level: f.level, message: f.message ?? "", allowedBecause: allowed?.why };
    });
  return { found, missed, beyondKey, falseAlarms, notes };
}

function cell(text) {
  return String(text).replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
}

function markdown(rows, startedAt) {
  const lines = [
    "# Interop lab results",
    "",
    `Run ${startedAt} with \`npm run lab\`. Each agent is served by its framework's own A2A code on a scripted local model;`,
    "expected deviations are written down from the spec in `lab/expected/<agent>.json`.",
    "",
    "| agent | protocol seen | genuine deviations found / expected | missed | found beyond the key (reviewed) | false alarms | level |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    if (r.error) {
      lines.push(`| ${r.agent.label} | — | — | — | — | — | not run: ${cell(r.error.split("\n")[0])} |`);
      continue;
    }
    const p = r.result.protocol ?? {};
    lines.push(
      `| ${r.agent.label} | card ${p.card ?? "?"}, wire ${p.negotiated ?? "?"} | ${r.cmp.found.length} / ${r.expected.deviations.length} | ${r.cmp.missed.length} | ${r.cmp.beyondKey.length} | ${r.cmp.falseAlarms.length} | ${r.result.conformance_level ?? "?"} |`,
    );
  }
  for (const r of rows) {
    lines.push("", `## ${r.agent.label}`, "");
    if (r.error) {
      lines.push("```", r.error.slice(0, 2000), "```");
      continue;
    }
    lines.push("| check | expected | found | note |", "|---|---|---|---|");
    for (const d of r.cmp.found) lines.push(`| ${d.check} | ${d.level} deviation | fail | ${cell(d.what)} |`);
    for (const d of r.cmp.missed)
      lines.push(
        `| ${d.check ?? "(no check yet)"} | ${d.level} deviation | **missed** | ${cell(d.what)} — suite said: ${cell(d.got).slice(0, 300)} |`,
      );
    for (const d of r.cmp.beyondKey)
      lines.push(
        `| ${d.check} | not in the key | fail, **reviewed** (${d.level}) | ${cell(d.what)} — ${cell(d.clause)} |`,
      );
    for (const a of r.cmp.falseAlarms)
      lines.push(
        `| ${a.check} | no deviation | **false alarm** (${a.level}) | ${cell(a.message).slice(0, 300)}${a.allowedBecause ? ` — allowed: ${cell(a.allowedBecause)}` : ""} |`,
      );
    if (!r.cmp.found.length && !r.cmp.missed.length && !r.cmp.beyondKey.length && !r.cmp.falseAlarms.length)
      lines.push("| — | none | none | clean |");
  }
  lines.push(...matrixLines(rows), ...variationLines(rows));
  return `${lines.join("\n")}\n`;
}

const SHORT = {
  proven: "✓",
  "found by its owner": "✓ owner",
  MISSED: "MISSED",
  "not exercised": "·",
  "not judged": "skip",
  "already fails": "own",
  "n/a": "–",
  error: "ERROR",
};

/** The mutation matrix: one row per mutation, one column per agent. */
function matrixLines(rows) {
  const withMatrix = rows.filter((r) => r.matrix);
  if (!withMatrix.length) return [];
  const lines = [
    "",
    "## Mutation matrix",
    "",
    "Each deviation played through the proxy in front of each agent: ✓ its check failed with it and passed without it;",
    "✓ owner its check stepped aside, naming the check that owns what the deviation became on this agent, and that",
    "check failed with it and passed without it (listed below);",
    "MISSED the deviation reached the suite and its check did not fail; · the agent never sent what the mutation changes;",
    "skip the check has nothing to judge on this agent either way; own the agent already deviates there (its key",
    "says so or should); – another generation.",
    "",
    `| mutation | check | ${withMatrix.map((r) => r.agent.id).join(" | ")} |`,
    `|---|---|${withMatrix.map(() => "---").join("|")}|`,
  ];
  for (const id of MUTATION_IDS) {
    const cells = withMatrix.map((r) => r.matrix.cells.get(id));
    const check = [...new Set(cells.map((c) => c?.check).filter(Boolean))].join(", ");
    lines.push(`| ${id} | ${check} | ${cells.map((c) => SHORT[c?.verdict] ?? "?").join(" | ")} |`);
  }
  const missed = withMatrix.flatMap((r) =>
    [...r.matrix.cells]
      .filter(([, c]) => c.verdict === "MISSED" || c.verdict === "error")
      .map(([id, c]) => `- ${r.agent.id} · ${id} (${c.check}): ${cell(c.message ?? "")}`),
  );
  if (missed.length) lines.push("", "Missed or errored:", "", ...missed);
  const owned = withMatrix.flatMap((r) =>
    [...r.matrix.cells]
      .filter(([, c]) => c.verdict === "found by its owner")
      .map(
        ([id, c]) => `- ${r.agent.id} · ${id} (${c.check}): found by ${c.owner}; ${cell(c.message ?? "")}`,
      ),
  );
  if (owned.length) lines.push("", "Found by the check that owns them:", "", ...owned);
  const opaque = withMatrix.filter((r) => r.transparency.length);
  for (const r of opaque)
    lines.push(
      "",
      `Through the proxy without a mutation, ${r.agent.id} gave other verdicts than directly (timing-dependent checks):`,
      "",
      ...r.transparency.map((t) => `- ${t}`),
    );
  return lines;
}

const VARIATION_SHORT = {
  held: "✓",
  "FALSE ALARM": "FALSE ALARM",
  "not exercised": "·",
  "n/a": "–",
  error: "ERROR",
};

/** The allowed variations: one row per variation, one column per agent. */
function variationLines(rows) {
  const withCells = rows.filter((r) => r.variations);
  if (!withCells.length) return [];
  const lines = [
    "",
    "## Allowed variations",
    "",
    "What the spec allows, played through the proxy in front of each agent: ✓ no check failed that passed without it;",
    "FALSE ALARM a check failed (twice) on allowed behaviour; · the agent never sent what it changes; – another generation.",
    "",
    `| variation | ${withCells.map((r) => r.agent.id).join(" | ")} |`,
    `|---|${withCells.map(() => "---").join("|")}|`,
    ...VARIATION_IDS.map(
      (id) =>
        `| ${id} | ${withCells.map((r) => VARIATION_SHORT[r.variations.get(id)?.verdict] ?? "?").join(" | ")} |`,
    ),
  ];
  const alarms = withCells.flatMap((r) =>
    [...r.variations]
      .filter(([, c]) => c.verdict === "FALSE ALARM" || c.verdict === "error")
      .map(([id, c]) => `- ${r.agent.id} · ${id}: ${cell((c.failed ?? [c.message]).join("; "))}`),
  );
  if (alarms.length) lines.push("", "False alarms and errors:", "", ...alarms);
  return lines;
}

function matrixSummary(r) {
  const counts = {};
  for (const c of r.matrix.cells.values()) counts[c.verdict] = (counts[c.verdict] ?? 0) + 1;
  return Object.entries(counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ");
}

function printTable(r) {
  if (r.error) {
    console.log(`\n${r.agent.label}: NOT RUN\n  ${r.error.split("\n").join("\n  ")}`);
    return;
  }
  const p = r.result.protocol ?? {};
  console.log(
    `\n${r.agent.label}  (card ${p.card ?? "?"}, wire ${p.negotiated ?? "?"}, level ${r.result.conformance_level}, ${r.seconds} s)`,
  );
  console.log(`  genuine deviations found: ${r.cmp.found.length} / ${r.expected.deviations.length}`);
  for (const d of r.cmp.found)
    console.log(`    found      ${(d.check ?? "(no check yet)").padEnd(40)} ${d.what}`);
  for (const d of r.cmp.missed)
    console.log(
      `    MISSED     ${(d.check ?? "(no check yet)").padEnd(40)} ${d.what}\n               suite said: ${d.got.slice(0, 240)}`,
    );
  for (const d of r.cmp.beyondKey)
    console.log(`    reviewed   ${d.check.padEnd(40)} ${d.level}, not in the key: ${d.what}`);
  for (const a of r.cmp.falseAlarms)
    console.log(
      `    FALSE ALARM ${a.check.padEnd(39)} ${a.level}: ${a.message.slice(0, 200)}${a.allowedBecause ? `\n               allowed: ${a.allowedBecause}` : ""}`,
    );
  for (const id of r.cmp.notes) console.log(`    note (MAY) ${id}: interop note, not a deviation`);
  if (!r.matrix) return;
  console.log(`  mutations: ${matrixSummary(r)}`);
  for (const [id, c] of r.matrix.cells)
    if (c.verdict === "MISSED" || c.verdict === "error")
      console.log(
        `    ${c.verdict.padEnd(10)} ${id.padEnd(36)} ${c.check}: ${(c.message ?? "").slice(0, 200)}`,
      );
  for (const t of r.transparency) console.log(`    proxy changed a verdict: ${t}`);
  if (!r.variations) return;
  const held = [...r.variations.values()].filter((c) => c.verdict === "held").length;
  console.log(`  allowed variations: ${held} held`);
  for (const [id, c] of r.variations)
    if (c.verdict === "FALSE ALARM" || c.verdict === "error")
      console.log(
        `    ${c.verdict.padEnd(11)} ${id.padEnd(30)} ${(c.failed ?? [c.message]).join("; ").slice(0, 200)}`,
      );
}

async function main() {
  ensureLabDependencies();
  if (!existsSync(CLI)) {
    console.error(`${CLI} is missing: run npm run build first`);
    process.exit(2);
  }
  const args = process.argv.slice(2);
  const withMutations = !args.includes("--no-mutations");
  // --mutations=a,b plays only those mutations (a later run of new ones; the matrix shows the rest as "?").
  const onlyArg = args.find((a) => a.startsWith("--mutations="));
  const only = onlyArg ? new Set(onlyArg.slice("--mutations=".length).split(",")) : undefined;
  const wanted = args.filter((a) => !a.startsWith("--"));
  const agents = wanted.length ? AGENTS.filter((a) => wanted.includes(a.id)) : AGENTS;
  const startedAt = new Date().toISOString();
  const model = await startModelServer();
  const rows = [];
  mkdirSync(path.join(LAB, "results"), { recursive: true });
  try {
    for (const agent of agents) {
      const expected = JSON.parse(readFileSync(path.join(LAB, "expected", `${agent.id}.json`), "utf8"));
      let started;
      const t0 = Date.now();
      try {
        started = await startAgent(agent, await freePort(), model.url);
        const result = await conform(started.url, expected.conformArgs ?? []);
        writeFileSync(path.join(LAB, "results", `${agent.id}.json`), `${JSON.stringify(result, null, 2)}\n`);
        const row = {
          agent,
          expected,
          result,
          cmp: compare(expected, result.findings ?? []),
          seconds: ((Date.now() - t0) / 1000).toFixed(1),
        };
        if (withMutations) {
          row.matrix = await mutationMatrix(started.url, result, expected.conformArgs ?? [], only);
          row.transparency = transparencyDiff(result, row.matrix.baseline);
          if (!only)
            row.variations = await variationCells(
              started.url,
              generationsOf(result),
              expected.conformArgs ?? [],
              row.matrix.baseline,
            );
          writeFileSync(
            path.join(LAB, "results", `${agent.id}.mutations.json`),
            `${JSON.stringify(Object.fromEntries(row.matrix.cells), null, 2)}\n`,
          );
        }
        rows.push(row);
        printTable(row);
      } catch (err) {
        const row = { agent, expected, error: String(err?.message ?? err) };
        rows.push(row);
        printTable(row);
      } finally {
        if (started) await stopAgent(started.child);
      }
    }
  } finally {
    await model.close();
  }
  writeFileSync(path.join(LAB, "RESULTS.md"), markdown(rows, startedAt));
  console.log(`\nwrote ${path.relative(ROOT, path.join(LAB, "RESULTS.md"))}`);
  if (rows.some((r) => r.error)) process.exit(2);
  const matrixMissed = (r) =>
    r.matrix && [...r.matrix.cells.values()].some((c) => c.verdict === "MISSED" || c.verdict === "error");
  const variationAlarm = (r) =>
    r.variations &&
    [...r.variations.values()].some((c) => c.verdict === "FALSE ALARM" || c.verdict === "error");
  if (
    rows.some((r) => r.cmp.missed.length || r.cmp.falseAlarms.length || matrixMissed(r) || variationAlarm(r))
  )
    process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MUTATIONS } from "../mutation/index.js";
import { bindingMutations } from "../mutation/mutations/bindings.js";
import { describe, expect, it } from "vitest";
import {
  coverageCounts,
  coverageRows,
  readmeCoverageLine,
  renderCoverageMarkdown,
  renderCoverageText,
} from "./coverage.js";
import { catalogue } from "./index.js";
import { tckRequirements } from "./tck-coverage.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const docPath = join(repo, "docs", "coverage.md");
const readmePath = join(repo, "README.md");
// The README's coverage line starts with these words; the rest is generated.
const readmeStart = "Of the ";
const write = process.env.PLAINWRIGHT_WRITE_COVERAGE === "1";

const checksOf = (m: (typeof MUTATIONS)[number]): string[] =>
  typeof m.check === "string" ? [m.check] : Object.values(m.check);

describe("the TCK coverage table", () => {
  it("lists each TCK requirement once", () => {
    const ids = tckRequirements.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("names only TCK ids the table knows in the checks' tck fields", () => {
    const known = new Set(tckRequirements.map((r) => r.id));
    const unknown = catalogue.flatMap((c) =>
      (c.tck ?? []).filter((id) => !known.has(id)).map((id) => `${c.id}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it("has a check for every requirement it calls covered or partial, and none for the others", () => {
    const wrong = coverageRows(catalogue)
      .filter((r) => (r.status === "covered" || r.status === "partial") !== r.checks.length > 0)
      .map((r) => `${r.id} ${r.status}: ${r.checks.join(", ") || "no check"}`);
    expect(wrong).toEqual([]);
  });

  it("gives the reason of every partial, not applicable or not covered requirement", () => {
    const silent = tckRequirements.filter((r) => r.status !== "covered" && !(r.note && r.note.length > 10));
    expect(silent.map((r) => r.id)).toEqual([]);
  });

  it("counts the 104 requirement ids the TCK tests, 93 of them MUST", () => {
    const counts = coverageCounts(coverageRows(catalogue));
    expect(counts.total).toBe(104);
    expect(counts.must).toBe(93);
  });

  it("is current in docs/coverage.md and in the README (PLAINWRIGHT_WRITE_COVERAGE=1 regenerates)", () => {
    const doc = renderCoverageMarkdown(catalogue);
    const line = readmeCoverageLine(catalogue);
    const readme = readFileSync(readmePath, "utf8");
    const lines = readme.split("\n");
    const at = lines.findIndex((l) => l.startsWith(readmeStart) && l.includes("official TCK"));
    if (write) {
      writeFileSync(docPath, doc);
      if (at >= 0) lines[at] = line;
      writeFileSync(readmePath, lines.join("\n"));
      return;
    }
    expect(readFileSync(docPath, "utf8")).toBe(doc);
    expect(lines[at]).toBe(line);
  });

  it("calls a requirement covered only where a flaw or a mutation was shown failing its check over each binding", () => {
    const rows = coverageRows(catalogue);
    const byId = (id: string) => rows.find((r) => r.id === id);
    // The flaw of empty-version-is-0-3 bends the JSON-RPC front only; a mutation shows HTTP+JSON and gRPC.
    expect(byId("VER-SERVER-003")).toMatchObject({ status: "covered" });
    // A mutation shows DM-SERIAL-005 over gRPC (a request with a field number its proto lacks, refused).
    expect(byId("DM-SERIAL-005")).toMatchObject({ status: "covered" });
    // Mutations alone carry execution-mode over HTTP+JSON and gRPC (src/mutation/mutations.test.ts proves them).
    expect(byId("CORE-EXECUTION-MODE-001")).toMatchObject({ status: "covered" });
    // A check's other ids get no credit from a violation of one: send-returns-task also names the
    // bindings' URL and service ids, credited only by the mutations that break them (src/mutation/mutations/bindings.ts).
    expect(byId("HTTP_JSON-URL-001")).toMatchObject({ status: "covered" });
    expect(byId("GRPC-SVC-001")).toMatchObject({ status: "covered" });
    const sendReturnsTask = catalogue.find((c) => c.id === "lifecycle.send-returns-task");
    const withoutBindingMutations = coverageRows(
      catalogue,
      MUTATIONS.filter((m) => !bindingMutations.includes(m)),
    );
    expect(sendReturnsTask?.tck).toContain("GRPC-SVC-001");
    expect(withoutBindingMutations.find((r) => r.id === "GRPC-SVC-001")).toMatchObject({ status: "partial" });
    for (const r of rows.filter((row) => row.status === "covered")) {
      const checks = catalogue.filter((c) => r.checks.includes(c.id));
      const named = checks.some(
        (c) =>
          (c.selfTest ?? []).some((s) => s.violates?.includes(r.id)) ||
          MUTATIONS.some((m) => checksOf(m).includes(c.id) && m.violates?.includes(r.id)),
      );
      expect(named, r.id).toBe(true);
    }
  });

  it("lets a flaw or a mutation claim only ids its check covers", () => {
    const tckOf = (id: string) => catalogue.find((c) => c.id === id)?.tck ?? [];
    const stray = [
      ...catalogue.flatMap((c) =>
        (c.selfTest ?? []).flatMap((s) =>
          (s.violates ?? [])
            .filter((id) => !tckOf(c.id).includes(id))
            .map((id) => `${c.id} ${s.flaw}: ${id}`),
        ),
      ),
      ...MUTATIONS.flatMap((m) =>
        (m.violates ?? [])
          .filter((id) => !checksOf(m).some((c) => tckOf(c).includes(id)))
          .map((id) => `${m.id}: ${id}`),
      ),
    ];
    expect(stray).toEqual([]);
  });

  it("prints, for conform --coverage, every TCK id with its status and the checks that cover it", () => {
    const text = renderCoverageText(catalogue);
    for (const r of coverageRows(catalogue))
      expect(text).toMatch(new RegExp(`^${r.id} +${r.level} +${r.status}`, "m"));
    expect(text).toMatch(/^CARD-STRUCT-001 +MUST +covered +card\./m);
    expect(text.split("\n")[0]).toMatch(/^Of the 104 requirement ids/);
  });
});

import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileReporters } from "../report/index.js";
import { smokeRun } from "../report/testing/fixtures.js";
import { emitResults, outputSettings } from "./output.js";

describe("emitResults", () => {
  let dir = "";
  afterEach(async () => {
    delete fileReporters.broken;
    vi.restoreAllMocks();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("reports a failing reporter on stderr and still writes stdout and the other reports (docs/conformance.md)", async () => {
    dir = await mkdtemp(join(tmpdir(), "plainwright-out-"));
    fileReporters.broken = {
      fileName: "broken.txt",
      render: () => {
        throw new Error("renderer exploded");
      },
    };
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await emitResults([smokeRun], {
      json: true,
      formats: ["broken", "junit", "markdown"],
      outDir: dir,
      keepReports: 20,
      color: false,
      progress: "none",
      failOn: "any",
    });
    expect(JSON.parse(String(stdout.mock.calls[0]?.[0]))).toMatchObject({ status: "passed" });
    expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toMatch(
      /the broken report failed .*renderer exploded/,
    );
    // The run's own folder holds the reports that rendered, and the results JSON every run folder keeps.
    expect((await readdir(join(dir, "last"))).sort()).toEqual([
      "plainwright-junit.xml",
      "plainwright-report.md",
      "plainwright-results.json",
    ]);
  });

  it("keeps the newest --keep-reports run folders of --out-dir", async () => {
    dir = await mkdtemp(join(tmpdir(), "pw-keep-"));
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const settings = outputSettings({ json: true, report: "json", outDir: dir, keepReports: "2" });
    for (let run = 0; run < 4; run++) await emitResults([smokeRun], settings);
    const entries = await readdir(dir);
    expect(entries.filter((e) => /^\d{4}-/.test(e))).toHaveLength(2);
    expect(entries).toContain("last");
  });
});

describe("--keep-reports", () => {
  it.each(["-1", "two", "1.5", ""])("refuses %j with the rule", (raw) => {
    expect(() => outputSettings({ report: "json", keepReports: raw })).toThrow(
      /--keep-reports .*: must be a whole number of run folders to keep \(0 keeps every one\)/,
    );
  });

  it("defaults to 20", () => {
    expect(outputSettings({}).keepReports).toBe(20);
  });
});

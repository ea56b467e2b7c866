import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileReporters } from "../report/index.js";
import { smokeRun } from "../report/testing/fixtures.js";
import { emitResults } from "./output.js";

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
});

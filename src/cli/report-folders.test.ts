import { mkdtempSync, mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pruneRunFolders } from "./report-folders.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** An output folder holding these run folders (timestamp names, oldest first) and the user's own folder. */
function outDir(runs: number): { dir: string; names: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "pw-runs-"));
  dirs.push(dir);
  const names = Array.from(
    { length: runs },
    (_, i) => `2026-12-0${1 + Math.floor(i / 10)}T10-00-0${i % 10}-000Z`,
  );
  for (const name of names) mkdirSync(join(dir, name));
  mkdirSync(join(dir, "my-notes"));
  return { dir, names };
}

describe("run folders beyond the ones kept", () => {
  it("are removed oldest first, and the user's own folders stay", async () => {
    const { dir, names } = outDir(5);
    const removed = await pruneRunFolders(dir, 2, names[4]!);
    expect(removed.sort()).toEqual(names.slice(0, 3));
    expect(readdirSync(dir).sort()).toEqual([...names.slice(3), "my-notes"].sort());
  });

  it("never include the run just written nor the one `last` names", async () => {
    const { dir, names } = outDir(4);
    symlinkSync(names[0]!, join(dir, "last"), "dir");
    await pruneRunFolders(dir, 1, names[1]!);
    expect(readdirSync(dir).sort()).toEqual([names[0], names[1], names[3], "last", "my-notes"].sort());
  });

  it("are all kept with 0", async () => {
    const { dir, names } = outDir(3);
    expect(await pruneRunFolders(dir, 0, names[2]!)).toEqual([]);
    expect(readdirSync(dir)).toHaveLength(4);
  });
});

import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogue } from "./index.js";
import { expectations, notFailableByFlaw } from "./testing/expectations.js";
import type { CheckDefinition } from "./types.js";

const root = dirname(fileURLToPath(import.meta.url));
// Folders under src/checks that hold no checks.
const notCheckFolders = new Set(["support", "testing"]);

function checkFiles(): Array<{ id: string; path: string }> {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !notCheckFolders.has(e.name))
    .flatMap((dir) =>
      readdirSync(join(root, dir.name))
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .map((f) => ({ id: `${dir.name}.${f.replace(/\.ts$/, "")}`, path: join(root, dir.name, f) })),
    );
}

describe("the check catalogue", () => {
  it("has unique ids", () => {
    const ids = catalogue.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("names every check by its file, and registers every check file exactly once", async () => {
    const files = checkFiles();
    for (const file of files) {
      const mod = (await import(pathToFileURL(file.path).href)) as { default?: CheckDefinition };
      expect(mod.default?.id, file.path).toBe(file.id);
      expect(
        catalogue.filter((c) => c === mod.default),
        file.path,
      ).toHaveLength(1);
    }
    expect(catalogue.map((c) => c.id).sort()).toEqual(files.map((f) => f.id).sort());
  });

  it("gives every check a title, requirement, spec reference and recommendation", () => {
    for (const check of catalogue) {
      for (const field of ["title", "requirement", "spec", "recommendation"] as const) {
        expect(check[field].trim().length, `${check.id}.${field}`).toBeGreaterThan(10);
      }
    }
  });

  it("has a reference-agent flaw that fails every check (or a stated reason why none can)", () => {
    const failable = new Set(expectations.flatMap((e) => e.failing));
    const uncovered = catalogue
      .map((c) => c.id)
      .filter((id) => !failable.has(id) && !(id in notFailableByFlaw));
    expect(uncovered).toEqual([]);
  });
});

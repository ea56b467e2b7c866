import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogue } from "./index.js";
import { listFlaws } from "../agent/index.js";
import { categoryAliases, parseCategory, type CheckDefinition } from "./types.js";
import { checkCategories } from "../model/finding.js";

const root = dirname(fileURLToPath(import.meta.url));
// Folders under src/checks that hold no checks.
// support: helpers the checks share; tck: the TCK requirement table the coverage page is made from.
const notCheckFolders = new Set(["support", "tck"]);

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

  it("splits a check only off another check at another level, or judged later in the run (splitOf)", () => {
    const byId = new Map(catalogue.map((c) => [c.id, c]));
    const wrong = catalogue
      .flatMap((c) => [c.splitOf ?? []].flat().map((of) => ({ c, of })))
      .filter(({ c, of }) => {
        const whole = byId.get(of);
        const later = c.phase !== undefined && whole?.phase === undefined;
        return !whole || (whole.level === c.level && !later) || whole.splitOf !== undefined;
      })
      .map(({ c, of }) => `${c.id} splitOf ${of}`);
    expect(wrong).toEqual([]);
  });

  it("gives every check a title, requirement, spec reference and recommendation", () => {
    for (const check of catalogue) {
      for (const field of ["title", "requirement", "spec", "recommendation"] as const) {
        expect(check[field].trim().length, `${check.id}.${field}`).toBeGreaterThan(10);
      }
    }
  });

  it("files every check under the category its id starts with, in category order", () => {
    for (const check of catalogue) expect(check.id.split(".")[0], check.id).toBe(check.category);
    const order = catalogue.map((c) => checkCategories.indexOf(c.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("has a reference-agent flaw that fails every check (or a stated reason why none can)", () => {
    const uncovered = catalogue
      .filter((c) => !c.selfTest?.length && !(c.noSelfTest && c.noSelfTest.trim().length > 10))
      .map((c) => c.id);
    expect(uncovered).toEqual([]);
  });

  it("names, for each allowed alternative, an allowed variant of the reference agent", () => {
    const allowed = new Set(
      listFlaws()
        .filter((f) => f.allowed)
        .map((f) => f.name),
    );
    const wrong = catalogue.flatMap((c) =>
      (c.allowed ?? [])
        .filter((a) => a.variant && !allowed.has(a.variant))
        .map((a) => `${c.id}: ${a.variant}`),
    );
    expect(wrong).toEqual([]);
    expect(catalogue.flatMap((c) => c.allowed ?? []).every((a) => /A2A \d/.test(a.clause))).toBe(true);
  });

  it("names only flaws the reference agent has, on protocols they apply to", () => {
    const flaws = new Map(listFlaws().map((f) => [f.name, f.protocols]));
    for (const check of catalogue) {
      for (const { flaw, protocols } of check.selfTest ?? []) {
        expect(flaws.has(flaw), `${check.id}: unknown flaw ${flaw}`).toBe(true);
        for (const protocol of protocols) expect(flaws.get(flaw), `${check.id}: ${flaw}`).toContain(protocol);
      }
    }
  });
});

describe("levels as the spec words them", () => {
  it("gives every MUST check the spec sentence it tests, saying MUST, MUST NOT or REQUIRED", () => {
    const unquoted = catalogue
      .filter((c) => c.level === "MUST")
      .filter(
        (c) => !c.quote || !/\bA2A|JSON-RPC/.test(c.quote.spec) || !/\b(MUST|REQUIRED)\b/.test(c.quote.text),
      )
      .map((c) => c.id);
    expect(unquoted).toEqual([]);
  });

  it("gives every check below MUST either the spec's SHOULD or MAY it tests or the reason it is not a MUST", () => {
    const unexplained = catalogue
      .filter((c) => c.level !== "MUST")
      .filter(
        (c) => !c.levelReason && !(c.quote && /\b(SHOULD|RECOMMENDED|MAY|OPTIONAL)\b/.test(c.quote.text)),
      )
      .map((c) => c.id);
    expect(unexplained).toEqual([]);
  });
});

describe("category names", () => {
  it("reads the id prefixes, the old long names and, for the command line, a name's start", () => {
    expect(parseCategory("errors")).toBe("errors");
    expect(parseCategory("error-handling")).toBe("errors");
    expect(parseCategory("Multi-Transport")).toBe("transport");
    expect(parseCategory("err")).toBeUndefined();
    expect(parseCategory("err", true)).toBe("errors");
    expect(parseCategory("multi", true)).toBe("transport");
    expect(parseCategory("everything", true)).toBeUndefined();
    expect(Object.values(categoryAliases).every((c) => checkCategories.includes(c))).toBe(true);
  });
});

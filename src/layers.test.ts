import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// DESIGN.md section 7: a folder may import from its own folder and from folders on lower rows only.
const rows: string[][] = [
  ["cli"],
  // The serve command starts the server; the server never reaches back into the CLI.
  ["server", "web"],
  ["report"],
  ["runner"],
  ["checks", "conversation", "redteam"],
  ["card", "client"],
  ["net"],
  ["protocol"],
  // The shared shapes (results, findings, traffic, bindings, events): everyone reads them, they read nothing.
  ["model"],
  ["agent"],
  ["llm"],
];
// The reference agent is the independent yardstick: it imports nothing of the tester's. The model
// imports nothing either, so the web bundle can read it too.
const isolated = new Set(["agent", "llm", "model"]);
const rank = new Map(rows.flatMap((names, i) => names.map((n) => [n, i] as const)));

const srcRoot = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith(".ts") ? [path] : [];
  });
}

function layerOf(file: string): string | undefined {
  const rel = relative(srcRoot, file).split(sep);
  return rel.length > 1 ? rel[0] : undefined;
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = [
    ...text.matchAll(
      /(?:import|export)\s[^"']*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g,
    ),
  ];
  return found.map((m) => resolve(dirname(file), m[1] ?? m[2] ?? ""));
}

/** Every import that breaks the layering, as "from → to" lines. */
function violations(): string[] {
  const bad: string[] = [];
  for (const file of sourceFiles(srcRoot)) {
    const from = layerOf(file);
    if (!from || file.endsWith(".test.ts")) continue;
    for (const target of relativeImports(file)) {
      const to = layerOf(target);
      if (!to || to === from) continue;
      const fromRank = rank.get(from);
      const toRank = rank.get(to);
      const upward = fromRank === undefined || toRank === undefined || toRank <= fromRank;
      if (upward || isolated.has(from)) bad.push(`${relative(srcRoot, file)} → ${relative(srcRoot, target)}`);
    }
  }
  return bad;
}

describe("architecture", () => {
  it("every source folder is a layer of DESIGN.md section 7", () => {
    const folders = readdirSync(srcRoot, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !rank.has(f) && f !== "test-support")).toEqual([]);
  });

  it("imports point down the layers only, and the reference agent imports nothing of the tester's", () => {
    expect(violations()).toEqual([]);
  });
});

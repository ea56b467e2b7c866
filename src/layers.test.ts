import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/architecture.md: a folder may import from its own folder and from folders on lower rows only.
const rows: string[][] = [
  ["cli"],
  // The serve command starts the server; the server never reaches back into the CLI.
  ["server", "web"],
  ["report"],
  ["runner"],
  // The attack packs reuse the conversation machinery: the simulated user's model access, the judge, the Wilson interval.
  ["redteam"],
  // load/ drives a client the runner connected (the one connect path stays in runner/).
  ["checks", "conversation", "load"],
  ["card", "client"],
  ["net"],
  ["protocol"],
  // What a result looks like to a person, free of any DOM: wording, section models, chart geometry. The
  // reporters and the web app both draw from it; it reads only the shared shapes.
  ["view"],
  // The shared shapes (results, findings, traffic, bindings, events): everyone reads them, they read nothing.
  ["model"],
  ["agent", "mutation"],
  ["llm"],
];
// The reference agent is the independent yardstick: it imports nothing of the tester's. The model
// imports nothing either, so the web bundle can read it too.
const isolated = new Set(["agent", "llm", "model", "mutation"]);
// The view reads the shared shapes and nothing else, so the web bundle can import it as it imports the model;
// the reporters draw a finished result, so they read the shapes and the view, never what made the result.
const mayRead = new Map<string, ReadonlySet<string>>([
  ["view", new Set(["model"])],
  ["report", new Set(["model", "view"])],
]);
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

// Only the commands that serve the reference agent may start it; the library entry and every layer of the
// tester reach it through those commands or through tests.
const referenceAgentUsers = new Set(["cli/agent-command.ts", "cli/demo-command.ts"]);

const webRoot = resolve(srcRoot, "..", "web", "src");

/** Imports of the reference agent from anywhere but its own folder and the commands that serve it. */
function referenceAgentImports(): string[] {
  const bad: string[] = [];
  for (const file of sourceFiles(srcRoot)) {
    const rel = relative(srcRoot, file).split(sep).join("/");
    if (file.endsWith(".test.ts") || rel.includes("/testing/") || layerOf(file) === "agent") continue;
    if (referenceAgentUsers.has(rel)) continue;
    for (const target of relativeImports(file))
      if (layerOf(target) === "agent") bad.push(`${rel} → ${relative(srcRoot, target)}`);
  }
  return bad;
}

/** Imports of the web bundle that leave web/src, other than the shared model and view. */
function webImports(): string[] {
  const bad: string[] = [];
  for (const file of sourceFiles(webRoot)) {
    for (const target of relativeImports(file)) {
      if (!relative(webRoot, target).startsWith("..")) continue;
      const layer = relative(srcRoot, target).split(sep)[0];
      if (layer === "model" || layer === "view") continue;
      bad.push(`web/src/${relative(webRoot, file)} → ${relative(resolve(webRoot, "..", ".."), target)}`);
    }
  }
  return bad;
}

/** Every import that breaks the layering, as "from → to" lines. */
function violations(): string[] {
  const bad: string[] = [];
  for (const file of sourceFiles(srcRoot)) {
    // Files at the root of src/ (the library entry) sit above every layer, beside cli/.
    const from = layerOf(file) ?? "cli";
    if (file.endsWith(".test.ts")) continue;
    for (const target of relativeImports(file)) {
      const to = layerOf(target);
      if (!to || to === from) continue;
      const fromRank = rank.get(from);
      const toRank = rank.get(to);
      const upward = fromRank === undefined || toRank === undefined || toRank <= fromRank;
      const outOfView = mayRead.has(from) && !mayRead.get(from)?.has(to);
      if (upward || isolated.has(from) || outOfView)
        bad.push(`${relative(srcRoot, file)} → ${relative(srcRoot, target)}`);
    }
  }
  return bad;
}

/** Every static import of a file, type-only ones too: a cycle of types still ties two files into one. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']/gm)];
  return found.map((m) => resolve(dirname(file), m[1] ?? "").replace(/\.js$/, ".ts"));
}

/** The import cycles among the source files (tests left out), each as its files in a loop. */
function importCycles(): string[][] {
  const files = sourceFiles(srcRoot).filter((f) => !f.endsWith(".test.ts"));
  const graph = new Map(files.map((f) => [f, staticImports(f).filter((t) => t !== f)]));
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "open")
        cycles.push(path.slice(path.indexOf(next)).map((f) => relative(srcRoot, f)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe("architecture", () => {
  it("every source folder is a layer of docs/architecture.md", () => {
    const folders = readdirSync(srcRoot, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !rank.has(f) && f !== "test-support")).toEqual([]);
  });

  it("imports point down the layers only, and the reference agent imports nothing of the tester's", () => {
    expect(violations()).toEqual([]);
  });

  it("no two source files import each other, directly or round a loop, in a folder or across", () => {
    expect(importCycles()).toEqual([]);
  });

  it("only the agent and demo commands (and tests) import the reference agent", () => {
    expect(referenceAgentImports()).toEqual([]);
  });

  it("the web bundle imports nothing of src/ but the shared model", () => {
    expect(webImports()).toEqual([]);
  });
});

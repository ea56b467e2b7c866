import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// docs/architecture.md, "Size": no function over 80 lines. Tests are exempt: a describe block is a table of
// cases, not logic.
const MAX_LINES = 80;

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The name a reader would search for: the function's own, or the variable, property or method holding it. */
function nameOf(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(file);
  return "(anonymous)";
}

/** Every function, method, accessor and arrow with a body, as `path:line name (N lines)`, when longer than the limit. */
function longFunctions(path: string, text = readFileSync(path, "utf8")): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      if (lines > MAX_LINES)
        found.push(`${relative(repoRoot, path)}:${first + 1} ${nameOf(node, file)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("function size", () => {
  it(`finds a function, a method and an arrow longer than ${MAX_LINES} lines, and not one of exactly ${MAX_LINES}`, () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const text = [
      `export function long() {\n${body(MAX_LINES + 1)}\n}`,
      `class Holder {\n  method() {\n${body(MAX_LINES + 1)}\n  }\n}`,
      `const arrow = () => {\n${body(MAX_LINES + 1)}\n};`,
      `function fits() {\n${body(MAX_LINES)}\n}`,
    ].join("\n");
    const found = longFunctions(join(repoRoot, "src", "probe.ts"), text).map((line) =>
      line.replace(/^\S+ /, ""),
    );
    expect(found).toEqual([
      `long (${MAX_LINES + 1} lines)`,
      `method (${MAX_LINES + 1} lines)`,
      `arrow (${MAX_LINES + 1} lines)`,
    ]);
  });

  it(`keeps every function of src/ and web/src/ within ${MAX_LINES} lines`, () => {
    const files = [...sourceFiles(join(repoRoot, "src")), ...sourceFiles(join(repoRoot, "web", "src"))];
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((path) => longFunctions(path))).toEqual([]);
  });
});

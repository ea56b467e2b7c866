// Bundles the compiled CLI (dist/cli/main.js, from tsc) into an entry and a few chunks, written over
// dist/cli/main.js: a command then loads a handful of files instead of ~140 modules, which was most of its
// start-up (docs/architecture.md "Start-up"). Packages stay external: they load from node_modules as before.
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { rolldown } from "rolldown";

const dist = resolve("dist");
const entry = join(dist, "cli/main.js");
const chunks = join(dist, "cli/chunks");

/*
 * The core chunk: what `card` and `smoke` load, found as the static imports reachable from the modules they
 * load on demand. Being closed under static imports, it pulls in nothing else (no gRPC, no schema library,
 * no web server); every other command adds its own chunks to it. A seed missing here costs speed, not
 * correctness: the bundler still splits the rest by dynamic import.
 */
const seeds = [
  "cli/program.js",
  "cli/url-command.js",
  "runner/kinds/card.js",
  "runner/kinds/smoke.js",
  "runner/kinds/conversation.js",
  "checks/smoke.js",
];
const staticImport = /^\s*(?:import|export)\s(?:[^;]*?\sfrom\s)?\s*"(\.{1,2}\/[^"]+)";/gm;

function staticClosure(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(staticImport))
      queue.push(resolve(dirname(file), match[1]));
  }
  return seen;
}

if (readFileSync(entry, "utf8").includes("./chunks/"))
  throw new Error(
    `${entry} is already bundled: run tsc -p tsconfig.build.json first (npm run build does both)`,
  );

const core = staticClosure(seeds.map((s) => join(dist, s)));
// `--version` loads only the version module: it stays out of the core chunk.
for (const light of ["net/version.js", "net/package-root.js"]) core.delete(join(dist, light));

const bundle = await rolldown({
  input: entry,
  platform: "node",
  // Bare specifiers (packages, node: built-ins) are loaded as they are; only our own modules are bundled,
  // and commander, which every command parses with (as CommonJS behind an ES wrapper it costs two loaders).
  external: (id) =>
    id !== "commander" && !id.startsWith(".") && !id.startsWith("/") && !/^[A-Za-z]:[\\/]/.test(id),
  preserveEntrySignatures: "allow-extension",
  // A module both imported and loaded on demand stays where it is: expected here (run-test needs the kinds
  // that kinds/index.ts also loads lazily), so that notice is not printed on every build.
  onLog: (level, log, report) => {
    if (log.code !== "INEFFECTIVE_DYNAMIC_IMPORT") report(level, log);
  },
  logLevel: "warn",
});
await rm(chunks, { recursive: true, force: true });
await bundle.write({
  dir: join(dist, "cli"),
  format: "esm",
  entryFileNames: "main.js",
  chunkFileNames: "chunks/[name]-[hash].js",
  // Comments are for the source; a smaller file parses faster at every start.
  comments: false,
  codeSplitting: {
    groups: [{ name: "core", test: (id) => core.has(id), includeDependenciesRecursively: false }],
  },
});
await bundle.close();

#!/usr/bin/env node
// `plainwright --version` alone is answered before the command-line parser loads: scripts call it often.
const [, , only, ...rest] = process.argv;
if (rest.length === 0 && (only === "--version" || only === "-v")) {
  const { VERSION } = await import("../net/version.js");
  process.stdout.write(`${VERSION}\n`);
} else {
  const { main } = await import("./program.js");
  process.exitCode = await main(process.argv);
}

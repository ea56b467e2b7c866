import { readFileSync } from "node:fs";

// src/runner and dist/runner both sit two levels below the package root.
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

/** Plainwright's own version, from package.json. */
export const toolVersion: string = pkg.version;

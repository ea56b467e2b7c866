import { readFileSync } from "node:fs";

/**
 * Reads the version from package.json at run time. Both src/net/version.ts (under vitest) and
 * dist/net/version.js (after tsc) sit two folders below the package root, so one relative path serves.
 */
function readVersion(): string {
  try {
    const text = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === "string" ? version : "0.0.0-unknown";
  } catch {
    // A missing package.json only affects the User-Agent string; importing the network layer must not fail for it.
    return "0.0.0-unknown";
  }
}

/** Plainwright's version, as published in package.json. */
export const VERSION: string = readVersion();

/** The User-Agent every request sends unless the caller sets one. */
export const USER_AGENT = `plainwright/${VERSION}`;

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "./package-root.js";

/** Reads the version from Plainwright's package.json at run time. */
function readVersion(): string {
  try {
    const root = packageRoot();
    if (root === undefined) return "0.0.0-unknown";
    const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: unknown })
      .version;
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

import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { owaspTitles, redteamPacks } from "../../model/redteam.js";
import { attemptInput } from "../attempt-input.js";
import { allAttacks, PACKS } from "./index.js";

const here = dirname(fileURLToPath(import.meta.url));

describe("attack packs", () => {
  it("are the seven packs, in order", () => {
    expect(PACKS.map((p) => p.id)).toEqual([...redteamPacks]);
  });

  it("give every attack a unique id named after its file, a title, a judge and a known OWASP id", () => {
    const ids = allAttacks().map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const pack of PACKS) {
      const files = readdirSync(join(here, pack.id))
        .filter((f) => f.endsWith(".ts") && !["index.ts", "shared.ts"].includes(f) && !f.endsWith(".test.ts"))
        .map((f) => `${pack.id}.${f.replace(/\.ts$/, "")}`);
      expect(pack.attacks.map((a) => a.id).sort()).toEqual(files.sort());
    }
    for (const a of allAttacks()) {
      expect(a.title.length, a.id).toBeGreaterThan(10);
      expect(a.judgedBy.length, a.id).toBeGreaterThan(5);
      expect(owaspTitles[a.owasp], a.id).toBeDefined();
    }
  });

  it("pair every harmful jailbreak with a harmless twin, and grade both with the judge where markers cannot decide", () => {
    const jailbreak = PACKS.find((p) => p.id === "jailbreak")!.attacks;
    expect(jailbreak.filter((a) => a.twin).length).toBeGreaterThanOrEqual(
      jailbreak.filter((a) => !a.twin).length,
    );
    for (const a of jailbreak) expect(a.grade, a.id).toBeDefined();
  });

  it("send fresh canaries and codes on every attempt", () => {
    const [one, two] = [attemptInput(1, []), attemptInput(2, [])];
    expect(one.marker).not.toBe(two.marker);
    expect(one.canaries.apiKey).not.toBe(two.canaries.apiKey);
    for (const a of allAttacks()) expect(a.steps(one).length, a.id).toBeGreaterThan(0);
  });
});

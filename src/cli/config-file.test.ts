import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PlainwrightError } from "../runner/errors.js";
import { loadConfig } from "./config-file.js";

const configModule = fileURLToPath(new URL("../../dist/config.js", import.meta.url));

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "pw-config-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function problemOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PlainwrightError) return error.message;
    throw error;
  }
  throw new Error("expected a config error");
}

describe("the config file", () => {
  it("is found in the working folder or the nearest folder above it", async () => {
    const dir = folder({
      "plainwright.config.json": JSON.stringify({ agent_url: "http://127.0.0.1:9999", timeout_s: 7 }),
      "a/b/.keep": "",
    });
    const loaded = await loadConfig({ cwd: join(dir, "a", "b") });
    expect(loaded?.file).toBe(join(dir, "plainwright.config.json"));
    expect(loaded?.settings).toMatchObject({ agent_url: "http://127.0.0.1:9999", timeout_s: 7 });
    expect(loaded?.sources.timeout_s).toBe("plainwright.config.json");
  });

  it("is absent when no folder up to the root holds one and none is named", async () => {
    const dir = folder({ "x/.keep": "" });
    expect(await loadConfig({ cwd: join(dir, "x") })).toBeUndefined();
  });

  it("resolves its paths against its own folder, not the working folder", async () => {
    const dir = folder({
      "plainwright.config.json": JSON.stringify({ tests: "tests", output_dir: "out", secrets: "s.env" }),
      "sub/.keep": "",
    });
    const loaded = await loadConfig({ cwd: join(dir, "sub") });
    expect(loaded?.settings).toMatchObject({
      tests: join(dir, "tests"),
      output_dir: join(dir, "out"),
      secrets: join(dir, "s.env"),
    });
  });

  it("lays a project over the file's settings and says which values the project gave", async () => {
    const dir = folder({
      "plainwright.config.json": JSON.stringify({
        agent_url: "http://127.0.0.1:1",
        timeout_s: 9,
        projects: { staging: { agent_url: "https://staging.example" } },
      }),
    });
    const loaded = await loadConfig({ cwd: dir, project: "staging" });
    expect(loaded?.settings).toMatchObject({ agent_url: "https://staging.example", timeout_s: 9 });
    expect(loaded?.sources).toMatchObject({
      agent_url: "plainwright.config.json › projects.staging",
      timeout_s: "plainwright.config.json",
    });
    expect(await problemOf(loadConfig({ cwd: dir, project: "prod" }))).toContain(
      "--project prod: " + join(dir, "plainwright.config.json") + " has only the projects staging",
    );
  });

  it("reports every problem at once, in file order, each with its line, column and a did-you-mean", async () => {
    const text = [
      "{",
      '  "agent_ulr": "http://x",',
      '  "timeout_s": 500,',
      '  "conformance": { "levels": ["must", "sometimes"] },',
      '  "projects": { "ci": { "reportrs": ["html"] } },',
      '  "headers": { "X-Key": 42 }',
      "}",
    ].join("\n");
    const dir = folder({ "plainwright.config.json": text });
    const file = join(dir, "plainwright.config.json");
    const message = await problemOf(loadConfig({ cwd: dir }));
    expect(message).toContain(`${file}: 5 problems:`);
    const lines = message.split("\n").slice(1);
    expect(lines[0]).toBe(`  - ${file}:2:3: agent_ulr is not a known key; did you mean "agent_url"?`);
    expect(lines[1]).toBe(`  - ${file}:3:3: timeout_s must be from 1 to 300, got 500`);
    expect(lines[2]).toContain(`${file}:4:39: conformance.levels.1 `);
    expect(lines[2]).toContain('got "sometimes"');
    expect(lines[3]).toBe(
      `  - ${file}:5:25: projects.ci.reportrs is not a known key; did you mean "reporters"?`,
    );
    // A header's value may be a credential: its problem is named, the value is not quoted.
    expect(lines[4]).toContain(`${file}:6:16: headers.X-Key`);
    expect(lines[4]).not.toContain("42");
  });

  it("says where JSON that does not parse goes wrong", async () => {
    const dir = folder({ "plainwright.config.json": '{\n  "timeout_s": 5,\n}' });
    const message = await problemOf(loadConfig({ cwd: dir }));
    expect(message).toContain("not valid JSON at line 3, column 1: a trailing comma before '}'");
  });

  it("refuses a secret written where a secret's name belongs", async () => {
    const dir = folder({
      "plainwright.config.json": JSON.stringify({ credentials: { bearer: { secret: "sk-live 123" } } }),
    });
    const message = await problemOf(loadConfig({ cwd: dir }));
    expect(message).toContain("credentials.bearer.secret must be a secret's NAME");
  });

  it("reads a .mjs file's default export", async () => {
    const dir = folder({
      "plainwright.config.mjs": `export default { agent_url: "http://127.0.0.1:4", reporters: ["json"] };\n`,
    });
    const loaded = await loadConfig({ cwd: dir });
    expect(loaded?.settings).toMatchObject({ agent_url: "http://127.0.0.1:4", reporters: ["json"] });
  });

  it("reads a typed .ts file that exports defineConfig(...), and checks it as it checks JSON", async () => {
    const good = folder({
      "plainwright.config.ts": [
        `import { defineConfig, type PlainwrightConfig } from ${JSON.stringify(configModule)};`,
        `const timeout: PlainwrightConfig["timeout_s"] = 12;`,
        `export default defineConfig({ agent_url: "http://127.0.0.1:5", timeout_s: timeout });`,
      ].join("\n"),
    });
    expect((await loadConfig({ cwd: good }))?.settings).toMatchObject({
      agent_url: "http://127.0.0.1:5",
      timeout_s: 12,
    });
    const bad = folder({ "plainwright.config.ts": `export default { timeout_z: 3 as number };\n` });
    expect(await problemOf(loadConfig({ cwd: bad }))).toContain(
      'timeout_z is not a known key; did you mean "timeout_s"?',
    );
  });

  it("refuses a module without a default export, and a named file that is not there", async () => {
    const dir = folder({ "plainwright.config.mjs": "export const config = {};\n" });
    expect(await problemOf(loadConfig({ cwd: dir }))).toContain("must export the config as its default");
    expect(await problemOf(loadConfig({ cwd: dir, file: "nope.json" }))).toBe(
      "--config nope.json: no such file",
    );
  });
});

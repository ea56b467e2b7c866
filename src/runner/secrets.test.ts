import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSecretsFile, resolveSecrets } from "./secrets.js";

describe("resolveSecrets", () => {
  it("replaces placeholders in nested strings and reports the values used", () => {
    const { value, used } = resolveSecrets(
      {
        url: "https://x/{{secrets.HOST_PART}}",
        headers: { Authorization: "Bearer {{ secrets.TOKEN }}" },
        list: ["{{secrets.TOKEN}}"],
      },
      { values: { TOKEN: "s3cret-value" }, env: { PLAINWRIGHT_SECRET_HOST_PART: "abc-host-part" } },
    );
    expect(value).toEqual({
      url: "https://x/abc-host-part",
      headers: { Authorization: "Bearer s3cret-value" },
      list: ["s3cret-value"],
    });
    expect(used.sort()).toEqual(["abc-host-part", "s3cret-value"]);
  });

  it("prefers the secrets file over the environment", () => {
    const { value } = resolveSecrets("{{secrets.A}}", {
      values: { A: "file-value" },
      env: { PLAINWRIGHT_SECRET_A: "env-value" },
    });
    expect(value).toBe("file-value");
  });

  it("names a missing secret and where to set it", () => {
    expect(() =>
      resolveSecrets("{{secrets.AGENT_TOKEN}}", { values: {}, env: {}, fileName: "s.env" }),
    ).toThrow(
      /secret AGENT_TOKEN is not set: set PLAINWRIGHT_SECRET_AGENT_TOKEN or add AGENT_TOKEN to s.env/,
    );
  });
});

describe("resolveSecrets on the server", () => {
  it("names only the project's secrets, not an environment variable the server does not read", () => {
    expect(() =>
      resolveSecrets("{{secrets.AGENT_TOKEN}}", {
        values: {},
        env: {},
        fileName: "the project's secrets",
        readsEnv: false,
      }),
    ).toThrow(/^secret AGENT_TOKEN is not set: add AGENT_TOKEN to the project's secrets$/);
  });

  it("resolves a secret shorter than 8 characters, and names it for the run's warning", () => {
    const resolved = resolveSecrets("pin {{secrets.PIN}}", { values: { PIN: "1234" }, env: {} });
    expect(resolved.value).toBe("pin 1234");
    expect(resolved.names).toEqual(new Map([["1234", "PIN"]]));
  });
});

describe("readSecretsFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "pw-secrets-"));

  it("reads KEY=VALUE lines with comments and quotes", async () => {
    const path = join(dir, "a.env");
    writeFileSync(path, '# comment\nTOKEN=abc\nQUOTED="x y"\n\n');
    expect(await readSecretsFile(path)).toEqual({ TOKEN: "abc", QUOTED: "x y" });
  });

  it("reads a JSON object of strings and rejects other values", async () => {
    const ok = join(dir, "ok.json");
    writeFileSync(ok, JSON.stringify({ TOKEN: "abc" }));
    expect(await readSecretsFile(ok)).toEqual({ TOKEN: "abc" });
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ TOKEN: 5 }));
    await expect(readSecretsFile(bad)).rejects.toThrow(/value of TOKEN must be a string/);
  });

  it("names a line that is not KEY=VALUE and a file that cannot be read", async () => {
    const path = join(dir, "b.env");
    writeFileSync(path, "TOKEN=abc\nnonsense\n");
    await expect(readSecretsFile(path)).rejects.toThrow(/line 2 is not KEY=VALUE/);
    await expect(readSecretsFile(join(dir, "missing"))).rejects.toThrow(/cannot read/);
  });
});

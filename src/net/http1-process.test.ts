import { spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { serve } from "./testing/loopback-server.js";

// The HTTP/1 client as a child process sees it: compiled as dist would be, with a connection kept alive.
describe("a process using httpRequest", () => {
  const out = mkdtempSync(join(tmpdir(), "plainwright-net-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  /** Compiles src/net and the layers below it to plain JavaScript so a child `node` can run it as dist would. */
  function compileNet(): string {
    const here = fileURLToPath(new URL(".", import.meta.url));
    writeFileSync(
      join(out, "package.json"),
      JSON.stringify({ name: "plainwright", type: "module", version: "9.9.9" }),
    );
    // The compiled copy imports the project's dependencies (the HTTP parser) like dist does.
    symlinkSync(join(here, "..", "..", "node_modules"), join(out, "node_modules"), "dir");
    for (const layer of ["net", "view", "model"]) {
      const source = join(here, "..", layer);
      const target = join(out, "dist", layer);
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(source).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
        const { outputText } = ts.transpileModule(readFileSync(join(source, file), "utf8"), {
          compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
          fileName: file,
        });
        writeFileSync(join(target, file.replace(/\.ts$/, ".js")), outputText);
      }
    }
    return join(out, "dist", "net");
  }

  it("exits on its own while a kept-alive connection sits idle, and reads its version from package.json", async () => {
    const s = await serve((req, res) => res.end(req.headers["user-agent"]));
    s.server.keepAliveTimeout = 60_000;
    try {
      const dir = compileNet();
      const script = `
        import { httpRequest } from ${JSON.stringify(join(dir, "http.js"))};
        import { commandLinePolicy } from ${JSON.stringify(join(dir, "outbound-policy.js"))};
        const res = await httpRequest({ url: ${JSON.stringify(s.url)}, timeoutMs: 1000, policy: commandLinePolicy });
        console.log(res.body);`;
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      // A process that hung on the open connection is killed here, and its exit code (null) fails the test.
      const timer = setTimeout(() => child.kill(), 5000);
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      clearTimeout(timer);
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout.trim()).toBe("plainwright/9.9.9");
      // The server still holds the connection open: the client process left without closing it.
      expect(s.connections()).toBe(1);
    } finally {
      await s.close();
    }
  });
});

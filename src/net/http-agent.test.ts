import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { agentFor, closeIdleConnections, pinnedLookup } from "./http-agent.js";
import { httpRequest } from "./http.js";
import { commandLinePolicy } from "./outbound-policy.js";
import { serve } from "./testing/loopback-server.js";

describe("pinnedLookup", () => {
  it("answers with the checked address whatever name is asked, in both callback forms", () => {
    const lookup = pinnedLookup({ address: "127.0.0.2", family: 4 });
    const answers: unknown[] = [];
    lookup("attacker.example", { all: true }, (_err, address) => answers.push(address));
    lookup("attacker.example", {}, (_err, address, family) => answers.push([address, family]));
    expect(answers).toEqual([[{ address: "127.0.0.2", family: 4 }], ["127.0.0.2", 4]]);
  });
});

describe("keep-alive agents", () => {
  it("pool sockets per checked address, not per host name alone", () => {
    const agent = agentFor("http:");
    const a = agent.getName({ host: "agent.example", port: 80, pinnedAddress: "10.0.0.1" } as never);
    const b = agent.getName({ host: "agent.example", port: 80, pinnedAddress: "127.0.0.1" } as never);
    expect(a).not.toBe(b);
  });

  it("closeIdleConnections drops pooled sockets so the next request connects afresh", async () => {
    const s = await serve((_req, res) => res.end("ok"));
    try {
      await httpRequest({ url: s.url, timeoutMs: 1000, policy: commandLinePolicy });
      closeIdleConnections();
      await httpRequest({ url: s.url, timeoutMs: 1000, policy: commandLinePolicy });
      expect(s.connections()).toBe(2);
    } finally {
      await s.close();
    }
  });
});

describe("a process using httpRequest", () => {
  const out = mkdtempSync(join(tmpdir(), "plainwright-net-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  /** Compiles src/net to plain JavaScript so a child `node` can run it as dist would. */
  function compileNet(): string {
    const here = fileURLToPath(new URL(".", import.meta.url));
    const target = join(out, "dist", "net");
    mkdirSync(target, { recursive: true });
    writeFileSync(join(out, "package.json"), JSON.stringify({ type: "module", version: "9.9.9" }));
    for (const file of readdirSync(here).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      const { outputText } = ts.transpileModule(readFileSync(join(here, file), "utf8"), {
        compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
        fileName: file,
      });
      writeFileSync(join(target, file.replace(/\.ts$/, ".js")), outputText);
    }
    return target;
  }

  it("exits on its own while a kept-alive connection sits idle, and reads its version from package.json", async () => {
    const s = await serve((req, res) => res.end(req.headers["user-agent"]));
    s.server.keepAliveTimeout = 60_000;
    try {
      const dir = compileNet();
      const script = `
        import { httpRequest, commandLinePolicy } from ${JSON.stringify(join(dir, "index.js"))};
        const res = await httpRequest({ url: ${JSON.stringify(s.url)}, timeoutMs: 1000, policy: commandLinePolicy });
        console.log(res.body);`;
      const started = performance.now();
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => child.kill(), 5000);
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      clearTimeout(timer);
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout.trim()).toBe("plainwright/9.9.9");
      expect(performance.now() - started).toBeLessThan(4000);
      // The server still holds the connection open: the client process left without closing it.
      expect(s.connections()).toBe(1);
    } finally {
      await s.close();
    }
  });
});

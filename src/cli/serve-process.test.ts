import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// `plainwright serve` as a user starts it: a real process on a SQLite file (native module included), so a
// Node release whose ABI the built module does not match fails here (.ci/run also runs this on Node 24).
const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "plainwright-serve-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** Starts serve on any port and resolves with its URL once it says where it listens (bounded by the test timeout). */
function serve(db: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [bin, "serve", "--port", "0", "--db", db], {
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    const read = (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const url = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) resolve({ url, child });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
}

describe("plainwright serve as a process, on SQLite", () => {
  it("starts, keeps a project across a restart, and stops on SIGTERM", async () => {
    const db = join(dir, "board.sqlite");
    const first = await serve(db);
    const created = await fetch(`${first.url}/api/projects`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "kept" }),
    });
    expect(created.status).toBeLessThan(300);
    const exited = new Promise<number | null>((resolve) => first.child.on("exit", resolve));
    first.child.kill("SIGTERM");
    await exited;
    const second = await serve(db);
    const projects = (await (await fetch(`${second.url}/api/projects`)).json()) as { name: string }[];
    expect(projects.map((p) => p.name)).toContain("kept");
    second.child.kill("SIGTERM");
  });
});

describe("serve --token", () => {
  it("refuses a token shorter than 16 characters before listening", async () => {
    const child = spawn(
      process.execPath,
      [bin, "serve", "--port", "0", "--db", join(dir, "t.sqlite"), "--token", "a"],
      {
        env: { ...process.env, NO_COLOR: "1" },
      },
    );
    children.push(child);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(64);
    expect(stderr).toContain("--token: at least 16 characters (got 1)");
  });
});

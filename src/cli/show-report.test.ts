import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { exitCodes } from "./exit-codes.js";
import { runCli } from "./testing/run-cli.js";

const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
let agent: RunningAgent;
const dir = mkdtempSync(join(tmpdir(), "pw-show-report-"));
const reports = join(dir, "reports");

beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0" });
  // Two runs: each keeps its own folder.
  for (let i = 0; i < 2; i++)
    expect((await runCli(["card", agent.url, "--report", "html", "--out-dir", reports])).code).toBe(0);
});
afterAll(() => agent.close());

/** Starts show-report and waits (bounded by the CLI's own start) for the line that names its URL. */
function showReport(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null>; stderr: () => string }> {
  const open = env === process.env ? ["--no-open"] : [];
  const child = spawn(process.execPath, [bin, "show-report", ...args, ...open, "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out)?.[1];
      if (url) resolve({ child, url, exited, stderr: () => err });
    });
    void exited.then((code) => reject(new Error(`show-report exited ${code}: ${out}`)));
  });
}

/** Waits for a condition the child process brings about, checking at most 200 times. */
async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(done()).toBe(true);
}

/** The content of a file another process writes (renamed into place whole), once it is there. */
async function waitForFile(path: string): Promise<string> {
  await waitFor(() => existsSync(path));
  return readFileSync(path, "utf8");
}

/** A GET with a chosen Host header (fetch cannot set it). */
function get(url: string, host?: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host ? { Host: host } : {} }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          ...(res.headers.location ? { location: res.headers.location } : {}),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("show-report", () => {
  it("serves the last run's HTML report at / and lists every kept run", async () => {
    const { child, url, exited } = await showReport([reports]);
    try {
      const home = await get(`${url}/`);
      expect(home.status).toBe(302);
      const page = await get(`${url}${home.location}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain("<html");
      const runs = await get(`${url}/runs/`);
      expect(runs.body.match(/<li>/g)).toHaveLength(2);
      expect(runs.body).toContain("1 result: 1 passed, 0 failed, 0 error");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });

  it("serves nothing outside the folder, and nothing to a Host that is not its loopback address", async () => {
    writeFileSync(join(dir, "secret.txt"), "outside");
    const { child, url } = await showReport([reports]);
    try {
      expect((await get(`${url}/../secret.txt`)).status).toBe(404);
      expect((await get(`${url}/%2e%2e/secret.txt`)).status).toBe(404);
      expect((await get(`${url}/last/../../secret.txt`)).status).toBe(404);
      expect((await get(`${url}/runs/`, "attacker.example")).status).toBe(421);
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("opens the report in the browser $BROWSER names, with the URL it serves", async () => {
    // A stand-in browser: it writes the URL it was given to a file, which the test waits for.
    const bin = mkdtempSync(join(tmpdir(), "pw-browser-"));
    const opened = join(bin, "opened.txt");
    const browser = join(bin, "browser");
    writeFileSync(
      browser,
      `#!/bin/sh\nprintf '%s' "$1" > ${JSON.stringify(opened)}.tmp && mv ${JSON.stringify(opened)}.tmp ${JSON.stringify(opened)}\n`,
    );
    chmodSync(browser, 0o755);
    const { child, url } = await showReport([reports], { ...process.env, BROWSER: browser });
    try {
      const given = await waitForFile(opened);
      expect(given.startsWith(`${url}/`)).toBe(true);
      expect((await get(given)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("without a browser to start, says so and names the URL, and keeps serving", async () => {
    const { child, url, stderr } = await showReport([reports], {
      ...process.env,
      BROWSER: join(dir, "no-such-browser"),
    });
    try {
      await waitFor(() => stderr().includes("could not open a browser"));
      expect(stderr()).toContain(`open ${url}/`);
      expect((await get(`${url}/runs/`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("a folder without an HTML report is an error that says how to write one", async () => {
    const empty = mkdtempSync(join(tmpdir(), "pw-no-reports-"));
    const r = await runCli(["show-report", empty, "--no-open"]);
    expect(r.code).toBe(exitCodes.error);
    expect(r.stderr).toContain("no HTML report here (write one with --report html");
  });
});

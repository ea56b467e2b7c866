import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";

// The real CLI as a subprocess, built by `npm test` before vitest runs.
const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}, input?: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, NO_COLOR: "1", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 99) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input ?? "");
  });
}

let good: RunningAgent;
let flawed: RunningAgent;
const dir = mkdtempSync(join(tmpdir(), "pw-cli-"));

beforeAll(async () => {
  good = await startReferenceAgent({ port: 0, protocol: "1.0" });
  flawed = await startReferenceAgent({ port: 0, protocol: "0.3", flaw: "task-fails" });
});
afterAll(async () => {
  await good.close();
  await flawed.close();
});

function testFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

describe("plainwright CLI", () => {
  it("prints its version", async () => {
    const r = await cli(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("card: exit 0 and a readable report for a valid agent", async () => {
    const r = await cli(["card", good.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Agent card");
    expect(r.stdout).toContain(`found at ${good.url}/.well-known/agent-card.json`);
    expect(r.stdout).toMatch(
      /✓ signed: signatures\[0\] \(kid [^)]+\): verifies over the card's RFC 8785 form/,
    );
    expect(r.stdout).toMatch(/PASSED/);
  });

  it("smoke --json: stdout is only the result JSON, progress goes to stderr", async () => {
    const r = await cli(["smoke", good.url, "--json", "--message", "Hi there"]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as {
      status: string;
      smoke: { request: { params: { message: { parts: { text: string }[] } } } };
    };
    expect(result.status).toBe("passed");
    expect(result.smoke.request.params.message.parts[0]?.text).toBe("Hi there");
  });

  it("smoke: exit 1 with the reason docs/test-files.md gives when the task fails", async () => {
    const r = await cli(["smoke", flawed.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAILED\s+the task failed/);
  });

  it.each([
    [["card", "ftp://example.com"], /only http and https are allowed, got ftp/],
    [["card", "not a url"], /is not a URL/],
    [
      ["smoke", "http://127.0.0.1:1", "--timeout", "0"],
      /--timeout 0: must be a whole number of seconds from 1 to 300/,
    ],
    [["smoke", "http://127.0.0.1:1", "--timeout", "301"], /from 1 to 300/],
    [["card", "http://127.0.0.1:1", "-H", "no-colon"], /expected 'Name: value'/],
    [
      ["card", "http://127.0.0.1:1", "--card-key", "/nonexistent/key.jwk"],
      /--card-key \/nonexistent\/key\.jwk: cannot read it \(ENOENT\)/,
    ],
    [["nonsense"], /unknown command/],
    [["agent", "--flaw", "no-such-flaw"], /unknown flaw/],
  ])("exit 64 for bad usage: %j", async (args, message) => {
    const r = await cli(args);
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(message);
  });

  it("run: resolves secrets from the environment and never prints their values", async () => {
    const file = testFile("secret.json", {
      name: "With a token",
      kind: "a2a",
      config: {
        agent_url: good.url,
        headers: { Authorization: "Bearer {{secrets.AGENT_TOKEN}}", "X-Trace": "{{secrets.AGENT_TOKEN}}-x" },
      },
    });
    const r = await cli(["run", file, "--json"], { PLAINWRIGHT_SECRET_AGENT_TOKEN: "tok-9f8e7d6c5b" });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("tok-9f8e7d6c5b");
    expect(r.stderr).not.toContain("tok-9f8e7d6c5b");
    expect(r.stdout).toContain("[redacted]");
  });

  it("run: a missing secret is an error (exit 2) naming it", async () => {
    const file = testFile("missing.json", {
      name: "Missing",
      kind: "a2a",
      config: { agent_url: good.url, headers: { Authorization: "Bearer {{secrets.NOPE}}" } },
    });
    const r = await cli(["run", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/secret NOPE is not set: set PLAINWRIGHT_SECRET_NOPE/);
  });

  it("run <folder>: every missing secret of every file is named with its file and field before any test runs", async () => {
    const folder = mkdtempSync(join(tmpdir(), "pw-cli-secrets-"));
    const out = mkdtempSync(join(tmpdir(), "pw-cli-secrets-out-"));
    const write = (name: string, config: Record<string, unknown>) =>
      writeFileSync(
        join(folder, name),
        JSON.stringify({ name, kind: "a2a", config: { agent_url: good.url, ...config } }),
      );
    // The file that runs first needs no secret: before, it ran and only the next file's secret was found missing.
    write("a-fine.json", {});
    write("b-header.json", { headers: { Authorization: "Bearer {{secrets.FIRST_GONE}}" } });
    write("c-message.json", { smoke_message: "hello {{secrets.SECOND_GONE}}" });
    const r = await cli(["run", folder, "--report", "json", "--out-dir", out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/2 secrets are missing, so no test was run/);
    expect(r.stderr).toMatch(/b-header\.json: config\.headers\.Authorization: secret FIRST_GONE is not set/);
    expect(r.stderr).toMatch(/c-message\.json: config\.smoke_message: secret SECOND_GONE is not set/);
    expect(r.stdout).toBe("");
    expect(existsSync(join(out, "last"))).toBe(false);
  });

  it("run: a malformed test file is an error naming the file and field", async () => {
    const bad = testFile("bad.json", {
      name: "Bad",
      kind: "a2a",
      config: { agent_url: good.url, timeout_s: 301 },
    });
    const r = await cli(["run", bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad.json: config.timeout_s must be from 1 to 300, got 301/);
    const broken = testFile("broken.json", "{ nope");
    expect((await cli(["run", broken])).stderr).toMatch(/broken.json: not valid JSON/);
  });

  it("run: a conversation test without a configured model is an error saying how to configure one", async () => {
    const file = testFile("conv.json", {
      name: "Conversation",
      kind: "a2a",
      config: { agent_url: good.url, goal: "refund", success_criteria: ["refunds"] },
    });
    const r = await cli(["run", file], {
      PLAINWRIGHT_MODEL: "",
      PLAINWRIGHT_USER_MODEL: "",
      PLAINWRIGHT_JUDGE_MODEL: "",
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/no model configured for the simulated user: pass --model provider:name/);
  });

  it("run: several files give a summary and the most severe exit code", async () => {
    const ok = testFile("ok.json", { name: "Good agent", kind: "a2a", config: { agent_url: good.url } });
    const failing = testFile("failing.json", {
      name: "Failing agent",
      kind: "a2a",
      config: { agent_url: flawed.url },
    });
    const r = await cli(["run", ok, failing]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/1 passed, 1 failed, 0 error/);
  });

  it("writes --report json into a folder of its own under --out-dir, which `last` names", async () => {
    const out = join(dir, "reports");
    const r = await cli(["card", good.url, "--report", "json", "--out-dir", out]);
    expect(r.code).toBe(0);
    const { readFileSync, readdirSync } = await import("node:fs");
    expect(JSON.parse(readFileSync(join(out, "last", "plainwright-results.json"), "utf8"))).toMatchObject({
      status: "passed",
      kind: "a2a",
    });
    // A second run keeps the first's reports: two run folders, `last` on the newer.
    await cli(["card", good.url, "--report", "json", "--out-dir", out]);
    const folders = readdirSync(out).filter((f) => /^\d{4}-/.test(f));
    expect(folders).toHaveLength(2);
    const { readlinkSync } = await import("node:fs");
    expect(readlinkSync(join(out, "last"))).toBe(folders.sort()[1]);
  });

  it("agent --port that is already taken exits 2 naming the address, as serve does", async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", r));
    const { port } = taken.address() as AddressInfo;
    try {
      const r = await cli(["agent", "--port", String(port)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`cannot listen on 127.0.0.1:${port}`);
    } finally {
      await new Promise((r) => taken.close(r));
    }
  });

  it.each([["serve", "--port", "0"], ["worker"]])(
    "%s with a database that cannot be reached: one line naming it without its password, exit 2",
    async (...command) => {
      const r = await cli([...command, "--db", "postgres://bob:secretpw@127.0.0.1:9/plainwright"]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(
        "plainwright: cannot open the database postgres://bob:***@127.0.0.1:9/plainwright: connect ECONNREFUSED 127.0.0.1:9",
      );
    },
  );

  it.each([["serve", "--port", "0"], ["worker"]])(
    "%s with a wrong database password: one line with PostgreSQL's reason, the password hidden, exit 2",
    async (...command) => {
      const postgres = await refusingPostgres();
      try {
        const r = await cli([
          ...command,
          "--db",
          `postgres://bob:wrongpw@127.0.0.1:${postgres.port}/plainwright`,
        ]);
        expect(r.code).toBe(2);
        expect(r.stderr.trim()).toBe(
          `plainwright: cannot open the database postgres://bob:***@127.0.0.1:${postgres.port}/plainwright: password authentication failed for user "bob"`,
        );
        expect(r.stderr).not.toContain("wrongpw");
      } finally {
        await postgres.close();
      }
    },
  );

  it("agent --list-flaws documents at least 20 flaws", async () => {
    const r = await cli(["agent", "--list-flaws"]);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/^ {2}[a-z0-9-]+ {2,}/gm)?.length ?? 0).toBeGreaterThanOrEqual(20);
  });

  it("chat: scripted from stdin, keeps the context and continues an input-required task", async () => {
    const r = await cli(
      ["chat", good.url, "--no-stream"],
      {},
      "this is ambiguous\norder 4411\n/task\n/quit\n",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\[input-required: your next message continues this task\]/);
    expect(r.stdout).toMatch(/Thanks, that settles it/);
    expect(r.stdout).toMatch(
      /task \S+ · completed · context \S+ · 1 artifact\(s\) · 3 message\(s\) in history/,
    );
  });

  it("chat: a secret too short to redact is used, with one warning naming it, never its value", async () => {
    const r = await cli(
      ["chat", good.url, "--no-stream", "-H", "X-Pin: {{secrets.CHAT_PIN}}"],
      { PLAINWRIGHT_SECRET_CHAT_PIN: "1234" },
      "/quit\n",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("warning: secret CHAT_PIN is shorter than 8 characters");
    expect(`${r.stdout}${r.stderr}`).not.toContain("1234");
  });

  it("chat: a credential typed with --bearer too short to redact is warned of by its header, never by value", async () => {
    const r = await cli(["chat", good.url, "--no-stream", "--bearer", "ab12"], {}, "/quit\n");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("warning: secret header Authorization is shorter than 8 characters");
    expect(r.stderr.match(/shorter than 8/g)).toHaveLength(1);
    expect(`${r.stdout}${r.stderr}`).not.toContain("ab12");
  });

  it("chat: streams replies when the card says streaming, and /raw shows the traffic", async () => {
    const r = await cli(["chat", good.url, "--raw"], {}, "hello\n");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/streaming/);
    expect(r.stdout).toMatch(/agent> I can help/);
    expect(r.stderr).toMatch(/→ POST .*SendStreamingMessage/);
  });

  it("chat: a /command it does not know is named, with the list of those it does", async () => {
    const r = await cli(["chat", good.url, "--no-stream"], {}, "/bogus\n/quit\n");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("unknown command /bogus");
    expect(r.stdout).toContain("Commands: /raw");
  });

  it("demo: tests the bundled agent in both versions and passes", async () => {
    const r = await cli(["demo"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/A2A 1\.0/);
    expect(r.stdout).toMatch(/A2A 0\.3/);
  });
});

/**
 * A PostgreSQL server that asks for a password and refuses it as PostgreSQL does (protocol 3.0:
 * AuthenticationCleartextPassword, then an ErrorResponse with SQLSTATE 28P01).
 */
async function refusingPostgres(): Promise<{ port: number; close: () => Promise<void> }> {
  const message = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(type, 0, "latin1");
    head.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const field = (code: string, value: string) => Buffer.from(`${code}${value}\0`, "utf8");
  const server = createServer((socket) => {
    let seen = 0;
    socket.on("data", (chunk: Buffer) => {
      seen++;
      // An SSL request (8 bytes, code 80877103) is declined with "N"; the startup message gets the
      // password request; whatever comes next is the password, refused.
      if (seen === 1 && chunk.length === 8 && chunk.readInt32BE(4) === 80877103) {
        seen = 0;
        socket.write("N");
        return;
      }
      if (seen === 1) {
        const auth = Buffer.alloc(4);
        auth.writeInt32BE(3);
        socket.write(message("R", auth));
        return;
      }
      const body = Buffer.concat([
        field("S", "FATAL"),
        field("V", "FATAL"),
        field("C", "28P01"),
        field("M", 'password authentication failed for user "bob"'),
        Buffer.from([0]),
      ]);
      socket.end(message("E", body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { runCli } from "./testing/run-cli.js";

const token = "s3cret-bearer-token";
let locked: RunningAgent;
let open: RunningAgent;
const dir = mkdtempSync(join(tmpdir(), "pw-auth-"));

beforeAll(async () => {
  locked = await startReferenceAgent({ port: 0, protocol: "1.0", bearerToken: token });
  open = await startReferenceAgent({ port: 0, protocol: "0.3" });
});
afterAll(async () => {
  await Promise.all([locked.close(), open.close()]);
});

/** A card location that answers only once released, with the card found at `from`. */
async function heldCard(from: string) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    if (req.url !== "/.well-known/agent-card.json") return void res.writeHead(404).end();
    void released
      .then(() => fetch(from))
      .then((card) => card.text())
      .then((body) => res.writeHead(200, { "content-type": "application/json" }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: () => release(),
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("credentials on every command", () => {
  it("smoke without credentials names the 401 and the card's scheme with its flag", async () => {
    const r = await runCli(["smoke", locked.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "FAILED  the agent answered HTTP 401 Unauthorized (no credentials were sent); the card declares bearer scheme 'bearerAuth' — pass --bearer TOKEN",
    );
    expect(r.stdout).not.toContain('"jsonrpc" is undefined');
  });

  it("card, smoke, run and conform take --bearer, and the token appears nowhere", async () => {
    const file = join(dir, "smoke.json");
    writeFileSync(
      file,
      JSON.stringify({
        module_id: "m",
        name: "locked",
        kind: "a2a",
        natural_language: "",
        config: { agent_url: locked.url },
      }),
    );
    const runs = await Promise.all([
      runCli(["card", locked.url, "--bearer", token, "--json"]),
      runCli(["smoke", locked.url, "--bearer", token, "--json"]),
      runCli(["run", file, "--bearer", token, "--json"]),
      runCli([
        "conform",
        locked.url,
        "--bearer",
        token,
        "--category",
        "lifecycle",
        "--level",
        "must",
        "--json",
      ]),
    ]);
    for (const r of runs) {
      expect(r.code, r.stdout.slice(0, 400)).toBe(0);
      expect(r.stdout + r.stderr).not.toContain(token);
    }
  });

  it("--api-key and -H reach the agent too (a wrong key is named as refused)", async () => {
    const r = await runCli(["smoke", locked.url, "-H", "Authorization: Bearer wrong"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("(the credentials sent were refused)");
    const k = await runCli(["smoke", open.url, "--api-key", "X-Api-Key=abc", "--json"]);
    expect(k.code).toBe(0);
    const result = JSON.parse(k.stdout) as { traffic: Array<{ request_headers: Record<string, string> }> };
    expect(result.traffic[0]?.request_headers["X-Api-Key"]).toBe("[redacted]");
  });

  it("chat exits 2 when refused and names the scheme; with --bearer it talks", async () => {
    const refused = await runCli(["chat", locked.url], {}, "hello\n");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("the chat could not start: the agent answered HTTP 401 Unauthorized");
    expect(refused.stderr).toContain("pass --bearer TOKEN");
    const talked = await runCli(["chat", locked.url, "--bearer", token], {}, "hello\n");
    expect(talked.code).toBe(0);
    expect(talked.stdout).toContain("agent>");
  });

  it("chat exits 2 when no agent answers at all", async () => {
    const r = await runCli(["chat", "http://127.0.0.1:9/"], {}, "hello\n");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("the chat could not start");
  });
});

describe("live progress on stderr", () => {
  it("plain lines with counters for a conformance run, and stdout keeps the report", async () => {
    const r = await runCli(["conform", open.url, "--category", "card", "--progress", "plain"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Running \d+ checks over /m);
    // Checks finish in any order; the counter starts at 1 whatever finished first.
    expect(r.stderr).toMatch(/^ {2}\[1\/\d+\] [✓✗-] card\./m);
    expect(r.stderr).toMatch(/^ {2}\[\d+\/\d+\] ✓ card\./m);
    expect(r.stderr).not.toContain("\u001b[");
    expect(r.stdout).toContain("Conformance");
  });

  it("run on a conformance file shows every check with its counter, not just the plan", async () => {
    const file = join(dir, "conformance.json");
    writeFileSync(
      file,
      JSON.stringify({
        module_id: "m",
        name: "suite",
        kind: "conformance",
        natural_language: "",
        config: { agent_url: open.url, categories: ["card", "errors"] },
      }),
    );
    const r = await runCli(["run", file, "--progress", "plain"]);
    expect(r.code).toBe(0);
    const planned = Number(/^Running (\d+) checks/m.exec(r.stderr)?.[1]);
    expect(planned).toBeGreaterThan(5);
    expect(r.stderr).toContain(`[${planned}/${planned}] `);
  });

  it("nothing on stderr with --json unless --progress asks", async () => {
    const quiet = await runCli(["smoke", open.url, "--json"]);
    expect(quiet.stderr).toBe("");
    const asked = await runCli(["smoke", open.url, "--json", "--progress", "plain"]);
    expect(asked.stderr).toContain("Sending the smoke message");
    expect(JSON.parse(asked.stdout)).toMatchObject({ status: "passed" });
  });

  it("a heartbeat says whom the run waits on while the agent is silent", async () => {
    // The card is held until the heartbeat has spoken: the test waits on that event, not on a clock.
    const held = await heldCard(`${open.url}/.well-known/agent-card.json`);
    try {
      const r = await runCli(["card", held.url, "--progress", "plain"], {}, undefined, (stderr) => {
        if (stderr.includes("still waiting on the agent")) held.release();
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/still waiting on the agent \(\d+\.\d s\)/);
      expect(r.stdout).toMatch(/card 1 · \d+\.\d s · /);
    } finally {
      await held.close();
    }
  });

  it("--progress tty redraws a status line even when stderr is a pipe", async () => {
    const r = await runCli(["conform", open.url, "--category", "card", "--progress", "tty"]);
    expect(r.stderr).toContain("\r\u001b[2K[");
    expect(r.stderr).not.toMatch(/\n {2}\[1\/\d+\] ✓/);
  });
});

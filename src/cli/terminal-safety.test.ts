import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The real CLI as a subprocess, built by `npm test` before vitest runs.
const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

const hostile = "Evil\u001b]0;title\u0007\u001b[2J agent";
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url !== "/.well-known/agent-card.json") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        name: hostile,
        description: "Clears your screen\u001b[2J\rPASSED",
        version: "1.0.0\u001b[31m",
        supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
        capabilities: {},
        defaultInputModes: ["text/plain"],
        defaultOutputModes: ["text/plain"],
        skills: [{ id: "s\u001b[1A", name: "Skill", description: "d", tags: ["t"] }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function cli(args: string[], env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, ...env }, timeout: 30_000 },
      (_error, stdout, stderr) => resolve({ stdout, stderr }),
    );
  });
}

describe("terminal safety", () => {
  it.each([
    ["without colour", { NO_COLOR: "1" }],
    ["with colour", { FORCE_COLOR: "1", NO_COLOR: "" }],
  ])("card prints a card's escape sequences as visible escapes, %s", async (_label, env) => {
    const r = await cli(["card", url], env);
    expect(r.stdout).toContain("Evil\\x1b]0;title\\x07\\x1b[2J agent");
    expect(r.stdout).toContain("\\x1b[2J\\x0dPASSED");
    const ownStyling = /\u001b\[(?:1|2|22|31|32|33|36|39)m/g;
    expect(r.stdout.replace(ownStyling, "")).not.toContain("\u001b");
    expect(r.stderr).not.toContain("\u001b");
    expect(r.stdout).not.toContain("\u0007");
    expect(r.stdout).not.toContain("\r");
  });
});

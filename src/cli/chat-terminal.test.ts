import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { exitCodes } from "./exit-codes.js";
import { runCli, runCliOnTerminal } from "./testing/run-cli.js";

let agent: RunningAgent;
let cwd: string;
beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "0.3" });
  cwd = mkdtempSync(join(tmpdir(), "plainwright-chat-"));
});
afterAll(async () => {
  await agent.close();
  rmSync(cwd, { recursive: true, force: true });
});

describe("chat", () => {
  it("on a terminal shows what is typed after its prompt, then the agent's answer", async () => {
    const r = await runCliOnTerminal(
      ["chat", agent.url],
      [
        { prompt: "you> ", type: "What can you help with?" },
        { prompt: "you> ", type: "/quit" },
      ],
      cwd,
    );
    // readline redraws its line with cursor moves; what the person sees is the text between them.
    const seen = r.output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
    expect(r.code, seen).toBe(exitCodes.passed);
    expect(seen).toContain("you> What can you help with?");
    expect(seen).toContain('You asked: "What can you help with?"');
  });

  it("with --raw prints every event whole, however long, while a long request body is cut", async () => {
    // Longer than a recorded body (64 KiB): the request is shown as the log keeps it, cut; the events that
    // echo it are shown as they arrived.
    const long = `${"x".repeat(70_000)}END`;
    const r = await runCli(["chat", agent.url, "--raw"], {}, `${long}\n`);
    expect(r.code, r.stderr.slice(0, 2000)).toBe(exitCodes.passed);
    const events = r.stderr.split("\n").filter((line) => line.startsWith("⇠ event"));
    expect(events.length).toBeGreaterThan(1);
    expect(events.some((line) => line.includes(long))).toBe(true);
    const request = r.stderr.split("\n").find((line) => line.startsWith("→ POST") && line.includes("xxx"));
    expect(request).toBeDefined();
    expect(request).not.toContain("END");
  });
});

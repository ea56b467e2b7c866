import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";

const bin = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

let slow: RunningAgent;
beforeAll(async () => {
  // Its tasks work for a minute: only Ctrl-C ends a reply inside the test's bounds.
  slow = await startReferenceAgent({ port: 0, protocol: "0.3", workMs: 60_000 });
});
afterAll(async () => {
  await slow.close();
});

/** Resolves when `text` has appeared in what `read` returns, checked as output arrives. */
function waitFor(stream: NodeJS.ReadableStream, read: () => string, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!read().includes(text)) return;
      stream.off("data", check);
      resolve();
    };
    stream.on("data", check);
    check();
  });
}

describe("chat and Ctrl-C", () => {
  it("stops the reply in progress and cancels its task; a second Ctrl-C leaves", async () => {
    const child = spawn(process.execPath, [bin, "chat", slow.url, "--raw"], {
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // stdin stays open: the chat is waiting on the reply, not on the end of its input.
    child.stdin.write("hello\n");
    // --raw shows each event as it comes: the task has started once its first event is in.
    await waitFor(child.stderr, () => stderr, "⇠ event");
    child.kill("SIGINT");
    await waitFor(child.stdout, () => stdout, "reply stopped");
    expect(stdout).toMatch(/! reply stopped; task \S+ is canceled/);
    child.kill("SIGINT");
    const code = await exited;
    expect(code, stderr).toBe(0);
  });
});

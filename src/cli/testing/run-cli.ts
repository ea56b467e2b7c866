import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

// The real CLI as a subprocess, built by `npm test` (tsc -p tsconfig.build.json) before vitest runs.
const bin = fileURLToPath(new URL("../../../dist/cli/main.js", import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `plainwright args…` with NO_COLOR, no CI marker and no model cache (a scripted model's replies must
 * not outlive its test) unless `env` says otherwise; stdin gets `input`.
 * `onStderr` hears what the process has written to stderr so far, as it arrives (to act on an event);
 * `cwd` is the folder it runs in (where it looks for a config file).
 */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  input?: string,
  onStderr?: (soFar: string) => void,
  cwd?: string,
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      {
        env: { ...process.env, NO_COLOR: "1", PLAINWRIGHT_NO_CACHE: "1", ...env },
        timeout: 60_000,
        // A --json result carries the run's traffic: more than execFile's default 1 MiB of stdout.
        maxBuffer: 64 * 1024 * 1024,
        ...(cwd ? { cwd } : {}),
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 99) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    let soFar = "";
    if (onStderr)
      child.stderr?.on("data", (chunk: Buffer | string) => {
        soFar += chunk.toString();
        onStderr(soFar);
      });
    child.stdin?.end(input ?? "");
  });
}

/** A prompt the CLI should print on its terminal, and what to type when it does. */
export interface TerminalAnswer {
  prompt: string;
  type: string;
}

const shellQuoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * Runs `plainwright args…` on a pseudo-terminal (util-linux `script`, part of every Debian system), so that
 * stdin and stdout are a terminal as a user's are; each answer is typed once its prompt has appeared, in
 * order. `output` is everything the terminal showed (prompts, echoed typing, the CLI's output).
 */
export function runCliOnTerminal(
  args: string[],
  answers: readonly TerminalAnswer[],
  cwd: string,
): Promise<{ code: number; output: string }> {
  const command = [process.execPath, bin, ...args].map(shellQuoted).join(" ");
  return new Promise((resolve) => {
    const child = execFile(
      "script",
      ["-qec", command, "/dev/null"],
      {
        env: { ...process.env, NO_COLOR: "1", PLAINWRIGHT_NO_CACHE: "1", TERM: "xterm" },
        timeout: 60_000,
        cwd,
      },
      (error, stdout) => {
        const code = error ? (typeof error.code === "number" ? error.code : 99) : 0;
        resolve({ code, output: stdout });
      },
    );
    let soFar = "";
    let next = 0;
    let from = 0;
    child.stdout?.on("data", (chunk: Buffer | string) => {
      soFar += chunk.toString();
      const answer = answers[next];
      if (!answer) return;
      const at = soFar.indexOf(answer.prompt, from);
      if (at < 0) return;
      from = at + answer.prompt.length;
      next += 1;
      child.stdin?.write(`${answer.type}\r`);
      // The last answer typed: the terminal's input ends when the CLI does.
    });
  });
}

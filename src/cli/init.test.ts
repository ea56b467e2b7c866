import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { loadConfig } from "./config-file.js";
import { exitCodes } from "./exit-codes.js";
import { runCli, runCliOnTerminal } from "./testing/run-cli.js";

const token = "init-test-token-123";
let agent: RunningAgent;
beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0, bearerToken: [token] });
});
afterAll(() => agent.close());

const folder = () => mkdtempSync(join(tmpdir(), "pw-init-"));
const init = (cwd: string, args: string[]) => runCli(["init", ...args], {}, undefined, undefined, cwd);

describe("plainwright init", () => {
  it("probes the agent and writes a config, tests, a .gitignore entry and a CI workflow that run as written", async () => {
    const cwd = folder();
    writeFileSync(join(cwd, ".gitignore"), "node_modules");
    const r = await init(cwd, ["--url", agent.url, "--yes"]);
    expect(r.code, r.stderr).toBe(exitCodes.passed);
    expect(r.stdout).toContain(
      `Found Plainwright Helpdesk at ${agent.url}: JSONRPC, HTTP+JSON, GRPC; security: bearerAuth (bearer)`,
    );
    for (const file of [
      "plainwright.config.json",
      "tests/smoke.json",
      "tests/conformance.json",
      ".github/workflows/plainwright.yml",
    ])
      expect(existsSync(join(cwd, file)), file).toBe(true);
    expect(existsSync(join(cwd, "tests/conversation.json"))).toBe(false);
    expect(readFileSync(join(cwd, ".gitignore"), "utf8")).toBe("node_modules\nreports/\n");
    const config = await loadConfig({ cwd });
    expect(config?.settings).toMatchObject({
      agent_url: agent.url,
      credentials: { bearer: { secret: "AGENT_TOKEN" } },
    });
    expect(readFileSync(join(cwd, ".github/workflows/plainwright.yml"), "utf8")).toContain(
      "PLAINWRIGHT_SECRET_AGENT_TOKEN: ${{ secrets.AGENT_TOKEN }}",
    );
    // The files run as they are, with the token the config names by its secret name.
    const run = await runCli(
      ["run", "--grep", "smoke"],
      { PLAINWRIGHT_SECRET_AGENT_TOKEN: token },
      undefined,
      undefined,
      cwd,
    );
    expect(run.code, run.stdout).toBe(exitCodes.passed);
    expect(existsSync(join(cwd, "reports", "last", "plainwright-report.html"))).toBe(true);
  });

  it("adds a conversation and a red-team skeleton when a model is named", async () => {
    const cwd = folder();
    const r = await init(cwd, ["--url", agent.url, "--yes", "--model", "anthropic:claude-sonnet-4-5"]);
    expect(r.code, r.stderr).toBe(exitCodes.passed);
    expect(existsSync(join(cwd, "tests/conversation.json"))).toBe(true);
    expect(existsSync(join(cwd, "tests/redteam.json"))).toBe(true);
    const list = await runCli(["run", "--list"], {}, undefined, undefined, cwd);
    expect(list.stdout).toMatch(/^4 tests:/);
  });

  it("refuses to overwrite without --force, names what exists, and writes nothing", async () => {
    const cwd = folder();
    writeFileSync(join(cwd, "plainwright.config.json"), "{}");
    const r = await init(cwd, ["--url", agent.url, "--yes"]);
    expect(r.code).toBe(exitCodes.error);
    expect(r.stderr).toContain("plainwright.config.json already exists");
    expect(existsSync(join(cwd, "tests"))).toBe(false);
    expect(readFileSync(join(cwd, "plainwright.config.json"), "utf8")).toBe("{}");
    const forced = await init(cwd, ["--url", agent.url, "--yes", "--force"]);
    expect(forced.code).toBe(exitCodes.passed);
    expect(readFileSync(join(cwd, "plainwright.config.json"), "utf8")).toContain(agent.url);
  });

  it("never writes outside the working folder, and writes for an agent it cannot reach with a note", async () => {
    const cwd = folder();
    // A link inside the folder that points outside it is outside too.
    const away = folder();
    symlinkSync(away, join(cwd, "link"));
    const linked = await init(cwd, ["--url", agent.url, "--yes", "--dir", "link"]);
    expect(linked.code).toBe(exitCodes.usage);
    expect(readdirSync(away)).toEqual([]);
    const outside = await init(cwd, ["--url", agent.url, "--yes", "--dir", "../elsewhere"]);
    expect(outside.code).toBe(exitCodes.usage);
    expect(outside.stderr).toContain("init writes only inside the working folder");
    const down = await init(cwd, ["--url", "http://127.0.0.1:9", "--yes"]);
    expect(down.code).toBe(exitCodes.passed);
    expect(down.stdout).toContain("Could not read the agent's card");
    expect(existsSync(join(cwd, "plainwright.config.json"))).toBe(true);
  });

  it("on a terminal asks for the URL, the model and the kinds, shows what is typed and writes what was answered", async () => {
    const cwd = folder();
    const r = await runCliOnTerminal(
      ["init"],
      [
        { prompt: "The agent's URL (http://127.0.0.1:9999): ", type: agent.url },
        { prompt: "(provider:name, or none) (none): ", type: "" },
        { prompt: "(smoke,conformance): ", type: "smoke" },
      ],
      cwd,
    );
    expect(r.code, r.output).toBe(exitCodes.passed);
    // The terminal echoes what was typed after its prompt.
    expect(r.output).toMatch(new RegExp(`The agent's URL \\(http://127\\.0\\.0\\.1:9999\\): .*${agent.url}`));
    expect(existsSync(join(cwd, "tests", "smoke.json"))).toBe(true);
    expect(existsSync(join(cwd, "tests", "conformance.json"))).toBe(false);
    const config = JSON.parse(readFileSync(join(cwd, "plainwright.config.json"), "utf8")) as {
      agent_url?: string;
    };
    expect(config.agent_url).toBe(agent.url);
  });

  it("on a terminal refuses an answer that names no kind, and writes nothing", async () => {
    const cwd = folder();
    const r = await runCliOnTerminal(
      ["init"],
      [
        { prompt: "The agent's URL (http://127.0.0.1:9999): ", type: agent.url },
        { prompt: "(provider:name, or none) (none): ", type: "none" },
        { prompt: "(smoke,conformance): ", type: "smoke,benchmark" },
      ],
      cwd,
    );
    expect(r.code).toBe(exitCodes.usage);
    expect(r.output).toContain("--kinds: unknown benchmark");
    expect(existsSync(join(cwd, "plainwright.config.json"))).toBe(false);
  });

  it("asks nothing when stdin is not a terminal, even without --yes", async () => {
    const cwd = folder();
    const r = await runCli(["init", "--url", agent.url], {}, "ignored\n", undefined, cwd);
    expect(r.code).toBe(exitCodes.passed);
    expect(r.stdout).not.toContain("The agent's URL (");
  });
});

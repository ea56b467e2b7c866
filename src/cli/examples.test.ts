import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { conversationScript, judgeSays, userSays } from "../conversation/testing/scripts.js";
import { startScriptedModel, type ScriptedModel } from "../llm/testing/scripted-model.js";
import { readTestFiles } from "../runner/test-definition.js";
import { runCli } from "./testing/run-cli.js";

// The README's examples/ must stay valid and must pass against the reference agent they describe.
const examples = fileURLToPath(new URL("../../examples/", import.meta.url));
const files = readdirSync(examples).filter((f) => f.endsWith(".json"));
// The a2a, conformance and conversation examples run here; the red-team and load examples have their own tests.
const runnable = files.filter((f) => {
  const kind = (JSON.parse(readFileSync(join(examples, f), "utf8")) as { kind?: string }).kind;
  return kind === "a2a" || kind === "conformance" || kind === "conversation";
});
const dir = mkdtempSync(join(tmpdir(), "pw-examples-"));

let agent: RunningAgent;
let model: ScriptedModel;
beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0", slowTaskMs: 2000 });
  model = await startScriptedModel(
    "openai",
    conversationScript({ user: userSays({ 2: "Yes, please refund it." }), judge: judgeSays("passed") }),
  );
});
afterAll(async () => {
  await agent.close();
  await model.close();
});

/** The example with its agent (127.0.0.1:9998 in the README) moved to the agent this test started. */
function onTestAgent(name: string): string {
  const text = readFileSync(join(examples, name), "utf8").replaceAll("http://127.0.0.1:9998", agent.url);
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("examples/", () => {
  it("holds one valid test file of each kind, with no warnings", async () => {
    const { tests, invalid } = await readTestFiles(files.map((f) => join(examples, f)));
    expect(invalid).toEqual([]);
    expect(tests.flatMap((t) => t.warnings)).toEqual([]);
    const kinds = new Set(tests.map((t) => t.definition.kind));
    for (const kind of ["a2a", "conformance", "conversation"]) expect(kinds).toContain(kind);
  });

  it.each(runnable)("%s passes against the reference agent", async (name) => {
    const r = await runCli(["run", onTestAgent(name), "--json"], {
      PLAINWRIGHT_SECRET_AGENT_TOKEN: "s3cret-token",
      PLAINWRIGHT_MODEL: "openai-compatible:scripted",
      PLAINWRIGHT_MODEL_BASE_URL: model.baseURL,
    });
    const result = JSON.parse(r.stdout) as { status: string; reason?: string };
    expect(result.reason).toBeUndefined();
    expect(result.status).toBe("passed");
    expect(r.code).toBe(0);
  });
});

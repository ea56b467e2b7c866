import { describe, expect, it } from "vitest";
import type { RunEvent } from "../model/events.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { Run } from "./run.js";
import { runTestDefinition } from "./run-test.js";
import { parseTestDefinition } from "./test-definition.js";

const tooShort = (warnings: readonly string[]) =>
  warnings.filter((w) => w.includes("shorter than 8 characters"));

describe("a secret too short to redact from text", () => {
  it("is said once in the result's warnings and leaves ordinary words whole", () => {
    const run = new Run({
      kind: "a2a",
      agentUrl: "http://127.0.0.1:9/",
      secrets: ["x", "long-enough-secret"],
    });
    const closed = run.finish("failed", "the task has no contextId");
    expect(closed.reason).toBe("the task has no contextId");
    expect(tooShort(closed.warnings)).toHaveLength(1);
  });

  it("learnt during the run (a model key such as OPENAI_API_KEY=x) is warned of by name, as it happens, never by value", () => {
    const events: RunEvent[] = [];
    const run = new Run({ kind: "conversation", agentUrl: null, onEvent: (e) => events.push(e) });
    run.addSecret("x", "OPENAI_API_KEY");
    run.addSecret("long-enough-key", "ANTHROPIC_API_KEY");
    const closed = run.finish("passed");
    expect(tooShort(closed.warnings)).toEqual([
      "secret OPENAI_API_KEY is shorter than 8 characters, too short to redact from text reliably: headers that carry credentials are still redacted by name, but its value may appear elsewhere in the output",
    ]);
    const told = events.filter((e) => e.type === "warning");
    expect(told).toEqual([{ type: "warning", message: closed.warnings[0] }]);
  });

  it("named by {{secrets.NAME}} in a test file gets the same warning by name, and the run goes on", async () => {
    const test = parseTestDefinition(
      {
        name: "short secret",
        kind: "a2a",
        // Port 9 (discard): nothing answers, which is all this test needs: the run starts and reaches out.
        config: { agent_url: "http://127.0.0.1:9", headers: { "X-Pin": "{{secrets.PIN}}" }, timeout_s: 5 },
      },
      "short-secret.test.json",
    );
    const result = await runTestDefinition(test, {
      secrets: { values: { PIN: "1234" }, env: {} },
      policy: commandLinePolicy,
    });
    expect(result.reason ?? "").not.toMatch(/PIN/);
    expect(tooShort(result.warnings)).toEqual([
      expect.stringMatching(/^secret PIN is shorter than 8 characters/),
    ]);
    expect(result.warnings.join("\n")).not.toContain("1234");
  });

  it("typed into a header (--bearer, -H) is warned of by its header, also under another caller's identity", async () => {
    const test = parseTestDefinition(
      {
        name: "short bearer",
        kind: "conformance",
        config: {
          agent_url: "http://127.0.0.1:9",
          headers: { Authorization: "Bearer ab12" },
          identities: [{ name: "bob", headers: { "X-Api-Key": "k9" } }],
          timeout_s: 5,
        },
      },
      "short-bearer.test.json",
    );
    const result = await runTestDefinition(test, {
      secrets: { values: {}, env: {} },
      policy: commandLinePolicy,
    });
    expect(tooShort(result.warnings)).toEqual([
      expect.stringMatching(/^secret header Authorization is shorter than 8 characters/),
      expect.stringMatching(/^secret identity bob header X-Api-Key is shorter than 8 characters/),
    ]);
    expect(result.warnings.join("\n")).not.toMatch(/ab12|k9/);
  });
});

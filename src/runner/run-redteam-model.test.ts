import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LanguageModelClient } from "../llm/types.js";
import { judgeSays } from "../conversation/testing/scripts.js";
import { startScriptedModel, type ScriptedModel } from "../llm/testing/scripted-model.js";
import type { RunResult } from "../model/result.js";
import { redteamRunAgainst } from "./testing/redteam-run.js";

// The scripted judge finds every criterion unmet: only deterministic detectors can flag anything here.
let model: ScriptedModel;
beforeAll(async () => {
  model = await startScriptedModel("openai", (call) =>
    call.role === "judge" ? { json: judgeSays("failed")(call) } : { text: "not used" },
  );
});
afterAll(() => model.close());

function jailbreakRun(vuln: string[]): Promise<RunResult> {
  return redteamRunAgainst(vuln, { packs: ["jailbreak"], attempts: 2 }, model.baseURL);
}

const failing = (r: RunResult) =>
  (r.findings ?? []).filter((f) => f.status === "fail").map((f) => f.id.replace("redteam.jailbreak.", ""));

describe("red team with a model judge", () => {
  it("flags every framed harmful request on --vuln jailbreakable by its compliance code; the judge cannot overrule it", async () => {
    const result = await jailbreakRun(["jailbreakable"]);
    expect(failing(result).sort()).toEqual([
      "adaptive",
      "composite",
      "crescendo",
      "encoded",
      "hypothetical",
      "obfuscated",
      "role-play",
    ]);
    const pack = result.redteam!.packs[0]!;
    expect(pack.rate).toBe(1);
    expect(pack.over_refusal?.count).toBe(0);
    expect(result.redteam!.judge_model).toBe("openai-compatible:scripted");
  });

  it("measures over-refusal from the harmless twins on --vuln over-refusing", async () => {
    const result = await jailbreakRun(["over-refusing"]);
    expect(failing(result).sort()).toEqual([
      "twin-composite",
      "twin-crescendo",
      "twin-encoded",
      "twin-hypothetical",
      "twin-kill-process",
      "twin-obfuscated",
      "twin-role-play",
    ]);
    expect(result.redteam!.packs[0]!.over_refusal).toMatchObject({ count: 14, attempts: 14, rate: 1 });
  });

  it("passes the hardened agent: harmful requests refused, twins answered, the judge asked where no marker decides", async () => {
    const calls = model.calls.length;
    const result = await jailbreakRun([]);
    expect(failing(result)).toEqual([]);
    expect(result.redteam!.packs[0]).toMatchObject({ successes: 0, over_refusal: { count: 0 } });
    expect(model.calls.length).toBeGreaterThan(calls);
  });

  it("calls a judge and an attacker that cannot be reached once each, says so once, and leaves their attempts undecided", async () => {
    // A port nothing listens on: the model's server is down.
    const down = await new Promise<string>((resolve) => {
      const probe = createServer();
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(`http://127.0.0.1:${port}/v1`));
      });
    });
    let calls = 0;
    const counted = (client: LanguageModelClient): LanguageModelClient => ({
      ...client,
      chat: (request) => {
        calls++;
        return client.chat(request);
      },
    });
    const result = await redteamRunAgainst([], { packs: ["jailbreak"], attempts: 2 }, down, {
      modelWrap: counted,
    });
    expect(calls).toBe(2);
    const said = result.warnings.filter((w) => w.includes("cannot be reached"));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(`the judge: the model openai-compatible:scripted at ${down} cannot be reached`);
    expect(said[0]).toMatch(/check that it is running/);
    const graded = result.redteam!.attacks.flatMap((a) => a.records).filter((r) => r.decided_by === "judge");
    expect(graded.length).toBeGreaterThan(1);
    expect(graded.every((r) => r.outcome === "undecided")).toBe(true);
    expect(result.status).not.toBe("error");
  });
});

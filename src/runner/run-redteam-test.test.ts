import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, SYSTEM_PROMPT_CANARY, type RunningAgent } from "../agent/index.js";
import { redteamPacks, type RedteamPackId } from "../model/redteam.js";
import type { RunResult } from "../model/result.js";
import { runRedteamTest } from "./run-redteam-test.js";
import type { A2ATestConfig } from "./test-definition.js";

const policy = { allowLoopback: true, allowPrivate: true, allowHosts: [] };
const alice = { Authorization: "Bearer alice-token" };
const bob = { name: "bob", headers: { Authorization: "Bearer bob-token" } };

async function redteam(
  agent: RunningAgent,
  packs: RedteamPackId[],
  extra: Partial<A2ATestConfig> = {},
): Promise<RunResult> {
  const config = {
    agent_url: agent.url,
    headers: alice,
    strict_card: false,
    timeout_s: 10,
    packs,
    attempts: 2,
    identities: [bob],
    ...extra,
  } as A2ATestConfig;
  return runRedteamTest({ config, policy, env: {}, pollIntervalMs: 50 });
}

const failing = (r: RunResult) => (r.findings ?? []).filter((f) => f.status === "fail").map((f) => f.id);

// The no-model packs, each against the vulnerable mode it must flag.
// `resisted`: attacks of the pack the mode does not open (the reference agent's task ids are random: none is guessed).
const table: Array<{ vuln: string; pack: RedteamPackId; flagged: string[]; resisted?: string[] }> = [
  {
    vuln: "injectable",
    pack: "prompt-injection",
    flagged: [
      "direct-override",
      "data-part",
      "file-part",
      "file-name",
      "file-metadata",
      "artifact-shaped",
      "multi-turn-trigger",
      "payload-split",
      "many-shot",
    ],
  },
  {
    vuln: "prompt-leak",
    pack: "system-prompt-extraction",
    flagged: ["direct-ask", "repeat-above", "translate", "encode-base64"],
  },
  {
    vuln: "leaky-memory",
    pack: "data-exfiltration",
    flagged: ["card-recall", "key-other-context", "email-encoded"],
  },
  {
    vuln: "shared-tasks",
    pack: "cross-context-leakage",
    flagged: [
      "content-other-user",
      "get-task",
      "cancel-task",
      "list-tasks",
      "subscribe",
      "send-on-task",
      "send-on-context",
    ],
    resisted: ["guessed-task-id"],
  },
  {
    // Tasks as open with ids that count up: now B finds A's task without ever being told its id. What one
    // user said is not told to another (that is shared-tasks' answer), so content-other-user resists.
    vuln: "counting-ids",
    pack: "cross-context-leakage",
    flagged: [
      "get-task",
      "cancel-task",
      "list-tasks",
      "subscribe",
      "send-on-task",
      "send-on-context",
      "guessed-task-id",
    ],
    resisted: ["content-other-user"],
  },
  {
    vuln: "over-agency",
    pack: "excessive-agency",
    flagged: ["honeypot-fetch", "send-email", "refund-everything", "pretext-refund", "metadata-webhook"],
  },
  {
    vuln: "jailbreakable",
    pack: "jailbreak",
    flagged: ["role-play", "hypothetical", "encoded", "crescendo", "obfuscated", "composite"],
  },
  {
    vuln: "spoofable",
    pack: "identity-spoofing",
    flagged: ["metadata-admin", "text-admin", "support-override"],
  },
];

describe("red team without a model, against the reference agent", () => {
  let hardened: RunningAgent;
  beforeAll(async () => {
    hardened = await startReferenceAgent({ workMs: 5, slowTaskMs: 800 });
  });
  afterAll(() => hardened.close());

  it.each(table)(
    "every pack runs on --vuln $vuln and only the $pack pack flags it, every attack it opens, with the transcript",
    async ({ vuln, pack, flagged, resisted = [] }) => {
      const agent = await startReferenceAgent({ workMs: 5, slowTaskMs: 800, vuln: [vuln] });
      try {
        const result = await redteam(agent, [...redteamPacks]);
        expect(result.status).toBe("failed");
        // Exactly its pack: no other pack flags a weakness the mode does not have.
        expect(failing(result).sort()).toEqual(flagged.map((a) => `redteam.${pack}.${a}`).sort());
        const summary = result.redteam!.packs.find((p) => p.pack === pack)!;
        expect(summary.successes).toBe(flagged.length * 2);
        expect(summary.rate).toBe(flagged.length / (flagged.length + resisted.length));
        for (const id of resisted)
          expect(
            result.redteam!.attacks.find((a) => a.id === `${pack}.${id}`)?.records.map((r) => r.outcome),
          ).toEqual(["resisted", "resisted"]);
        const success = result.redteam!.attacks.find((a) => a.id === `${pack}.${flagged[0]}`)!.records[0]!;
        expect(success.outcome).toBe("success");
        expect(success.transcript.length).toBeGreaterThan(1);
      } finally {
        await agent.close();
      }
    },
  );

  it("the hardened agent passes every pack without a model; only the adaptive jailbreak is skipped, with the reason", async () => {
    const result = await redteam(hardened, [
      "prompt-injection",
      "jailbreak",
      "system-prompt-extraction",
      "data-exfiltration",
      "cross-context-leakage",
      "excessive-agency",
      "identity-spoofing",
    ]);
    expect(failing(result)).toEqual([]);
    expect(result.status).toBe("passed");
    const jailbreak = result.redteam!.packs.find((p) => p.pack === "jailbreak")!;
    expect(jailbreak.skipped).toBeUndefined();
    expect(jailbreak.over_refusal).toMatchObject({ count: 0 });
    expect(result.redteam!.attacks.find((a) => a.id === "jailbreak.adaptive")?.skipped).toMatch(
      /needs a model/,
    );
    for (const pack of result.redteam!.packs) {
      expect(pack.successes, pack.pack).toBe(0);
      expect(pack.attempts, pack.pack).toBeGreaterThan(0);
    }
  });

  it("an agent that refuses harmless questions shows over-refusal without a model, decided by the refusal detector", async () => {
    const agent = await startReferenceAgent({ workMs: 5, vuln: ["over-refusing"] });
    try {
      const result = await redteam(agent, ["jailbreak"]);
      const pack = result.redteam!.packs[0]!;
      expect(pack.over_refusal?.count).toBeGreaterThan(0);
      const twin = result.redteam!.attacks.find((a) => a.twin && a.refusals > 0)!;
      expect(twin.records[0]).toMatchObject({ outcome: "refused", decided_by: "refusal" });
      expect(failing(result)).toContain(`redteam.${twin.id}`);
    } finally {
      await agent.close();
    }
  });

  it("an agent that grants a claimed administrator without echoing any code is flagged by the differential", async () => {
    const agent = await startReferenceAgent({ workMs: 5, vuln: ["spoofable", "quiet"] });
    try {
      const result = await redteam(agent, ["identity-spoofing"]);
      expect(failing(result).sort()).toEqual(
        ["metadata-admin", "support-override", "text-admin"].map((a) => `redteam.identity-spoofing.${a}`),
      );
      for (const attack of result.redteam!.attacks) {
        expect(attack.records[0]).toMatchObject({ outcome: "success", decided_by: "differential" });
        expect(attack.records[0]!.evidence).toMatch(/^refused without the claim of authority, not with it/);
      }
    } finally {
      await agent.close();
    }
  });

  it("a jailbreak complied with in words but without the code is undecided without a judge, never resisted", async () => {
    const agent = await startReferenceAgent({ workMs: 5, vuln: ["jailbreakable", "quiet"] });
    try {
      const result = await redteam(agent, ["jailbreak"]);
      const roleplay = result.redteam!.attacks.find((a) => a.id === "jailbreak.role-play")!;
      expect(roleplay.records.map((r) => r.outcome)).toEqual(["undecided", "undecided"]);
      const pack = result.redteam!.packs[0]!;
      expect(pack.undecided).toBeGreaterThanOrEqual(2);
      expect(failing(result)).not.toContain("redteam.jailbreak.role-play");
      // The plain-harm refusal the quiet mode still gives is a refusal: those attempts are resisted.
      expect(pack.successes).toBe(0);
    } finally {
      await agent.close();
    }
  });

  it("forwards a --peer agent's real reply with a planted instruction: followed by an injectable agent, resisted by the hardened one", async () => {
    const injectable = await startReferenceAgent({ workMs: 5, vuln: ["injectable"] });
    try {
      const peer = { peer_url: hardened.url };
      const [open, safe] = await Promise.all([
        redteam(injectable, ["prompt-injection"], peer),
        redteam(hardened, ["prompt-injection"], peer),
      ]);
      const attack = (r: RunResult) =>
        r.redteam!.attacks.find((a) => a.id === "prompt-injection.peer-artifact")!;
      expect(attack(open).records.map((r) => r.outcome)).toEqual(["success", "success"]);
      expect(attack(open).records[0]!.decided_by).toBe("marker");
      expect(attack(safe).records.map((r) => r.outcome)).toEqual(["resisted", "resisted"]);
      // The peer's own words travel in the forwarded artifact.
      expect(attack(open).records[0]!.transcript[0]!.extras?.join(" ")).toContain("data part");
      expect(open.traffic?.some((t) => t.url.startsWith(hardened.url))).toBe(true);
    } finally {
      await injectable.close();
    }
  });

  it("skips the peer-artifact attack without --peer, and makes a peer that is down an error of the run", async () => {
    const without = await redteam(hardened, ["prompt-injection"]);
    expect(without.redteam!.attacks.find((a) => a.id === "prompt-injection.peer-artifact")?.skipped).toMatch(
      /needs --peer URL/,
    );
    const down = await redteam(hardened, ["prompt-injection"], { peer_url: "http://127.0.0.1:9" });
    expect(down.status).toBe("error");
    expect(down.reason).toMatch(/^--peer http:\/\/127\.0\.0\.1:9: /);
    expect(down.redteam).toBeUndefined();
  });

  it("a configured canary from the system prompt decides extraction, and is redacted from the result", async () => {
    const agent = await startReferenceAgent({ workMs: 5, vuln: ["prompt-leak"] });
    try {
      const result = await redteam(agent, ["system-prompt-extraction"], { canaries: [SYSTEM_PROMPT_CANARY] });
      const decided = result.redteam!.attacks.flatMap((a) => a.records.map((r) => r.decided_by));
      expect(decided).toContain("canary");
      expect(decided).toContain("decoded-leak");
      expect(JSON.stringify(result)).not.toContain(SYSTEM_PROMPT_CANARY);
    } finally {
      await agent.close();
    }
  });

  it("with one identity, the cross-context pack is skipped with the reason", async () => {
    const result = await redteam(hardened, ["cross-context-leakage"], { identities: [] });
    expect(result.redteam!.packs[0]!.skipped).toMatch(/needs 2 identities/);
  });
});

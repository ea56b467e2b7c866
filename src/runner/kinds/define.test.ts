import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startReferenceAgent, type RunningAgent } from "../../agent/index.js";
import type { RunEvent } from "../../model/events.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { executeRun } from "../execute-run.js";
import { chooseEndpoint } from "../reach.js";
import { defineRunKind } from "./define.js";
import { resultKindOf, runKinds } from "./index.js";
import { kindOptions } from "./options.js";

// A kind added as a demonstration: one declaration (its keys, if it has any, are one more schema in
// kinds/options.ts). It reads the card, picks the endpoint
// and counts the card's skills; the Run gives it the rest (events, the card section, closing, abort).
const skillCount = defineRunKind<{ min_skills?: number }>({
  kind: "skill-count",
  result: "a2a",
  title: "count the card's skills",
  reach: "judged",
  async execute(run, reached, request) {
    const endpoint = await chooseEndpoint(run, reached, request.policy);
    if (!endpoint) return run.finished!;
    const skills = reached.agent.validation?.card.skills.length ?? 0;
    const wanted = request.config.min_skills ?? 1;
    return skills >= wanted
      ? run.finish("passed")
      : run.finish("failed", `the card has ${skills} skills, fewer than ${wanted}`);
  },
});

let agent: RunningAgent;
beforeAll(async () => {
  agent = await startReferenceAgent({ port: 0, protocol: "1.0" });
});
afterAll(() => agent.close());

const config = (extra: object = {}) => ({ agent_url: agent.url, headers: {}, timeout_s: 5, ...extra });

describe("a run kind declared in one place", () => {
  it("gets the common life: run-started once, the card judged and recorded, run-finished once with the result", async () => {
    const events: RunEvent[] = [];
    const result = await executeRun(skillCount, {
      config: config(),
      policy: commandLinePolicy,
      name: "skills",
      onEvent: (e) => events.push(e),
    });
    expect(result.status, result.reason).toBe("passed");
    expect(result.card?.found_at).toContain("/.well-known/agent-card.json");
    expect(result.endpoint?.url).toBeTruthy();
    expect(result.traffic.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === "run-started")).toHaveLength(1);
    expect(events.map((e) => e.type)).toEqual(["run-started", "card-lookup", "card-read", "run-finished"]);
    const finished = events.at(-1);
    expect(finished?.type === "run-finished" && finished.result).toEqual(result);
  });

  it("reads its own options from the config and fails by its own rule", async () => {
    const result = await executeRun(skillCount, {
      config: config({ min_skills: 99 }),
      policy: commandLinePolicy,
    });
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/fewer than 99/);
  });

  it("is stopped by the Run when nothing answers, before its own work", async () => {
    const result = await executeRun(skillCount, {
      config: { ...config(), agent_url: "http://127.0.0.1:9" },
      policy: commandLinePolicy,
    });
    expect(result.status).toBe("error");
    expect(result.reason).toMatch(/^nothing answers at/);
  });

  it("ends as stopped when its signal is aborted before it starts", async () => {
    const controller = new AbortController();
    controller.abort(new Error("canceled by the user"));
    const result = await executeRun(skillCount, {
      config: config(),
      policy: commandLinePolicy,
      signal: controller.signal,
    });
    expect(result.status).toBe("error");
    expect(result.reason).toBe("the run was stopped: canceled by the user");
    expect(result.traffic).toEqual([]);
  });

  it("the registry lists every kind once, each with its own name, result kind and its keys' schema", async () => {
    for (const [name, load] of Object.entries(runKinds)) {
      const kind = await load();
      expect(kind.kind).toBe(name);
      expect(kind.result).toBe(resultKindOf[name as keyof typeof resultKindOf]);
      expect(kindOptions[name as keyof typeof kindOptions]).toBeInstanceOf(z.ZodObject);
    }
    expect(Object.keys(kindOptions).sort()).toEqual(Object.keys(runKinds).sort());
  });
});

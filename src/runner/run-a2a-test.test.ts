import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "../agent/index.js";
import { commandLinePolicy, serverPolicy } from "../net/outbound-policy.js";
import type { RunResult } from "../model/result.js";
import { runA2ATest } from "./run-a2a-test.js";

const started: RunningAgent[] = [];
afterAll(async () => {
  await Promise.all(started.map((a) => a.close()));
});

async function agent(
  protocol: AgentProtocol,
  flaw?: string,
  extra: { host?: string; slowCardMs?: number } = {},
): Promise<RunningAgent> {
  const a = await startReferenceAgent({ port: 0, protocol, ...(flaw ? { flaw } : {}), ...extra });
  started.push(a);
  return a;
}

function run(
  agentUrl: string,
  opts: { timeout_s?: number; strict?: boolean; mode?: "card" | "smoke" } = {},
): Promise<RunResult> {
  return runA2ATest({
    config: {
      agent_url: agentUrl,
      headers: {},
      strict_card: opts.strict ?? true,
      timeout_s: opts.timeout_s ?? 10,
    },
    mode: opts.mode ?? "smoke",
    policy: commandLinePolicy,
    pollIntervalMs: 100,
  });
}

const paths = (issues: readonly { path: string }[] | undefined) => (issues ?? []).map((i) => i.path);

describe("a run against the reference agent with no flaw", () => {
  it.each(["1.0", "0.3"] as const)(
    "passes on A2A %s with a completed task that has text",
    async (protocol) => {
      const a = await agent(protocol);
      const result = await run(a.url);
      expect(result.reason).toBeUndefined();
      expect(result.status).toBe("passed");
      expect(result.scores).toEqual({ card: 1, smoke: 1 });
      expect(result.card?.found_at).toBe(`${a.url}/.well-known/agent-card.json`);
      expect(result.card?.errors).toEqual([]);
      expect(result.smoke).toMatchObject({ reply_kind: "task", task_state: "completed", passed: true });
      expect(result.smoke?.text).not.toBe("");
      expect(result.smoke?.request.method).toBe(protocol === "1.0" ? "SendMessage" : "message/send");
      expect(result.traffic.length).toBeGreaterThanOrEqual(2);
    },
  );

  it("card mode sends no message", async () => {
    const a = await agent("1.0");
    const result = await run(a.url, { mode: "card" });
    expect(result.status).toBe("passed");
    expect(result.smoke).toBeUndefined();
    expect(result.traffic.every((t) => t.method === "GET")).toBe(true);
  });
});

interface FlawCase {
  flaw: string;
  protocol: AgentProtocol;
  status: RunResult["status"];
  reason?: RegExp;
  error?: string;
  warning?: string;
  check?: (r: RunResult) => void;
  timeout_s?: number;
}

const cardRow = (flaw: string, protocol: AgentProtocol, kind: "error" | "warning", path: string): FlawCase =>
  kind === "error"
    ? { flaw, protocol, status: "failed", error: path, reason: /the card has \d+ errors?/ }
    : { flaw, protocol, status: "passed", warning: path };

// The card validation of docs/test-files.md, one row per flaw: errors fail, warnings never do.
const cardCases: FlawCase[] = [
  cardRow("card-missing-name", "1.0", "error", "name"),
  cardRow("card-missing-name", "0.3", "error", "name"),
  cardRow("card-empty-description", "0.3", "error", "description"),
  cardRow("card-missing-version", "1.0", "error", "version"),
  cardRow("card-bad-url", "0.3", "error", "url"),
  cardRow("card-url-only-in-interfaces", "0.3", "warning", "url"),
  cardRow("card-bad-protocol-version", "0.3", "error", "protocolVersion"),
  cardRow("card-no-protocol-version", "0.3", "warning", "protocolVersion"),
  cardRow("card-bad-preferred-transport", "0.3", "error", "preferredTransport"),
  cardRow("card-interfaces-not-list", "0.3", "error", "additionalInterfaces"),
  cardRow("card-no-capabilities", "1.0", "error", "capabilities"),
  cardRow("card-capability-not-boolean", "0.3", "warning", "capabilities.streaming"),
  cardRow("card-no-input-modes", "0.3", "error", "defaultInputModes"),
  cardRow("card-skills-not-list", "1.0", "error", "skills"),
  cardRow("card-no-skills", "0.3", "warning", "skills"),
  cardRow("card-skill-missing-id", "0.3", "error", "skills[0].id"),
  cardRow("card-duplicate-skill-id", "0.3", "error", "skills[1].id"),
  cardRow("card-skill-tags-not-strings", "1.0", "error", "skills[0].tags"),
  cardRow("card-skill-no-tags", "0.3", "warning", "skills[0].tags"),
  cardRow("card-skill-examples-not-list", "0.3", "warning", "skills[0].examples"),
  cardRow("card-no-provider-organization", "0.3", "warning", "provider.organization"),
  cardRow("card-bad-documentation-url", "1.0", "warning", "documentationUrl"),
  cardRow("card-snake-case", "0.3", "warning", "default_input_modes"),
  cardRow("card-interface-missing-binding", "1.0", "error", "supportedInterfaces[0].protocolBinding"),
];

const tried = (r: RunResult) => (r.card?.tried ?? []).map((t) => t.outcome).join("\n");

const discoveryCases: FlawCase[] = [
  {
    flaw: "card-legacy-path-only",
    protocol: "0.3",
    status: "passed",
    check: (r) => expect(r.card?.found_at).toMatch(/\/\.well-known\/agent\.json$/),
  },
  {
    flaw: "card-oversize",
    protocol: "1.0",
    status: "failed",
    reason: /no agent card found/,
    check: (r) => expect(tried(r)).toMatch(/512 KB/),
  },
  {
    flaw: "card-not-json",
    protocol: "1.0",
    status: "failed",
    reason: /no agent card found/,
    check: (r) => expect(tried(r)).toMatch(/not JSON \(text\/html\)/),
  },
  {
    flaw: "card-truncated-json",
    protocol: "0.3",
    status: "failed",
    reason: /no agent card found/,
    check: (r) => expect(tried(r)).toMatch(/not JSON/),
  },
  {
    flaw: "card-redirect-loop",
    protocol: "1.0",
    status: "failed",
    reason: /no agent card found/,
    check: (r) => expect(tried(r)).toMatch(/redirect/),
  },
  {
    flaw: "card-redirect-metadata",
    protocol: "1.0",
    status: "failed",
    reason: /no agent card found/,
    check: (r) => {
      expect(tried(r)).toMatch(/169\.254\.169\.254/);
      expect(r.traffic.some((t) => t.url.includes("169.254") && t.status !== undefined)).toBe(false);
    },
  },
  {
    flaw: "endpoint-metadata",
    protocol: "0.3",
    status: "failed",
    reason: /endpoint isn't allowed.*169\.254\.169\.254/,
  },
];

const smokeCases: FlawCase[] = [
  { flaw: "task-fails", protocol: "1.0", status: "failed", reason: /^the task failed/ },
  { flaw: "task-fails", protocol: "0.3", status: "failed", reason: /^the task failed/ },
  { flaw: "reply-no-text", protocol: "0.3", status: "failed", reason: /^the reply contains no text$/ },
  {
    flaw: "reply-not-a2a",
    protocol: "1.0",
    status: "failed",
    reason: /^the reply is neither a Message nor a Task$/,
  },
  {
    flaw: "reply-not-a2a",
    protocol: "0.3",
    status: "failed",
    reason: /^the reply is neither a Message nor a Task$/,
  },
  {
    flaw: "task-never-completes",
    protocol: "0.3",
    status: "failed",
    reason: /the task never completed: still working after 2 s/,
    timeout_s: 2,
  },
  {
    flaw: "message-reply",
    protocol: "1.0",
    status: "passed",
    check: (r) => expect(r.smoke?.reply_kind).toBe("message"),
  },
  {
    flaw: "tasks-send-only",
    protocol: "0.3",
    status: "passed",
    check: (r) => {
      expect(r.smoke?.request.method).toBe("tasks/send");
      expect(r.warnings.join("\n")).toMatch(/claims A2A 0\.3 but message\/send is unknown.*tasks\/send/);
      expect(r.protocol?.negotiated).toBe("0.1");
    },
  },
  {
    flaw: "tasks-send-only",
    protocol: "1.0",
    status: "passed",
    check: (r) => expect(r.warnings.join("\n")).toMatch(/claims A2A 1\.0 but SendMessage is unknown/),
  },
  {
    flaw: "stream-reply-to-send",
    protocol: "0.3",
    status: "passed",
    check: (r) => expect(r.smoke?.task_state).toBe("completed"),
  },
  {
    flaw: "stream-reply-to-send",
    protocol: "1.0",
    status: "passed",
    check: (r) => expect(r.smoke?.task_state).toBe("completed"),
  },
];

describe("each flaw of the reference agent gives the status docs/test-files.md prescribes", () => {
  it.each(
    [...cardCases, ...discoveryCases, ...smokeCases].map(
      (c) => [`${c.flaw} (A2A ${c.protocol})`, c] as const,
    ),
  )("%s", async (_name, c) => {
    const a = await agent(c.protocol, c.flaw);
    const result = await run(a.url, { timeout_s: c.timeout_s ?? 10 });
    expect(result.status, result.reason).toBe(c.status);
    if (c.reason) expect(result.reason).toMatch(c.reason);
    if (c.error) expect(paths(result.card?.errors)).toContain(c.error);
    if (c.warning) {
      expect(paths(result.card?.warnings)).toContain(c.warning);
      expect(result.card?.errors).toEqual([]);
    }
    c.check?.(result);
  });
});

describe("card options and hosts", () => {
  it("strict_card off reports card errors without failing", async () => {
    const a = await agent("1.0", "card-missing-name");
    const result = await run(a.url, { strict: false });
    expect(result.status).toBe("passed");
    expect(result.scores.card).toBe(0);
    expect(paths(result.card?.errors)).toContain("name");
  });

  it("finds a card published under a sub-path only when given that path", async () => {
    const a = await agent("0.3", "card-under-subpath");
    const withPath = await run(`${a.url}/support`);
    expect(withPath.status, withPath.reason).toBe("passed");
    expect(withPath.card?.found_at).toBe(`${a.url}/support/.well-known/agent-card.json`);
    const atRoot = await run(a.url);
    expect(atRoot.status).toBe("failed");
    expect(atRoot.card?.tried.map((t) => t.url)).toEqual([
      `${a.url}/.well-known/agent-card.json`,
      `${a.url}/.well-known/agent.json`,
    ]);
  });

  it("tries the four well-known locations, then the URL itself, in order and reports each", async () => {
    const a = await agent("0.3", "card-under-subpath");
    const result = await run(`${a.url}/elsewhere`);
    expect(result.card?.tried.map((t) => t.url.replace(a.url, ""))).toEqual([
      "/elsewhere/.well-known/agent-card.json",
      "/elsewhere/.well-known/agent.json",
      "/.well-known/agent-card.json",
      "/.well-known/agent.json",
      "/elsewhere",
    ]);
    expect(result.card?.tried.every((t) => t.outcome.startsWith("HTTP 4"))).toBe(true);
  });

  it("fetches a URL ending in .json as the card itself", async () => {
    const a = await agent("1.0");
    const result = await run(a.cardUrl);
    expect(result.card?.tried).toHaveLength(1);
    expect(result.status).toBe("passed");
  });

  it("gives up on a slow card location at the timeout", async () => {
    const a = await agent("1.0", "card-slow", { slowCardMs: 4000 });
    const result = await run(a.url, { timeout_s: 1 });
    expect(result.status).toBe("failed");
    expect(tried(result)).toMatch(/1 s/);
  });

  it("moves a loopback card URL onto the host the user reached", async () => {
    const a = await agent("0.3", "card-loopback-url", { host: "127.0.0.2" });
    const result = await run(a.url);
    expect(a.url).toContain("127.0.0.2");
    expect(result.status, result.reason).toBe("passed");
    expect(result.endpoint?.rewritten_from).toMatch(/^http:\/\/localhost:/);
    expect(result.endpoint?.url.startsWith(a.url)).toBe(true);
  });

  it("is an error, before anything is sent, when the agent URL is not allowed", async () => {
    const refused = await runA2ATest({
      config: { agent_url: "http://127.0.0.1:9/", headers: {}, strict_card: true, timeout_s: 5 },
      mode: "card",
      policy: serverPolicy,
    });
    expect(refused.status).toBe("error");
    expect(refused.reason).toMatch(/agent URL not allowed/);
    expect(refused.traffic).toEqual([]);
    const metadata = await run("http://169.254.169.254/latest");
    expect(metadata.status).toBe("error");
    expect(metadata.traffic).toEqual([]);
  });
});

describe("secrets", () => {
  it("never appear in the result, even inside URLs, reasons and discovery outcomes", async () => {
    const a = await agent("1.0");
    const secret = "tok-5up3r-s3cr3t";
    const result = await runA2ATest({
      config: {
        agent_url: `${a.url}/${secret}`,
        headers: { Authorization: `Bearer ${secret}`, "X-Custom": secret },
        strict_card: true,
        timeout_s: 5,
      },
      mode: "smoke",
      policy: commandLinePolicy,
      secrets: [secret],
    });
    expect(result.status).toBe("passed"); // the card is found at the root after the secret path misses
    const text = JSON.stringify(result);
    expect(text).not.toContain(secret);
    expect(text).toContain("[redacted]");
    expect(result.card?.tried[0]?.url).toBe(`${a.url}/[redacted]/.well-known/agent-card.json`);
  });
});

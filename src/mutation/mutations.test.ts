import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "../agent/index.js";
import type { CheckCategory } from "../model/finding.js";
import type { Finding } from "../model/finding.js";
import { catalogue } from "../checks/index.js";
import type { Transport } from "../model/transport.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance } from "../runner/run-conformance.js";
import { conformThroughProxy, type Given } from "../runner/testing/conform-through-proxy.js";
import { hints } from "../runner/testing/reference-conform.js";
import { MUTATIONS } from "./mutations/index.js";
import { startMutationProxy } from "./proxy.js";
import { checkFor, correctTwin, type Generation, type Mutation } from "./types.js";

const FAILED = new Set(["fail", "error"]);

/** What a run is given beside the agent: credentials and a second caller, or a peer. */

/** The run's own caller and a second one, for the mutations of authentication and task scope. */
const OWNER = "owner-token-0123456789";
const OTHER = "other-token-0123456789";
const withCredentials: Given = {
  headers: { Authorization: `Bearer ${OWNER}` },
  credentialsGiven: true,
  identities: [{ name: "other", headers: { Authorization: `Bearer ${OTHER}` } }],
};

/**
 * The bindings over which a mutation must fail its check: those it declares that the check runs on
 * (gRPC too, on 0.3 as on 1.0); none for a check of the whole agent.
 */
function declaredBindings(m: Mutation, checkId: string): Transport[] {
  const check = catalogue.find((c) => c.id === checkId);
  if (!check || check.scope === "agent") return [];
  const runs = check.bindings ?? ["JSONRPC", "HTTP+JSON", "GRPC"];
  return (m.bindings ?? []).filter((b) => runs.includes(b));
}

const failed = (findings: Finding[], check: string) =>
  findings
    .filter((f) => f.id === check && FAILED.has(f.status))
    .map((f) => `${f.transport ?? ""} ${f.message ?? ""}`);

/**
 * Checks no mutation can fail, each with the reason. A MAY check never fails (a MAY not done is a
 * note), so no deviation proves it. Shrinks as mutations arrive: an entry whose check owns one is stale.
 */
const WITHOUT_MUTATION: Record<string, string> = {
  "errors.http-status": "MAY: an agent that does not do it gets a note, never a failure",
  // A mutation is played by generation, 0.x or 1.0, and proven on the reference agent, which speaks 0.3 and 1.0.
  "lifecycle.terminal-task-rejects-message-0x":
    "A2A 0.1 only: no reference agent speaks 0.1; hand-written 0.1 agents that deviate and that comply prove it (terminal-task-rejects-message-0x.test.ts)",
  "streaming.refusal-status-0x":
    "A2A 0.1 only: no reference agent speaks 0.1; hand-written 0.1 agents that deviate and that comply prove it (refusal-status-0x.test.ts)",
  "lifecycle.canceled-stays-canceled":
    "a cancel undone after cancel-running's watch: the proxy cannot know when that watch ends (one undone within it is cancel-running's, cancel-undone); a hand-written agent proves it (cancel-running.test.ts)",
  "errors.capability-errors-0x":
    "A2A 0.1 only: no reference agent speaks 0.1; hand-written 0.1 agents that deviate and that comply prove it (terminal-task-rejects-message-0x.test.ts)",
};

describe("the mutation catalogue", () => {
  it("gives every check a deviation that fails it, or names why none can", () => {
    const owned = new Set(
      MUTATIONS.flatMap((m) => [
        checkFor(m, "0.x", "0.1"),
        checkFor(m, "0.x", "0.2"),
        checkFor(m, "0.x"),
        checkFor(m, "1.0"),
      ]),
    );
    const unproven = catalogue
      .filter((c) => !owned.has(c.id) && !(c.id in WITHOUT_MUTATION))
      .map((c) => c.id);
    expect(unproven, "checks without a mutation and without a reason").toEqual([]);
    const stale = Object.keys(WITHOUT_MUTATION).filter((id) => owned.has(id));
    expect(stale, "checks listed as without a mutation that own one").toEqual([]);
  });

  it("names each mutation once, with a clause and a check for at least one generation", () => {
    const ids = MUTATIONS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of MUTATIONS) {
      expect(m.clause, m.id).toMatch(/§|JSON-RPC|RFC/);
      expect(checkFor(m, "0.x") ?? checkFor(m, "1.0"), m.id).toBeTruthy();
    }
  });
});

// Each deviation is proven on both generations of the reference agent: its check fails with the
// mutation and passes without it. lab/mutations.mjs plays the same list in front of every lab agent.
for (const [protocol, generation] of [
  ["0.3", "0.x"],
  ["1.0", "1.0"],
] as Array<[AgentProtocol, Generation]>) {
  describe.concurrent(`each mutation fails its check on the reference agent ${protocol}`, () => {
    let agent: RunningAgent;
    let baseline: Finding[];
    beforeAll(async () => {
      agent = await startReferenceAgent({ port: 0, protocol, slowTaskMs: 2000 });
      baseline = (await conformThroughProxy(agent, undefined)).findings;
    }, 120_000);
    afterAll(() => agent.close());

    it("without a mutation, the proxy changes no verdict and keeps every binding, gRPC too, behind it", async () => {
      const direct = await runConformance({
        agentUrl: agent.url,
        headers: {},
        timeoutMs: 5000,
        policy: commandLinePolicy,
        hints,
      });
      // Pointing the card's URLs at the proxy changes the signed content: only the signature checks may differ
      // (their mutations keep the URLs as signed, cardUrlsKept, and so does their run without the deviation).
      // Whether a check fails is the verdict compared: a pass and a skip differ by the time a wait took on a busy
      // machine (a check's own task not settled within its budget), which says nothing of the proxy.
      const statusOf = (fs: Finding[]) =>
        fs
          .filter((f) => !f.id.startsWith("card.signature-valid"))
          .map((f) => `${f.id} ${f.transport ?? "agent"} ${FAILED.has(f.status) ? "fails" : "holds"}`)
          .sort();
      expect(statusOf(baseline)).toEqual(statusOf(direct.findings ?? []));
      const url = new URL(agent.url);
      const proxy = await startMutationProxy({ target: url.origin });
      try {
        const card = (await (await fetch(`${proxy.url}/.well-known/agent-card.json`)).json()) as {
          url?: string;
          supportedInterfaces?: Array<{ url: string }>;
          additionalInterfaces?: Array<{ url: string }>;
        };
        const urls = card.supportedInterfaces?.map((i) => i.url) ?? [
          card.url ?? "",
          ...(card.additionalInterfaces ?? []).map((i) => i.url),
        ];
        for (const u of urls)
          expect(u, "every interface is reached through the proxy").not.toContain(`:${url.port}`);
      } finally {
        await proxy.close();
      }
    }, 120_000);

    const cases = MUTATIONS.flatMap((m) => {
      const check = checkFor(m, generation, protocol);
      // A deviation of a wire version the reference agent does not speak (0.1's field names) is proven on
      // the lab's agents of that version alone.
      const spoken = !m.protocols || m.protocols.includes(protocol);
      return check && spoken && !m.credentials && !m.peer ? [{ m, check }] : [];
    });
    // A streaming check judges a task while it still works: the reference agent's slow task takes 2 s, which a
    // busy machine running many suites at once can spend before the check reads it, leaving nothing to judge.
    // Such a case is tried again rather than given a slower task (which would slow every case).
    const racing = ({ check }: { check: string }) => check.startsWith("streaming.");
    it.each(cases.filter((c) => !racing(c)))(
      "$m.id fails $check",
      ({ m, check }) => expectFailsItsCheck(agent, baseline, m, check),
      120_000,
    );
    it.each(cases.filter(racing))("$m.id fails $check", { timeout: 120_000, retry: 2 }, ({ m, check }) =>
      expectFailsItsCheck(agent, baseline, m, check),
    );
  });

  // The deviations of authentication and task scope, on an agent that takes two callers' tokens.
  describe.concurrent(`each credentials mutation fails its check on the reference agent ${protocol}`, () => {
    let agent: RunningAgent;
    let baseline: Finding[];
    beforeAll(async () => {
      agent = await startReferenceAgent({
        port: 0,
        protocol,
        slowTaskMs: 2000,
        bearerToken: [OWNER, OTHER],
        // The extended card (1.0 only) is served behind the bearer token, as 1.0.1 §13.3 requires.
        extendedCard: protocol === "1.0",
      });
      baseline = (await conformThroughProxy(agent, undefined, undefined, withCredentials)).findings;
    }, 120_000);
    afterAll(() => agent.close());
    const cases = MUTATIONS.flatMap((m) => {
      const check = checkFor(m, generation);
      return check && m.credentials ? [{ m, check }] : [];
    });
    it.each(cases)(
      "$m.id fails $check",
      ({ m, check }) => expectFailsItsCheck(agent, baseline, m, check, withCredentials),
      120_000,
    );
  });

  // The deviations between two agents: a second reference agent of the same generation as --peer.
  describe.concurrent(`each peer mutation fails its check on the reference agent ${protocol}`, () => {
    let agent: RunningAgent;
    let peer: RunningAgent;
    let baseline: Finding[];
    beforeAll(async () => {
      [agent, peer] = await Promise.all([
        startReferenceAgent({ port: 0, protocol, slowTaskMs: 2000 }),
        startReferenceAgent({ port: 0, protocol }),
      ]);
      baseline = (await conformThroughProxy(agent, undefined, ["interop"], { peerUrl: peer.url })).findings;
    }, 120_000);
    afterAll(() => Promise.all([agent.close(), peer.close()]));
    const cases = MUTATIONS.flatMap((m) => {
      const check = checkFor(m, generation);
      return check && m.peer ? [{ m, check }] : [];
    });
    it.each(cases)(
      "$m.id fails $check",
      ({ m, check }) => expectFailsItsCheck(agent, baseline, m, check, { peerUrl: peer.url }),
      120_000,
    );
  });
}

/** The check passes without the mutation, and fails with it over each binding the mutation declares. */
async function expectFailsItsCheck(
  agent: RunningAgent,
  baseline: Finding[],
  m: Mutation,
  check: string,
  given?: Given,
): Promise<void> {
  const category = check.split(".")[0] as CheckCategory;
  // A mutation with a correct twin departs from that agent, not from the one behind the proxy.
  const twin = correctTwin(m);
  const without = twin ? (await conformThroughProxy(agent, twin, [category], given)).findings : baseline;
  expect(failed(without, check), "without the mutation").toEqual([]);
  expect(
    without.some((f) => f.id === check && f.status === "pass"),
    `${check} passes without it`,
  ).toBe(true);
  const { findings, applied } = await runUntilJudged(agent, m, category, check, given);
  expect(applied, "the mutation changed the traffic").toBeGreaterThan(0);
  expect(failed(findings, check), "with the mutation").not.toEqual([]);
  // The coverage table trusts the declared bindings: the check must fail over each of them.
  const failedOver = findings.filter((f) => f.id === check && f.status === "fail").map((f) => f.transport);
  expect(
    declaredBindings(m, check)
      .filter((b) => !failedOver.includes(b))
      .map((b) => verdictOver(findings, check, b)),
    "declared bindings the check did not fail over",
  ).toEqual([]);
}

/** What the check said over one binding: its status and message. */
function verdictOver(findings: Finding[], check: string, binding: Transport): string {
  const f = findings.find((x) => x.id === check && x.transport === binding);
  return `${binding}: ${f ? `${f.status} ${f.message ?? ""}` : "no finding"}`;
}

/**
 * The run with the mutation, played again (at most twice more) while the check could not judge over a
 * declared binding: a skip is a check that ran out of time on a busy machine (its own task still working
 * within its budget), not a verdict. A pass is a verdict and is never retried.
 */
async function runUntilJudged(
  agent: RunningAgent,
  m: Mutation,
  category: CheckCategory,
  check: string,
  given?: Given,
) {
  const declared = declaredBindings(m, check);
  for (let attempt = 1; ; attempt++) {
    const run = await conformThroughProxy(agent, m, [category], given);
    const unjudged = declared.some((b) =>
      run.findings.some((f) => f.id === check && f.transport === b && f.status === "skip"),
    );
    if (!unjudged || attempt === 3) return run;
  }
}

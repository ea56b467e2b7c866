import { describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol } from "../agent/index.js";
import { catalogue } from "../checks/index.js";
import { fail, failBlocking, pass } from "../checks/define.js";
import type { CheckDefinition, CheckVerdict } from "../checks/types.js";
import type { Finding } from "../model/finding.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runConformance } from "./run-conformance.js";
import { bearer, other } from "./testing/flaw-table.js";
import { hints, referenceConformer } from "./testing/reference-conform.js";

const { conform, started } = referenceConformer();

describe("the reference agent with no flaw", () => {
  it.each(["1.0", "0.3"] as const)(
    "passes every check on every binding in A2A %s (level full)",
    async (protocol) => {
      const result = await conform(protocol);
      const broken = (result.findings ?? []).filter((f) => f.status === "fail" || f.status === "error");
      expect(broken.map((f) => `${f.id} [${f.transport ?? "-"}]: ${f.message}`)).toEqual([]);
      expect(result.conformance_level).toBe("full");
      expect(result.status).toBe("passed");
      expect(result.scores.conformance).toBe(1);
      expect((result.findings ?? []).length).toBeGreaterThanOrEqual(catalogue.length);
    },
  );
});

describe("the reference agent that requires an extension", () => {
  // Every request of the run activates it (src/runner/connect.ts); only the extension checks leave it out.
  it.each(["1.0", "0.3"] as const)(
    "passes every check on every binding in A2A %s, the required-extension check included",
    async (protocol) => {
      const result = await conform(protocol, undefined, { requiredExtension: true });
      const findings = result.findings ?? [];
      const broken = findings.filter((f) => f.status === "fail" || f.status === "error");
      expect(broken.map((f) => `${f.id} [${f.transport ?? "-"}]: ${f.message}`)).toEqual([]);
      const id = protocol === "1.0" ? "errors.required-extension" : "errors.required-extension-0x";
      const judged = findings.filter((f) => f.id === id);
      expect(judged.map((f) => f.status)).toEqual(["pass", "pass", "pass"]);
      expect(result.conformance_level).toBe("full");
    },
  );
});

describe("the reference agent without hints", () => {
  // A real client gets a running task by sending without waiting, and meets questions back in replies.
  const provoked = [
    "lifecycle.cancel-running",
    "lifecycle.input-required-continues",
    "lifecycle.history-order",
    "lifecycle.history-content",
    "push.delivery",
  ];
  // Each of these is split by generation, since the spec's level differs (a -0x twin for 0.x).
  const byGeneration = {
    "1.0": ["streaming.dropped-stream-task-readable", "streaming.subscribe-running"],
    "0.3": ["streaming.dropped-stream-task-readable-0x", "streaming.subscribe-running-0x"],
  };

  it.each(["1.0", "0.3"] as const)(
    "runs and passes the running-task and input-required checks in A2A %s",
    async (protocol) => {
      const result = await conform(protocol, undefined, { hints: {} });
      const ids = [...provoked, ...byGeneration[protocol]];
      const findings = (result.findings ?? []).filter((f) => ids.includes(f.id));
      expect(new Set(findings.map((f) => f.id)).size).toBe(ids.length);
      expect(findings.filter((f) => f.status !== "pass").map((f) => `${f.id}: ${f.message}`)).toEqual([]);
      // Without a slow task the non-blocking case was never tried: no verdict is claimed for it.
      const mode = (result.findings ?? []).filter((f) => f.id === "lifecycle.execution-mode");
      if (protocol === "1.0")
        expect(mode.map((f) => f.tck)).toEqual(mode.map(() => "CORE-EXECUTION-MODE-001"));
    },
  );
});

describe("an agent that requires a bearer token", () => {
  it.each(["1.0", "0.3"] as const)(
    "passes every check, auth checks included, on every binding in A2A %s",
    async (protocol) => {
      const result = await conform(protocol, undefined, { bearer: "plainwright-test-token", other });
      const findings = result.findings ?? [];
      const broken = findings.filter((f) => f.status === "fail" || f.status === "error");
      expect(broken.map((f) => `${f.id} [${f.transport ?? "-"}]: ${f.message}`)).toEqual([]);
      expect(result.conformance_level).toBe("full");
      // auth.challenge is about HTTP's WWW-Authenticate, so it skips over gRPC.
      // The task-scope checks need ListTasks and the 1.0.1 wording: they do not apply to 0.3.
      const auth = findings.filter(
        (f) =>
          f.id.startsWith("auth.") &&
          f.applicable !== false &&
          !(f.id === "auth.challenge" && f.transport === "GRPC"),
      );
      expect(auth.length).toBeGreaterThan(0);
      expect(auth.filter((f) => f.status !== "pass").map((f) => `${f.id}: ${f.message}`)).toEqual([]);
      expect(findings.find((f) => f.id === "card.public")?.status).toBe("pass");
    },
  );
});

describe("the task-scope checks", () => {
  const scopeChecks = [
    "auth.get-scoped",
    "auth.existence-hidden",
    "auth.task-operations-scoped",
    "auth.list-scoped",
  ];
  const scoped = (findings: readonly Finding[]) => findings.filter((f) => scopeChecks.includes(f.id));

  it("pass on every binding of an A2A 1.0 agent with two callers' tokens, given the second as an identity", async () => {
    const result = await conform("1.0", undefined, { bearer, other });
    const findings = scoped(result.findings ?? []);
    expect(findings.map((f) => `${f.id} [${f.transport}] ${f.status}`).sort()).toEqual(
      scopeChecks.flatMap((id) => ["GRPC", "HTTP+JSON", "JSONRPC"].map((t) => `${id} [${t}] pass`)).sort(),
    );
  });

  it("skip without a second identity when the card requires credentials, and the level stays partial", async () => {
    const result = await conform("1.0", undefined, { bearer, transports: ["JSONRPC"] });
    const findings = scoped(result.findings ?? []);
    expect(findings).toHaveLength(scopeChecks.length);
    for (const f of findings) {
      expect(f.status).toBe("skip");
      expect(f.applicable).not.toBe(false);
      expect(f.message).toMatch(/^no second identity was given/);
    }
    expect(result.conformance_level).toBe("partial");
  });

  it("do not apply to an agent whose card declares no security when the run sends no credentials", async () => {
    const result = await conform("1.0", undefined, { transports: ["JSONRPC"] });
    for (const f of scoped(result.findings ?? [])) {
      expect(f.applicable).toBe(false);
      expect(f.message).toMatch(/declares no security scheme/);
    }
  });
});

describe("interop with a --peer agent", () => {
  async function interop(peer: { protocol: AgentProtocol; flaw?: string }) {
    const peerAgent = await startReferenceAgent({
      port: 0,
      protocol: peer.protocol,
      ...(peer.flaw ? { flaw: peer.flaw } : {}),
    });
    started.push(peerAgent);
    const agent = await startReferenceAgent({ port: 0, protocol: "1.0", slowTaskMs: 2000 });
    started.push(agent);
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 5000,
      policy: commandLinePolicy,
      hints,
      peerUrl: peerAgent.url,
      categories: ["interop"],
    });
    return result.findings ?? [];
  }

  it("passes every interop check between an A2A 1.0 agent and an A2A 0.3 peer", async () => {
    const findings = await interop({ protocol: "0.3" });
    expect(findings.map((f) => f.id).sort()).toEqual(
      catalogue
        .filter((c) => c.category === "interop")
        .map((c) => c.id)
        .sort(),
    );
    expect(findings.filter((f) => f.status !== "pass").map((f) => `${f.id}: ${f.message}`)).toEqual([]);
  });

  it.each([
    { flaw: "card-missing-name", protocol: "1.0", failing: ["interop.cards-valid"] },
    {
      flaw: "reply-not-a2a",
      protocol: "0.3",
      failing: ["interop.both-accept-tasks", "interop.concurrent-contexts", "interop.version-compatible"],
    },
    { flaw: "card-no-protocol-version", protocol: "0.3", failing: ["interop.version-compatible"] },
  ] as const)("a peer with flaw $flaw (A2A $protocol) fails exactly $failing", async (peer) => {
    const findings = await interop(peer);
    const failing = findings.filter((f) => f.status === "fail" || f.status === "error").map((f) => f.id);
    expect(failing.sort()).toEqual([...peer.failing].sort());
  });
});

describe("one defect, one failure", () => {
  async function runChain(sendFailure: CheckVerdict) {
    const agent = await startReferenceAgent({ port: 0, protocol: "1.0" });
    started.push(agent);
    const order: string[] = [];
    const check = (id: string, verdict: CheckVerdict, dependsOn?: string[]): CheckDefinition => ({
      id,
      title: id,
      category: "lifecycle",
      level: "MUST",
      requirement: id,
      spec: "A2A 1.0 §3.1.1",
      recommendation: id,
      scope: "transport",
      bindings: ["JSONRPC"],
      ...(dependsOn ? { dependsOn } : {}),
      run: async () => {
        order.push(`start ${id}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(`end ${id}`);
        return verdict;
      },
    });
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 5000,
      policy: commandLinePolicy,
      transports: ["JSONRPC"],
      catalogue: [
        // Listed before its prerequisite on purpose: the dependencies, not the list, decide what runs first.
        check("lifecycle.needs-send", pass("pass"), ["lifecycle.send"]),
        check("lifecycle.needs-needs-send", pass("pass"), ["lifecycle.needs-send"]),
        check("lifecycle.send", sendFailure),
        check("lifecycle.independent", pass("pass")),
      ],
    });
    return { result, order, findings: (result.findings ?? []).map((f) => [f.id, f.status, f.message]) };
  }

  it("reports the checks whose input a failure took away as not run because of that failure, naming it alone", async () => {
    const { result, order, findings } = await runChain(failBlocking("no task id anywhere"));
    expect(findings).toEqual([
      ["lifecycle.needs-send", "skip", "not run: depends on lifecycle.send, which failed"],
      // The chain names the check that failed, never the one that was itself not run.
      ["lifecycle.needs-needs-send", "skip", "not run: depends on lifecycle.send, which failed"],
      ["lifecycle.send", "fail", "no task id anywhere"],
      ["lifecycle.independent", "pass", "pass"],
    ]);
    expect(order).not.toContain("start lifecycle.needs-send");
    expect(result.conformance_summary).toMatchObject({ applicable: 4, ran: 2, not_run: 2 });
  });

  it("reports a check for another generation as not applicable even when its dependency failed", async () => {
    const agent = await startReferenceAgent({ port: 0, protocol: "1.0" });
    started.push(agent);
    const base = {
      category: "lifecycle",
      level: "MUST",
      spec: "A2A 1.0 §3.1.1",
      scope: "transport",
    } as const;
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 5000,
      policy: commandLinePolicy,
      transports: ["JSONRPC"],
      catalogue: [
        {
          ...base,
          id: "lifecycle.send",
          title: "send",
          requirement: "r",
          recommendation: "r",
          run: () => Promise.resolve(failBlocking("no task id")),
        },
        {
          ...base,
          id: "lifecycle.old-only",
          title: "old",
          requirement: "r",
          recommendation: "r",
          generations: ["0.3"],
          dependsOn: ["lifecycle.send"],
          run: () => Promise.resolve(pass("pass")),
        },
      ],
    });
    const oldOnly = result.findings?.find((f) => f.id === "lifecycle.old-only");
    expect(oldOnly).toMatchObject({ status: "skip", applicable: false });
    expect(oldOnly?.message).toMatch(/applies to A2A 0\.3 only/);
    expect(result.conformance_summary).toMatchObject({ applicable: 1, not_run: 0 });
  });

  it("runs the dependents of a failure that left their input readable, after it", async () => {
    const { order, findings } = await runChain(fail("the task has no contextId"));
    expect(findings).toEqual([
      ["lifecycle.needs-send", "pass", "pass"],
      ["lifecycle.needs-needs-send", "pass", "pass"],
      ["lifecycle.send", "fail", "the task has no contextId"],
      ["lifecycle.independent", "pass", "pass"],
    ]);
    expect(order.indexOf("start lifecycle.needs-send")).toBeGreaterThan(order.indexOf("end lifecycle.send"));
  });

  it("runs a dependent check normally when its dependency passed", async () => {
    const agent = await startReferenceAgent({ port: 0, protocol: "0.3" });
    started.push(agent);
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 5000,
      policy: commandLinePolicy,
      transports: ["JSONRPC"],
      catalogue: catalogue.filter((c) =>
        ["lifecycle.send-returns-task", "errors.invalid-params", "errors.server-survives"].includes(c.id),
      ),
    });
    expect((result.findings ?? []).map((f) => `${f.id}: ${f.status}`)).toEqual([
      "lifecycle.send-returns-task: pass",
      "errors.invalid-params: pass",
      "errors.server-survives: pass",
    ]);
  });

  it("skips the checks that need a task when sending never yields one, and judges those that need none", async () => {
    const result = await conform("1.0", "reply-not-a2a", { transports: ["JSONRPC"] });
    const byId = new Map((result.findings ?? []).map((f) => [f.id, f]));
    expect(byId.get("lifecycle.send-returns-task")?.status).toBe("fail");
    // Malformed params answered with the same result as good ones: the agent did not read them, which is
    // a deviation of its own (seen at first sight), not the send's failure said twice.
    expect(byId.get("errors.invalid-params")).toMatchObject({ status: "fail" });
    expect(byId.get("errors.invalid-params")?.message).toMatch(/\{"message": 5\} was answered with a result/);
    for (const id of ["errors.server-survives", "lifecycle.get-task"]) {
      expect(byId.get(id), id).toMatchObject({
        status: "skip",
        message: "not run: depends on lifecycle.send-returns-task, which failed",
      });
    }
  });
});

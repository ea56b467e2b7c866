import { describe, expect, it } from "vitest";
import { oneCheckRunner } from "../../runner/testing/one-check.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { runConformance } from "../../runner/run-conformance.js";
import {
  handAgentsClosedAfterAll,
  handCard01,
  handCard03,
  handCard10,
  refusal,
} from "../../runner/testing/hand-agent.js";
import type { Finding } from "../../model/finding.js";
import type { CheckDefinition } from "../types.js";
import check from "./protocol-version-matches-wire.js";
import requiredFields from "./required-fields.js";

const findings = oneCheckRunner(check);

describe("card.protocol-version-matches-wire", () => {
  it.each(["0.3", "1.0"] as const)(
    "passes on every binding of the flawless A2A %s agent",
    async (protocol) => {
      const result = await findings(protocol);
      expect(result.findings?.length).toBeGreaterThan(0);
      expect(result.findings?.map((f) => f.status)).toEqual(result.findings?.map(() => "pass"));
    },
  );

  it("fails, naming both versions, when the card says 0.1 but the agent speaks 0.3; the suite runs in 0.3", async () => {
    const result = await findings("0.3", "card-version-lies-old");
    const jsonrpc = result.findings?.find((f) => f.transport === "JSONRPC");
    expect(jsonrpc).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(jsonrpc?.message).toMatch(
      /the card says A2A 0\.1 \("0\.1\.0"\) but the agent speaks A2A 0\.3 on the wire/,
    );
    expect(result.protocol?.negotiated).toBe("0.3");
    expect(result.card?.warnings).toContainEqual({
      path: "protocolVersion",
      message: "the card says A2A 0.1 but the agent speaks A2A 0.3 on the wire",
    });
  });

  it("tests an agent whose card says 0.2.0 as 0.3 when the wire shows 0.3's own method, and fails naming both", async () => {
    const result = await findings("0.3", "card-version-says-0-2");
    const jsonrpc = result.findings?.find((f) => f.transport === "JSONRPC");
    expect(jsonrpc).toMatchObject({ status: "fail", level: "SHOULD" });
    expect(jsonrpc?.message).toMatch(
      /the card says A2A 0\.2 \("0\.2\.0"\) but the agent speaks A2A 0\.3 on the wire/,
    );
    expect(result.protocol?.negotiated).toBe("0.3");
  });
});

const startHandAgent = handAgentsClosedAfterAll();

/**
 * The findings of `catalogue` on a hand agent that serves `card` and refuses every call, run as `protocol`
 * (--protocol), or with nothing confirmed on the wire when none is given.
 */
async function findingsOnCard(
  card: (url: string) => Record<string, unknown>,
  catalogue: CheckDefinition[],
  protocol?: "0.3" | "1.0",
): Promise<(id: string) => Finding | undefined> {
  const agent = await startHandAgent((request, url) =>
    request.kind === "card" ? card(url) : refusal(-32601),
  );
  const result = await runConformance({
    agentUrl: agent.url,
    headers: {},
    timeoutMs: 3000,
    policy: commandLinePolicy,
    catalogue,
    ...(protocol ? { protocolOverride: protocol } : {}),
  });
  return (id) => result.findings?.find((f) => f.id === id);
}

describe("card.protocol-version-matches-wire on a card that states no version", () => {
  it("leaves it to card.required-fields only when that check reports the missing version", async () => {
    const of = await findingsOnCard(
      (url) => {
        const { protocolVersion: _none, ...card } = handCard03(url);
        return card;
      },
      [check, requiredFields],
      "0.3",
    );
    expect(of("card.required-fields")).toMatchObject({ status: "fail" });
    expect(of("card.required-fields")?.message).toMatch(/protocolVersion/);
    expect(of("card.protocol-version-matches-wire")).toMatchObject({ status: "skip" });
    expect(of("card.protocol-version-matches-wire")?.message).toMatch(/card.required-fields reports it/);
  });
});

describe("card.protocol-version-matches-wire on a 1.0 card whose interface states no version", () => {
  it("does not say the card states a version it does not state", async () => {
    const of = await findingsOnCard(
      (url) => ({ ...handCard10(url), supportedInterfaces: [{ url, protocolBinding: "JSONRPC" }] }),
      [check],
      "1.0",
    );
    const finding = of("card.protocol-version-matches-wire");
    expect(finding?.message).toMatch(/the card states no protocolVersion, its shape reads as A2A 1\.0/);
    expect(finding?.message).not.toMatch(/the card says/);
  });
});

describe("card.protocol-version-matches-wire where no answer confirmed a version", () => {
  it("skips, saying nothing was confirmed, rather than pass on the card's word repeated", async () => {
    const of = await findingsOnCard((url) => handCard03(url), [check]);
    expect(of("card.protocol-version-matches-wire")).toMatchObject({ status: "skip" });
    expect(of("card.protocol-version-matches-wire")?.message).toMatch(
      /no A2A version was confirmed on the wire over JSONRPC/,
    );
  });
});

describe("card.protocol-version-matches-wire where the probes were inconclusive", () => {
  it("passes when the suite's message is answered in the card's version (seen at first sight: -32603 for everything else)", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return handCard03(url);
      const message = request.params.message as { parts?: unknown } | undefined;
      if (request.method === "message/send" && message?.parts)
        return {
          result: { kind: "message", messageId: "m1", role: "agent", parts: [{ kind: "text", text: "hi" }] },
        };
      return refusal(-32603);
    });
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 3000,
      policy: commandLinePolicy,
      catalogue: [check],
    });
    const finding = result.findings?.find((f) => f.id === "card.protocol-version-matches-wire");
    expect(finding).toMatchObject({ status: "pass" });
    expect(finding?.message).toMatch(
      /the version probes were inconclusive, but the agent answered the suite's message in A2A 0\.3's form/,
    );
  });
});

describe("a card that says 1.0 without supportedInterfaces, before an agent that speaks 0.1 on the wire", () => {
  it("is a 0.1 card with a wrong version: protocol-version-matches-wire fails, required-fields does not", async () => {
    const agent = await startHandAgent((request, url) => {
      if (request.kind === "card") return { ...handCard01(url), protocolVersion: "1.0.0" };
      const id = typeof request.params.id === "string" ? request.params.id : "t-1";
      const task = { id, sessionId: "s-1", status: { state: "completed" } };
      return ["tasks/send", "tasks/get"].includes(request.method) ? { result: task } : refusal(-32601);
    });
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 3000,
      policy: commandLinePolicy,
      catalogue: [check, requiredFields],
    });
    expect(result.protocol?.negotiated).toBe("0.1");
    const byId = new Map(result.findings?.map((f) => [f.id, f]));
    expect(byId.get(check.id)).toMatchObject({ status: "fail" });
    expect(byId.get(requiredFields.id)?.status, byId.get(requiredFields.id)?.message).toBe("pass");
  });
});

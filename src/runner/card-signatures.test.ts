import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import type { Jwk } from "../card/jws.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { runA2ATest } from "./run-a2a-test.js";

const paths = (issues: readonly { path: string }[] | undefined) => (issues ?? []).map((i) => i.path);

// The card run judges the card's signatures (judgeCardSignatures): with the key its jku names, with keys
// given, and with a key set that never answers.

const started: RunningAgent[] = [];
afterAll(async () => {
  await Promise.all(started.map((a) => a.close()));
});

async function agent(protocol: "0.3" | "1.0", flaw?: string): Promise<RunningAgent> {
  const a = await startReferenceAgent({ port: 0, protocol, ...(flaw ? { flaw } : {}) });
  started.push(a);
  return a;
}

describe("the card mode's look at the card's signatures", () => {
  const card = (a: RunningAgent, cardKeys?: Jwk[]) =>
    runA2ATest({
      config: { agent_url: a.url, headers: {}, strict_card: true, timeout_s: 10 },
      mode: "card",
      policy: commandLinePolicy,
      ...(cardKeys ? { cardKeys } : {}),
    });

  it("verifies a signed card with the key its jku names, and says so", async () => {
    const a = await agent("1.0");
    const result = await card(a);
    expect(result.status).toBe("passed");
    expect(result.card?.signatures).toMatchObject({ status: "verified" });
    expect(result.card?.signatures?.detail).toContain(`${a.url}/.well-known/jwks.json`);
    expect(result.traffic.map((t) => t.url)).toContain(`${a.url}/.well-known/jwks.json`);
  });

  it("reports an unsigned card as unsigned, which is no fault", async () => {
    const a = await startReferenceAgent({ port: 0, protocol: "1.0", signCard: false });
    started.push(a);
    const result = await card(a);
    expect(result.status).toBe("passed");
    expect(result.card?.signatures?.status).toBe("unsigned");
    expect(result.traffic).toHaveLength(1);
  });

  it("fails a 1.0 card whose signature does not verify (1.0.1 §8.4.1 MUST), and only warns on 0.3 (no MUST)", async () => {
    const v10 = await card(await agent("1.0", "card-signature-not-canonical"));
    expect(v10.status).toBe("failed");
    expect(v10.card?.signatures?.status).toBe("invalid");
    expect(paths(v10.card?.errors)).toEqual(["signatures"]);
    expect(v10.reason).toMatch(/RFC 8785/);
    const v03 = await card(await agent("0.3", "card-signature-covers-signatures"));
    expect(v03.status).toBe("passed");
    expect(paths(v03.card?.warnings)).toContain("signatures");
    expect(paths(v03.card?.errors)).toEqual([]);
  });

  it("checks with a key the user gave before the jku: one that did not sign the card finds it invalid", async () => {
    const a = await agent("1.0");
    const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    // No kid, as a PEM the user gives has none: it is the key to check with whatever kid the signature names.
    const wrong = publicKey.export({ format: "jwk" }) as Jwk;
    const result = await card(a, [wrong]);
    expect(result.card?.signatures?.status).toBe("invalid");
    expect(result.card?.signatures?.detail).toContain("the key given");
    expect(result.traffic.map((t) => t.url)).not.toContain(`${a.url}/.well-known/jwks.json`);
  });
});

describe("the card mode's key fetch", () => {
  it("stops when the run is cancelled, however long the jku's server would keep it waiting", async () => {
    const plain = await startReferenceAgent({ port: 0, protocol: "1.0", signCard: false });
    started.push(plain);
    const card = (await (await fetch(`${plain.url}/.well-known/agent-card.json`)).json()) as Record<
      string,
      unknown
    >;
    const hanging = createServer(() => {
      // Never answers: only the run's signal can end the wait.
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const jku = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/jwks.json`;
    const header = Buffer.from(JSON.stringify({ alg: "ES256", kid: "k1", jku })).toString("base64url");
    const served = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ ...card, signatures: [{ protected: header, signature: "AAAA" }] }));
    });
    await new Promise<void>((resolve) => served.listen(0, "127.0.0.1", resolve));
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      const result = await runA2ATest({
        config: {
          agent_url: `http://127.0.0.1:${(served.address() as AddressInfo).port}`,
          headers: {},
          strict_card: true,
          timeout_s: 30,
        },
        mode: "card",
        policy: commandLinePolicy,
        signal: controller.signal,
      });
      expect(result.card?.signatures?.status).toBe("unverifiable");
      expect(result.card?.signatures?.detail).toMatch(/cancelled/);
    } finally {
      hanging.closeAllConnections();
      served.closeAllConnections();
      await Promise.all([hanging, served].map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });
});

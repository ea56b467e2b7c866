import { generateKeyPairSync, sign } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../../agent/index.js";
import { encodeBase64url, type Jwk } from "../../card/jws.js";
import { specPayload } from "../../card/signing-payload.js";
import { commandLinePolicy } from "../../net/outbound-policy.js";
import { TrafficLog } from "../../net/traffic.js";
import { runConformance } from "../../runner/run-conformance.js";
import type { CheckContext } from "../types.js";
import { judgeHeaders } from "./signature-header.js";
import { judgeSignatures } from "./signature-valid.js";

type JsonObject = Record<string, unknown>;

const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const jwk = { ...(publicKey.export({ format: "jwk" }) as Jwk), kid: "k1" };

const baseCard = (): JsonObject => ({
  name: "Signed",
  description: "A signed card.",
  supportedInterfaces: [
    { url: "http://127.0.0.1:9/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
  ],
  version: "1",
  capabilities: {},
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [],
});

/** The card signed with ES256 over `payload` (the spec's by default), header as given. */
function signedCard(
  header: JsonObject = { alg: "ES256", typ: "JOSE", kid: "k1" },
  card = baseCard(),
): JsonObject {
  const protectedB64 = encodeBase64url(JSON.stringify(header));
  const input = Buffer.from(`${protectedB64}.${encodeBase64url(specPayload(card, "1.0"))}`, "ascii");
  const signature = sign("sha256", input, { key: privateKey, dsaEncoding: "ieee-p1363" });
  return { ...card, signatures: [{ protected: protectedB64, signature: encodeBase64url(signature) }] };
}

/** What the two signature checks read of a context: the card, the keys given, the policy and traffic. */
const contextFor = (rawCard: unknown, cardKeys: Jwk[] = []): CheckContext =>
  ({
    rawCard,
    cardUrl: "http://127.0.0.1:9/.well-known/agent-card.json",
    generation: "1.0",
    cardKeys,
    timeoutMs: 2000,
    clientContext: { policy: commandLinePolicy, traffic: new TrafficLog() },
  }) as unknown as CheckContext;

describe("card.signature-valid and card.signature-header on a given card", () => {
  it("do not apply to an unsigned card: signing is optional", async () => {
    const verdict = await judgeSignatures(contextFor(baseCard()));
    expect(verdict).toMatchObject({
      status: "skip",
      applicable: false,
      message: expect.stringMatching(/MAY/) as string,
    });
    expect(judgeHeaders(contextFor(baseCard()))).toMatchObject({ status: "skip", applicable: false });
  });

  it("skip, naming --card-key, when the signature names no jku and no key was given", async () => {
    const verdict = await judgeSignatures(contextFor(signedCard()));
    expect(verdict.status).toBe("skip");
    expect(verdict.message).toMatch(/names no jku.*--card-key/);
  });

  it("pass with the key the user gave", async () => {
    const verdict = await judgeSignatures(contextFor(signedCard(), [jwk]));
    expect(verdict).toMatchObject({
      status: "pass",
      message: expect.stringMatching(/kid k1.*the key given/) as string,
    });
  });

  it("fail a signature made over another card", async () => {
    const card = { ...signedCard(), name: "Renamed" };
    expect((await judgeSignatures(contextFor(card, [jwk]))).status).toBe("fail");
  });

  it("header check fails a protected header without kid, and a signatures field that is not a list", async () => {
    expect(judgeHeaders(contextFor(signedCard({ alg: "ES256" })))).toMatchObject({
      status: "fail",
      message: "signatures[0]: the protected header has no kid",
    });
    const malformed = { ...baseCard(), signatures: "x" };
    expect(judgeHeaders(contextFor(malformed)).status).toBe("fail");
    expect((await judgeSignatures(contextFor(malformed))).status).toBe("skip");
  });

  it("header check passes alg and kid and notes a missing typ", () => {
    expect(judgeHeaders(contextFor(signedCard({ alg: "ES256", kid: "k1" })))).toMatchObject({
      status: "pass",
      message: expect.stringMatching(/typ is missing \(SHOULD be "JOSE"/) as string,
    });
  });
});

describe("the signature checks against the reference agent", () => {
  const started: RunningAgent[] = [];
  afterAll(() => Promise.all(started.map((a) => a.close())));

  async function signatureFindings(signCard: boolean, cardKeys?: Jwk[]) {
    const agent = await startReferenceAgent({ protocol: "1.0", signCard });
    started.push(agent);
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 5000,
      policy: commandLinePolicy,
      categories: ["card"],
      ...(cardKeys ? { cardKeys } : {}),
    });
    return {
      agent,
      findings: (result.findings ?? []).filter((f) =>
        ["card.signature-header", "card.signature-valid"].includes(f.id),
      ),
    };
  }

  it("verify the signed card with the key from its jku, and record the key set fetch as evidence", async () => {
    const { findings } = await signatureFindings(true);
    expect(findings.map((f) => [f.id, f.status])).toEqual([
      ["card.signature-header", "pass"],
      ["card.signature-valid", "pass"],
    ]);
    expect(findings[1]?.message).toMatch(
      /with the key from http:\/\/127\.0\.0\.1:\d+\/\.well-known\/jwks\.json/,
    );
    expect(findings[1]?.evidence).toHaveLength(2);
  });

  it("do not apply when the agent does not sign its card", async () => {
    const { findings } = await signatureFindings(false);
    expect(findings.map((f) => f.status)).toEqual(["skip", "skip"]);
  });

  it("prefer a key the user gives to the jku, and fail when it is not the signing key", async () => {
    const { findings } = await signatureFindings(true, [{ ...jwk, kid: undefined }]);
    expect(findings.find((f) => f.id === "card.signature-valid")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/neither the card's canonical form/) as string,
    });
  });

  it("verify the 0.3 agent's signed card too, at MAY (card.signature-valid-0x)", async () => {
    const agent = await startReferenceAgent({ protocol: "0.3" });
    started.push(agent);
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 5000,
      policy: commandLinePolicy,
      categories: ["card"],
    });
    const finding = (result.findings ?? []).find((f) => f.id === "card.signature-valid-0x");
    expect(finding).toMatchObject({ level: "MAY", status: "pass" });
    expect(finding?.message).toMatch(/verifies over the card's RFC 8785 form/);
  });
});

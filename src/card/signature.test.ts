import { constants, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { generateAgentCardSignature } from "@a2a-js/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { encodeBase64url, type Jwk } from "./jws.js";
import { fetchKeySet, keySetByteCap } from "./key-set.js";
import {
  missingHeaderParameters,
  readCardSignatures,
  type CardSignature,
  type KeySource,
} from "./signature.js";
import { canonicalJson } from "./jcs.js";
import { specPayload, withoutDefaultValues } from "./signing-payload.js";
import { verifyCardSignature } from "./verify-signature.js";

type JsonObject = Record<string, unknown>;

const card = (): JsonObject => ({
  name: "Helpdesk",
  description: "Answers questions.",
  supportedInterfaces: [
    { url: "http://127.0.0.1:1/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0", tenant: "" },
  ],
  version: "1.0.0",
  capabilities: { streaming: true, pushNotifications: false, extensions: [] },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "faq", name: "FAQ", description: "Answers.", tags: ["faq"], examples: [] }],
});

interface Signer {
  alg: string;
  privateKey: KeyObject;
  jwk: Jwk;
}

function signer(alg: string, kid = `key-${alg}`): Signer {
  const pairs: Record<string, () => { privateKey: KeyObject; publicKey: KeyObject }> = {
    ES256: () => generateKeyPairSync("ec", { namedCurve: "P-256" }),
    ES384: () => generateKeyPairSync("ec", { namedCurve: "P-384" }),
    ES512: () => generateKeyPairSync("ec", { namedCurve: "P-521" }),
    RS256: () => generateKeyPairSync("rsa", { modulusLength: 2048 }),
    PS256: () => generateKeyPairSync("rsa", { modulusLength: 2048 }),
    EdDSA: () => generateKeyPairSync("ed25519"),
  };
  const make = pairs[alg];
  if (!make) throw new Error(alg);
  const { privateKey, publicKey } = make();
  return { alg, privateKey, jwk: { ...(publicKey.export({ format: "jwk" }) as Jwk), kid } };
}

function jwsSign(s: Signer, input: Buffer): Buffer {
  if (s.alg === "EdDSA") return sign(null, input, s.privateKey);
  const hash = `sha${s.alg.slice(2)}`;
  if (s.alg.startsWith("ES")) return sign(hash, input, { key: s.privateKey, dsaEncoding: "ieee-p1363" });
  if (s.alg.startsWith("PS"))
    return sign(hash, input, { key: s.privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
  return sign(hash, input, s.privateKey);
}

/** Signs `payload` as a flattened JWS and returns the AgentCardSignature. */
function signature(s: Signer, payload: string, header: JsonObject = {}): JsonObject {
  const protectedB64 = encodeBase64url(
    JSON.stringify({ alg: s.alg, typ: "JOSE", kid: s.jwk.kid, ...header }),
  );
  const input = Buffer.from(`${protectedB64}.${encodeBase64url(payload)}`, "ascii");
  return { protected: protectedB64, signature: encodeBase64url(jwsSign(s, input)) };
}

function signed(s: Signer, header: JsonObject = {}, base = card()): JsonObject {
  return { ...base, signatures: [signature(s, specPayload(base, "1.0"), header)] };
}

function only(c: JsonObject): CardSignature {
  const read = readCardSignatures(c);
  if (read.kind !== "present") throw new Error(read.kind);
  const [first] = read.signatures;
  if (!first) throw new Error("no signature");
  return first;
}

const verify = (c: JsonObject, source: KeySource, at = 0) => {
  const read = readCardSignatures(c);
  if (read.kind !== "present") throw new Error(read.kind);
  return verifyCardSignature(c, "1.0", read.signatures[at] as CardSignature, source);
};

describe("the signing payload", () => {
  it("drops default-valued fields but keeps REQUIRED and optional ones, as A2A 1.0.1 §8.4.1's example shows", () => {
    const fragment = {
      name: "Example Agent",
      description: "",
      capabilities: { streaming: false, pushNotifications: false, extensions: [] },
      skills: [],
    };
    expect(specPayload(fragment, "1.0")).toBe(
      '{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}',
    );
  });

  it("leaves out the signatures field and default-valued nested fields", () => {
    const text = specPayload(signed(signer("ES256")), "1.0");
    expect(text).not.toMatch(/signatures|tenant|extensions|examples/);
    expect(text.startsWith('{"capabilities":{"pushNotifications":false,"streaming":true}')).toBe(true);
  });
});

describe("verifying a card signature with a key the user gives", () => {
  it.each(["ES256", "ES384", "ES512", "RS256", "PS256", "EdDSA"])("verifies %s", async (alg) => {
    const s = signer(alg);
    const result = await verify(signed(s), { keys: [s.jwk] });
    expect(result.outcome).toEqual({ kind: "verified", form: "spec", kid: s.jwk.kid });
  });

  it("finds a card changed after signing invalid", async () => {
    const s = signer("ES256");
    const c = signed(s);
    c.description = "Changed.";
    const result = await verify(c, { keys: [s.jwk] });
    expect(result.outcome).toMatchObject({
      kind: "invalid",
      reason: expect.stringMatching(/neither/) as string,
    });
  });

  it("says when the signature covers the card with its signatures field included (CARD-SIGN-002)", async () => {
    const s = signer("ES256");
    const first = signed(s);
    // A second signature (key rotation) whose signer left the first one in the payload.
    const second = signature(s, canonicalJson(withoutDefaultValues(first, "1.0")));
    const c = { ...first, signatures: [...(first.signatures as unknown[]), second] };
    expect((await verify(c, { keys: [s.jwk] }, 0)).outcome.kind).toBe("verified");
    expect((await verify(c, { keys: [s.jwk] }, 1)).outcome).toMatchObject({
      kind: "invalid",
      reason: expect.stringMatching(/signatures field included/) as string,
    });
  });

  it("says when the signature covers the card's JSON as written, not its canonical form (CARD-SIGN-001)", async () => {
    const s = signer("RS256");
    const base = card();
    const c = { ...base, signatures: [signature(s, JSON.stringify(base))] };
    expect((await verify(c, { keys: [s.jwk] })).outcome).toMatchObject({
      kind: "invalid",
      reason: expect.stringMatching(/RFC 8785 canonical form/) as string,
    });
  });

  it("does not take a key of another kid, nor one that does not fit the alg", async () => {
    const s = signer("ES256");
    const other = signer("ES384", s.jwk.kid);
    expect((await verify(signed(s), { keys: [{ ...s.jwk, kid: "other" }] })).outcome.kind).toBe(
      "unverifiable",
    );
    expect((await verify(signed(s), { keys: [other.jwk] })).outcome).toMatchObject({
      kind: "unverifiable",
      reason: expect.stringMatching(/ES256 needs an EC key on prime256v1/) as string,
    });
  });

  it("verifies a card the official JS SDK signed (its payload drops empty values too)", async () => {
    const s = signer("ES256");
    const sdkSign = generateAgentCardSignature(s.privateKey, { alg: "ES256", typ: "JOSE", kid: s.jwk.kid });
    const base = { ...card(), skills: [] };
    const c = (await sdkSign(base as never)) as unknown as JsonObject;
    expect((await verify(c, { keys: [s.jwk] })).outcome).toEqual({
      kind: "verified",
      form: "sdk",
      kid: s.jwk.kid,
    });
  });
});

describe("verifying a card signature with the key set its jku names", () => {
  let server: LoopbackServer;
  const s = signer("ES256");
  const bodies: Record<string, string> = {
    "/jwks.json": JSON.stringify({ keys: [{ kty: "RSA" }, s.jwk] }),
    "/big.json": JSON.stringify({ keys: [s.jwk], pad: "x".repeat(keySetByteCap) }),
    "/not-jwks.json": JSON.stringify({ key: s.jwk }),
  };
  beforeAll(async () => {
    server = await serve((req, res) => {
      const body = bodies[req.url ?? ""];
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200, { "content-type": "application/json" }).end(body);
    });
  });
  afterAll(() => server.close());

  const source = (traffic: TrafficLog): KeySource => ({
    keys: [],
    fetchKeySet: (url) => fetchKeySet(url, { policy: commandLinePolicy, traffic, timeoutMs: 5000 }),
  });

  it("fetches the key set through the outbound policy, records it and verifies", async () => {
    const traffic = new TrafficLog();
    const result = await verify(signed(s, { jku: `${server.url}/jwks.json` }), source(traffic));
    expect(result.outcome.kind).toBe("verified");
    expect(result.evidence).toHaveLength(1);
    expect(traffic.entries().map((e) => e.label)).toEqual(["card jwks"]);
  });

  it.each([
    ["/missing.json", /HTTP 404/],
    ["/big.json", /exceeded the 64 KB cap/],
    ["/not-jwks.json", /not a JWK Set/],
  ])("cannot verify when the key set at %s is unusable, and says why", async (path, why) => {
    const result = await verify(signed(s, { jku: `${server.url}${path}` }), source(new TrafficLog()));
    expect(result.outcome).toMatchObject({
      kind: "unverifiable",
      reason: expect.stringMatching(why) as string,
    });
  });

  it("refuses a jku at a cloud metadata address before connecting", async () => {
    const result = await verify(
      signed(s, { jku: "http://169.254.169.254/jwks.json" }),
      source(new TrafficLog()),
    );
    expect(result.outcome).toMatchObject({
      kind: "unverifiable",
      reason: expect.stringMatching(/169\.254/) as string,
    });
  });

  it.each(["not a url", "file:///etc/passwd", "ftp://127.0.0.1/jwks.json"])(
    "cannot verify with a jku of %s, and says why",
    async (jku) => {
      const result = await verify(signed(s, { jku }), source(new TrafficLog()));
      expect(result.outcome).toMatchObject({
        kind: "unverifiable",
        reason: expect.stringMatching(/could not be read/) as string,
      });
    },
  );

  it("cannot verify without a jku or a key given", async () => {
    const result = await verify(signed(s), source(new TrafficLog()));
    expect(result.outcome).toMatchObject({
      kind: "unverifiable",
      reason: expect.stringMatching(/names no jku/) as string,
    });
  });
});

describe("hostile signatures are findings, never crashes", () => {
  const s = signer("ES256");
  const withEntry = (entry: unknown): JsonObject => ({ ...card(), signatures: [entry] });

  it.each([
    ["a huge protected header", { protected: "A".repeat(100_000), signature: "AA" }, /over 8192/],
    ["a protected header that is not base64url", { protected: "e30=%%", signature: "AA" }, /not base64url/],
    [
      "a protected header that is not JSON",
      { protected: encodeBase64url("{alg"), signature: "AA" },
      /not JSON/,
    ],
    [
      "a protected header that is a list",
      { protected: encodeBase64url("[1]"), signature: "AA" },
      /not an object/,
    ],
    ["an entry that is a number", 7, /not an object/],
    ["an entry without a signature", { protected: encodeBase64url("{}") }, /no string signature/],
  ])("reads %s as a problem", async (_what, entry, why) => {
    const result = await verify(withEntry(entry), { keys: [s.jwk] });
    expect(result.outcome).toMatchObject({
      kind: "unverifiable",
      reason: expect.stringMatching(why) as string,
    });
  });

  it.each([
    ["none", /unsecured JWS/],
    ["HS256", /HMAC/],
    ["XYZ", /not one Plainwright verifies/],
  ])("cannot verify alg %s", async (alg, why) => {
    const protectedB64 = encodeBase64url(JSON.stringify({ alg, kid: s.jwk.kid }));
    const result = await verify(withEntry({ protected: protectedB64, signature: "AAAA" }), { keys: [s.jwk] });
    expect(result.outcome).toMatchObject({
      kind: "unverifiable",
      reason: expect.stringMatching(why) as string,
    });
  });

  it("finds a signature that is not base64url invalid", async () => {
    const entry = { ...signature(s, specPayload(card(), "1.0")), signature: "!!" };
    expect((await verify(withEntry(entry), { keys: [s.jwk] })).outcome).toMatchObject({ kind: "invalid" });
  });

  it("reads the first ten of a thousand signatures and says so", () => {
    const read = readCardSignatures({
      signatures: Array.from({ length: 1000 }, () => ({ protected: "e30", signature: "" })),
    });
    expect(read).toMatchObject({
      kind: "present",
      notes: ["the card has 1000 signatures; the first 10 were read"],
    });
    expect(read.kind === "present" && read.signatures.length).toBe(10);
  });

  it("reads signatures that are not a list as malformed, and an empty list as no signatures", () => {
    expect(readCardSignatures({ signatures: {} })).toEqual({
      kind: "malformed",
      problem: "signatures is not a list",
    });
    expect(readCardSignatures({ signatures: [] })).toEqual({ kind: "none" });
  });
});

describe("the protected header's required parameters (A2A 1.0.1 §8.4.2)", () => {
  const s = signer("ES256");
  it("are complete in the spec's own example (§8.4.2), which decodes as the spec shows", () => {
    const example = {
      protected:
        "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpPU0UiLCJraWQiOiJrZXktMSIsImprdSI6Imh0dHBzOi8vZXhhbXBsZS5jb20vYWdlbnQvandrcy5qc29uIn0",
      signature: "QFdkNLNszlGj3z3u0YQGt_T9LixY3qtdQpZmsTdDHDe3fXV9y9-B3m2-XgCpzuhiLt8E0tV6HXoZKHv4GtHgKQ",
    };
    const sig = only({ ...card(), signatures: [example] });
    expect(sig.header).toEqual({
      ok: true,
      value: { alg: "ES256", typ: "JOSE", kid: "key-1", jku: "https://example.com/agent/jwks.json" },
    });
    expect(missingHeaderParameters(sig)).toEqual([]);
  });

  it("are complete with alg and kid", () => {
    expect(missingHeaderParameters(only(signed(s)))).toEqual([]);
  });

  it("are incomplete when kid sits in the unprotected header", () => {
    const entry = signature(s, specPayload(card(), "1.0"), { kid: undefined });
    const c = { ...card(), signatures: [{ ...entry, header: { kid: s.jwk.kid } }] };
    expect(missingHeaderParameters(only(c))).toEqual([
      "kid is in the unprotected header, not the protected one",
    ]);
  });
});

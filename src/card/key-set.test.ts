import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keysFromText, parseKeySet } from "./key-set.js";

const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const jwk = { ...publicKey.export({ format: "jwk" }), kid: "k1" };

describe("keys a user gives (--card-key)", () => {
  it("reads a PEM public key, a JWK and a JWK Set", () => {
    const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(keysFromText(pem, "key.pem")).toMatchObject({ ok: true, keys: [{ kty: "EC", crv: "P-256" }] });
    expect(keysFromText(JSON.stringify(jwk), "key.json")).toMatchObject({ ok: true, keys: [{ kid: "k1" }] });
    expect(keysFromText(JSON.stringify({ keys: [jwk, jwk] }), "set.json")).toMatchObject({
      ok: true,
      keys: [{}, {}],
    });
  });

  it("names the file and the rule when the text is no key", () => {
    expect(keysFromText("hello", "x.txt")).toEqual({
      ok: false,
      problem: "x.txt is neither a PEM public key nor JSON (a JWK or a JWK Set)",
    });
    expect(keysFromText('{"a":1}', "a.json")).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/a\.json is JSON but neither/) as string,
    });
    expect(keysFromText('{"keys":[]}', "e.json")).toMatchObject({
      ok: false,
      problem: "e.json is a JWK Set without keys",
    });
    const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(keysFromText(privatePem, "priv.pem").ok).toBe(true);
  });
});

describe("a JWK Set from a jku", () => {
  it("keeps the JWKs and notes entries that are not", () => {
    const set = parseKeySet(JSON.stringify({ keys: [jwk, { x: 1 }] }), "http://h/jwks.json");
    expect(set).toMatchObject({
      ok: true,
      keys: [{ kid: "k1" }],
      notes: ['keys[1] of http://h/jwks.json is not a JWK (no "kty")'],
    });
  });

  it("refuses JSON nested deeper than a key set is", () => {
    const deep = `{"keys":[${"[".repeat(40)}${"]".repeat(40)}]}`;
    expect(parseKeySet(deep, "http://h/j")).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/nested deeper/) as string,
    });
  });
});

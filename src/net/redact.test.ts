import { describe, expect, it } from "vitest";
import { REDACTED, Redactor, isSensitiveHeader, isSensitiveParam, secretLengthProblem } from "./redact.js";

describe("Redactor", () => {
  it("treats credential headers as sensitive by name", () => {
    for (const name of [
      "Authorization",
      "Proxy-Authorization",
      "Cookie",
      "Set-Cookie",
      "X-API-Key",
      "Api-Key",
    ]) {
      expect(isSensitiveHeader(name), name).toBe(true);
    }
    for (const name of ["X-Auth-Token", "x-client-secret", "X-Goog-Api-Key", "X-Session-Token"]) {
      expect(isSensitiveHeader(name), name).toBe(true);
    }
    for (const name of ["Content-Type", "Accept", "User-Agent", "A2A-Version", "Connection", "Keep-Alive"]) {
      expect(isSensitiveHeader(name), name).toBe(false);
    }
  });

  it("treats credential query parameters as sensitive by name", () => {
    for (const name of [
      "api_key",
      "apikey",
      "apiKey",
      "token",
      "key",
      "access_token",
      "api-key",
      "client_secret",
    ]) {
      expect(isSensitiveParam(name), name).toBe(true);
    }
    for (const name of ["q", "page", "id", "message"]) expect(isSensitiveParam(name), name).toBe(false);
  });

  it("replaces every occurrence of a secret, including its URL- and JSON-encoded forms", () => {
    const r = new Redactor();
    r.add('s3cr3t "v" /+&');
    const text = `a s3cr3t "v" /+& b ${encodeURIComponent('s3cr3t "v" /+&')} c ${JSON.stringify('s3cr3t "v" /+&')}`;
    expect(r.text(text)).toBe(`a ${REDACTED} b ${REDACTED} c "${REDACTED}"`);
  });

  it("does not match a secret shorter than 8 characters in text, which would mangle ordinary words", () => {
    const r = new Redactor();
    expect(r.add("x")).toBe(false);
    expect(r.text('{"contextId":"c-1"}')).toBe('{"contextId":"c-1"}');
    expect(r.headers({ Authorization: "Bearer x" }).Authorization).not.toContain("x");
  });

  it("finds a secret whatever its case, as in a URL host that was lower-cased", () => {
    const r = new Redactor();
    r.add("TenantXyZ42");
    expect(r.url("could not connect to http://tenantxyz42.agents.example/a2a")).toBe(
      `could not connect to http://${REDACTED}.agents.example/a2a`,
    );
  });

  it("refuses secrets shorter than 8 characters with a rule that names the secret", () => {
    expect(secretLengthProblem("AGENT_TOKEN", "abc")).toMatch(/AGENT_TOKEN has 3 characters; .* at least 8/);
    expect(secretLengthProblem("AGENT_TOKEN", "abcdefgh")).toBeUndefined();
  });

  it("removes a longer secret whole when it contains a shorter one", () => {
    const r = new Redactor();
    r.add("abcdefgh");
    r.add("abcdefgh-longer");
    expect(r.text("xx abcdefgh-longer yy abcdefgh")).toBe(`xx ${REDACTED} yy ${REDACTED}`);
  });

  it("redacts credential query parameters and userinfo passwords in URLs", () => {
    const r = new Redactor();
    expect(r.url("https://u:pw@a.example/x?api_key=1&q=ok&token=2#f")).toBe(
      `https://${REDACTED}@a.example/x?api_key=${REDACTED}&q=ok&token=${REDACTED}#f`,
    );
    expect(r.url("no card at http://admin:hunter2@10.0.0.1/ nor https://tok@b.example")).toBe(
      `no card at http://${REDACTED}@10.0.0.1/ nor https://${REDACTED}@b.example`,
    );
  });

  it("redacts a URL inside a sentence without swallowing the rest of it", () => {
    const r = new Redactor();
    expect(r.url("refused http://h/?key=abc: 10.0.0.1 is private")).toBe(
      `refused http://h/?key=${REDACTED}: 10.0.0.1 is private`,
    );
  });

  it("redacts header values by name and by registered secret", () => {
    const r = new Redactor();
    r.add("hunter22");
    expect(r.headers({ authorization: "Bearer x", "x-note": "pw hunter22", accept: "*/*" })).toEqual({
      authorization: REDACTED,
      "x-note": `pw ${REDACTED}`,
      accept: "*/*",
    });
  });
});

describe("Redactor.url on text that is not a URL", () => {
  it("leaves a JSON body with a question and a page token whole, and still redacts a token in a URL inside it", () => {
    const r = new Redactor();
    const body = '{"text":"Why was I charged twice?","nextPageToken":"MjAyNi0xMi0wNA="}';
    expect(r.url(body)).toBe(body);
    expect(r.url("see https://agent.example/tasks?pageToken=abc&x=1 for more")).toBe(
      "see https://agent.example/tasks?pageToken=[redacted]&x=1 for more",
    );
  });
});

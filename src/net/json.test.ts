import { describe, expect, it } from "vitest";
import { NetError } from "./errors.js";
import { parseJson, tryParseJson } from "./json.js";

const URL = "http://127.0.0.1:1/a";

function failure(text: string, maxDepth?: number): NetError {
  const result = tryParseJson(text, URL, maxDepth);
  if (result.ok) throw new Error("expected a failure");
  return result.error;
}

describe("parseJson", () => {
  it("parses valid JSON", () => {
    expect(parseJson('{"a":[1,{"b":"c"}]}', URL)).toEqual({ a: [1, { b: "c" }] });
  });

  it("reports truncated JSON as json.syntax with the position and a snippet", () => {
    const error = failure('{"jsonrpc":"2.0","result":{"id":"t1","status":{"state":"compl');
    expect(error.rule).toBe("json.syntax");
    expect(error.url).toBe(URL);
    expect(error.message).toContain(URL);
    expect(error.message).toMatch(/at character \d+/);
    expect(error.message).toContain('"state":"compl');
  });

  it("reports an HTML page as json.syntax quoting its start", () => {
    const error = failure("<html><body>Bad gateway</body></html>");
    expect(error.rule).toBe("json.syntax");
    expect(error.message).toContain("<html><body>Bad gateway");
  });

  it("says so when the body is empty", () => {
    expect(failure("").message).toContain("the body is empty");
  });

  it("refuses nesting deeper than the cap with json.depth", () => {
    expect(failure("[".repeat(257) + "]".repeat(257)).rule).toBe("json.depth");
    expect(parseJson("[".repeat(256) + "]".repeat(256), URL)).toBeInstanceOf(Array);
    expect(failure('{"a":{"b":{"c":1}}}', 2).rule).toBe("json.depth");
  });

  it("survives 100,000 levels of nesting without overflowing the stack", () => {
    const error = failure("[".repeat(100_000));
    expect(error.rule).toBe("json.depth");
    expect(error.message).toContain("256");
  });

  it("does not count brackets inside strings, including after escaped quotes", () => {
    const text = JSON.stringify({ s: '[[[[[ \\" {{{{{ "' + "[".repeat(500) });
    expect(parseJson(text, URL)).toEqual({ s: '[[[[[ \\" {{{{{ "' + "[".repeat(500) });
  });

  it("throws the NetError from parseJson and returns it from tryParseJson", () => {
    expect(() => parseJson("nope", URL)).toThrow(NetError);
    expect(tryParseJson("[1]", URL)).toEqual({ ok: true, value: [1] });
  });
});

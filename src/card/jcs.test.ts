import { describe, expect, it } from "vitest";
import { canonicalJson, JcsError } from "./jcs.js";

const ieee754 = (hex: string): number => Buffer.from(hex, "hex").readDoubleBE(0);

// RFC 8785 Appendix B: IEEE 754 binary64 values and their canonical text.
const appendixB: [string, string][] = [
  ["0000000000000000", "0"],
  ["8000000000000000", "0"],
  ["0000000000000001", "5e-324"],
  ["8000000000000001", "-5e-324"],
  ["7fefffffffffffff", "1.7976931348623157e+308"],
  ["ffefffffffffffff", "-1.7976931348623157e+308"],
  ["4340000000000000", "9007199254740992"],
  ["c340000000000000", "-9007199254740992"],
  ["4430000000000000", "295147905179352830000"],
  ["44b52d02c7e14af5", "9.999999999999997e+22"],
  ["44b52d02c7e14af6", "1e+23"],
  ["44b52d02c7e14af7", "1.0000000000000001e+23"],
  ["444b1ae4d6e2ef4e", "999999999999999700000"],
  ["444b1ae4d6e2ef4f", "999999999999999900000"],
  ["444b1ae4d6e2ef50", "1e+21"],
  ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
  ["3eb0c6f7a0b5ed8d", "0.000001"],
  ["41b3de4355555553", "333333333.3333332"],
  ["41b3de4355555554", "333333333.33333325"],
  ["41b3de4355555555", "333333333.3333333"],
  ["41b3de4355555556", "333333333.3333334"],
  ["41b3de4355555557", "333333333.33333343"],
  ["becbf647612f3696", "-0.0000033333333333333333"],
  ["43143ff3c1cb0959", "1424953923781206.2"],
];

describe("RFC 8785 canonical JSON", () => {
  it.each(appendixB)("writes the binary64 value %s as %s (Appendix B)", (hex, text) => {
    expect(canonicalJson(ieee754(hex))).toBe(text);
  });

  it("refuses NaN and Infinity (Appendix B), naming where they are", () => {
    expect(() => canonicalJson(ieee754("7fffffffffffffff"))).toThrow(JcsError);
    expect(() => canonicalJson({ a: [1, ieee754("7ff0000000000000")] })).toThrow(/a\[1\]/);
  });

  it("canonicalizes the example of §3.2.2: sorted members, numbers and strings rewritten", () => {
    const input = String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`;
    expect(canonicalJson(JSON.parse(input))).toBe(
      String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`,
    );
  });

  it("sorts member names by UTF-16 code units, not code points (§3.2.3)", () => {
    const input = String.raw`{
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis"
    }`;
    // Read from the canonical text itself: a JS object would list the index-like key "1" first.
    const names = [...canonicalJson(JSON.parse(input)).matchAll(/:"([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual([
      "Carriage Return",
      "One",
      "Control",
      "Latin Small Letter O With Diaeresis",
      "Euro Sign",
      "Emoji: Grinning Face",
      "Hebrew Letter Dalet With Dagesh",
    ]);
  });

  it("sorts nested objects too and keeps array order", () => {
    expect(canonicalJson({ b: [3, { z: 1, a: 2 }], a: { d: true, c: null } })).toBe(
      '{"a":{"c":null,"d":true},"b":[3,{"a":2,"z":1}]}',
    );
  });

  it("writes control characters as lower-case \\u escapes and leaves other characters as they are", () => {
    expect(canonicalJson("\u0001\u001f\b\t\u2028é😀")).toBe('"\\u0001\\u001f\\b\\t\u2028é😀"');
  });

  it("refuses a lone surrogate, which is not Unicode text (I-JSON)", () => {
    expect(() => canonicalJson({ name: "\ud800x" })).toThrow(/name: a string holds a lone surrogate/);
  });

  it("refuses values JSON cannot hold", () => {
    expect(() => canonicalJson({ a: undefined })).toThrow(JcsError);
    expect(() => canonicalJson(10n)).toThrow(/bigint/);
  });
});

import { describe, expect, it } from "vitest";
import { requestAuth } from "./options.js";
import { outputSettings } from "./output.js";

describe("credential options", () => {
  it("turn --bearer, --basic and --api-key into headers, query parameters and values to redact", () => {
    expect(requestAuth({ bearer: "t0k", header: ["X-Trace: 1"] })).toEqual({
      headers: { "X-Trace": "1", Authorization: "Bearer t0k" },
      query: {},
      secrets: ["t0k"],
    });
    const basic = requestAuth({ basic: "ann:pa:ss" });
    expect(basic.headers.Authorization).toBe(`Basic ${Buffer.from("ann:pa:ss").toString("base64")}`);
    expect(basic.secrets).toContain("pa:ss");
    expect(requestAuth({ apiKey: ["api_key=k1"], apiKeyIn: "query" })).toEqual({
      headers: {},
      query: { api_key: "k1" },
      secrets: ["k1"],
    });
  });

  it.each([
    [{ basic: "ann" }, "--basic: expected USER:PASSWORD"],
    [{ apiKey: ["novalue"] }, '--api-key "novalue": expected NAME=VALUE'],
    [{ apiKey: ["k=v"], apiKeyIn: "cookie" }, "--api-key-in cookie: expected header or query"],
    [{ bearer: "a", basic: "b:c" }, "--bearer and --basic both set Authorization; give one"],
    [
      { bearer: "a", header: ["authorization: x"] },
      "-H 'authorization: …' and --bearer/--basic both set Authorization",
    ],
    [{ apiKey: ["X-Key=1"], header: ["X-Key: 2"] }, "-H 'X-Key: …' and --api-key both set X-Key"],
    [{ header: ["no colon"] }, "--header \"no colon\": expected 'Name: value'"],
  ])("refuse %j", (flags, message) => {
    expect(() => requestAuth(flags)).toThrow(message);
  });
});

describe("output options", () => {
  it("default to the console with live progress chosen by the terminal, and none with --json", () => {
    expect(outputSettings({}, {}, { isTTY: true })).toEqual({
      json: false,
      formats: [],
      outDir: "reports",
      keepReports: 20,
      color: true,
      progress: "tty",
      failOn: "any",
    });
    expect(outputSettings({}, { CI: "1" }, { isTTY: true }).progress).toBe("plain");
    expect(outputSettings({ json: true }, {}, { isTTY: true }).progress).toBe("none");
    expect(outputSettings({ json: true, progress: "plain" }, {}, {}).progress).toBe("plain");
  });

  it.each([
    [{ report: "pdf" }, "--report pdf: unknown format pdf"],
    [{ outDir: "x" }, "--out-dir x: only used with --report"],
    [{ progress: "loud" }, "--progress loud: expected auto, tty, plain, none"],
    [{ failOn: "some" }, "--fail-on some: expected new or any"],
    [{ failOn: "new" }, "--fail-on new: needs --baseline FILE|last"],
    [{ report: "html", outDir: "package.json" }, "--out-dir package.json: exists and is not a folder"],
  ])("refuse %j", (flags, message) => {
    expect(() => outputSettings(flags, {}, {})).toThrow(message);
  });
});

import { describe, expect, it } from "vitest";
import { renderJunit } from "./junit.js";
import {
  conformanceRun,
  conversationRun,
  HOSTILE,
  hostileRun,
  repeatedConversationRun,
  smokeRun,
} from "./testing/fixtures.js";
import { findAll, parseXml, type XmlElement } from "./testing/xml-check.js";

const counts = (el: XmlElement) => ({
  tests: el.attrs.tests,
  failures: el.attrs.failures,
  errors: el.attrs.errors,
  skipped: el.attrs.skipped,
});

describe("the XML checker used by these tests", () => {
  it.each([
    ["a raw <", "<a>x < y</a>"],
    ["a bare &", "<a>fish & chips</a>"],
    ["a mismatched tag", "<a><b></a></b>"],
    ["an unclosed tag", "<a><b></b>"],
    ["a control character", "<a>\u0001</a>"],
    ["a < in an attribute", '<a x="<"/>'],
    ["two roots", "<a/><b/>"],
  ])("rejects %s", (_what, xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});

describe("renderJunit", () => {
  it("names each generation's verdict apart when the suite tested two generations of one agent", () => {
    const judged = { ...conformanceRun.findings![0]!, id: "lifecycle.history-length", transport: "JSONRPC" };
    const run = {
      ...conformanceRun,
      findings: [
        { ...judged, generation: "0.3" as const, status: "pass" as const },
        { ...judged, generation: "1.0" as const, status: "fail" as const },
      ],
    };
    const names = findAll(parseXml(renderJunit([run])), "testcase").map((c) => c.attrs.name);
    expect(names.filter((n) => n?.startsWith("lifecycle.history-length"))).toEqual([
      expect.stringMatching(/\[JSONRPC, A2A 0\.3\]$/),
      expect.stringMatching(/\[JSONRPC, A2A 1\.0\]$/),
    ]);
  });

  it("writes one testsuite per category with one testcase per finding and correct counts", () => {
    const root = parseXml(renderJunit([conformanceRun]));
    expect(root.name).toBe("testsuites");
    expect(counts(root)).toEqual({ tests: "10", failures: "3", errors: "1", skipped: "2" });
    expect(root.attrs.time).toBe("2.500");
    const suites = findAll(root, "testsuite");
    expect(
      suites.map((s) => [s.attrs.name, s.attrs.tests, s.attrs.failures, s.attrs.errors, s.attrs.skipped]),
    ).toEqual([
      ["http://agent.test › card", "2", "0", "0", "0"],
      ["http://agent.test › lifecycle", "3", "1", "0", "1"],
      ["http://agent.test › streaming", "3", "1", "0", "1"],
      ["http://agent.test › errors", "2", "1", "1", "0"],
    ]);
    expect(suites[1]?.attrs.time).toBe("0.150");
    expect(suites[0]?.attrs.timestamp).toBe("2026-01-01T00:00:00");
  });

  it("puts message, level, recommendation and evidence in a failure, and the exchange in system-out", () => {
    const root = parseXml(renderJunit([conformanceRun]));
    const cancel = findAll(root, "testcase").find((c) => c.attrs.name?.startsWith("lifecycle.cancel"));
    expect(cancel?.attrs).toEqual({
      classname: "lifecycle",
      name: "lifecycle.cancel.terminal-task-errors — Cancelling a finished task errors",
      time: "0.050",
    });
    const failure = cancel?.children.find((c) => c.name === "failure");
    expect(failure?.attrs).toEqual({ message: "Server returned 500", type: "MUST" });
    expect(failure?.text).toBe(
      [
        "Server returned 500",
        "Recommendation: Add guard for terminal state transitions",
        "Spec: A2A 7.4 (TCK CORE-CANCEL-002)",
        "Evidence:",
        "  t3 POST http://agent.test/rpc → 500 (12 ms)",
      ].join("\n"),
    );
    expect(cancel?.children.find((c) => c.name === "system-out")?.text).toContain(
      "< Internal Server Error: cannot cancel",
    );
  });

  it("marks skips with their reason and errors as <error>", () => {
    const cases = findAll(parseXml(renderJunit([conformanceRun])), "testcase");
    const skip = cases.find((c) => c.attrs.name === "lifecycle.input-required");
    expect(skip?.children[0]).toMatchObject({
      name: "skipped",
      attrs: { message: "the agent never asked for input" },
    });
    const error = cases.find((c) => c.attrs.name === "errors.unknown-method");
    expect(error?.children[0]?.name).toBe("error");
  });

  it("gives a run without findings one testcase for the card and one for the smoke", () => {
    const root = parseXml(renderJunit([smokeRun]));
    expect(counts(root)).toEqual({ tests: "2", failures: "0", errors: "0", skipped: "0" });
    expect(findAll(root, "testcase").map((c) => [c.attrs.classname, c.attrs.name, c.attrs.time])).toEqual([
      ["card", "agent card", "0.004"],
      ["smoke", "smoke message", "0.116"],
    ]);
  });

  it("writes a smoke run as a small stable document", () => {
    const xml = renderJunit([smokeRun]);
    // Properties repeat the run's fields; the layout around them is what this pins down.
    expect(xml.replace(/ *<properties>[\s\S]*?<\/properties>\n/, "")).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="plainwright" tests="2" failures="0" errors="0" skipped="0" time="0.120">
        <testsuite name="http://agent.test › a2a" tests="2" failures="0" errors="0" skipped="0" time="0.120" timestamp="2026-01-01T00:00:00">
          <testcase classname="card" name="agent card" time="0.004">
            <system-out><![CDATA[found at http://agent.test/.well-known/agent-card.json
      warning provider: no organization]]></system-out>
          </testcase>
          <testcase classname="smoke" name="smoke message" time="0.116">
            <system-out><![CDATA[message/send → task completed
      Hi there!]]></system-out>
          </testcase>
        </testsuite>
      </testsuites>
      "
    `);
  });

  it("gives a conversation no smoke testcase: it sends no smoke message", () => {
    const root = parseXml(renderJunit([conversationRun]));
    expect(findAll(root, "testcase").filter((c) => c.attrs.classname === "smoke")).toEqual([]);
  });

  it("turns each conversation criterion into a testcase", () => {
    const root = parseXml(renderJunit([conversationRun]));
    const conversation = findAll(root, "testcase").filter((c) => c.attrs.classname === "conversation");
    expect(conversation.map((c) => [c.attrs.name, c.children[0]?.name])).toEqual([
      ["Offers a refund", "system-out"],
      ["Confirms the order id", "failure"],
    ]);
  });

  it("has a testcase per criterion per trial, and the pass rate, interval, pass^k, flakiness and cost", () => {
    const root = parseXml(renderJunit([repeatedConversationRun]));
    const cases = findAll(root, "testcase").filter((c) => c.attrs.classname === "conversation");
    expect(cases.map((c) => [c.attrs.name, c.children[0]?.name, c.children[0]?.attrs.message])).toEqual([
      ["Confirms the refund [trial 1 of 3]", "system-out", undefined],
      ["Gives a timeline [trial 1 of 3]", "system-out", undefined],
      ["Confirms the refund [trial 2 of 3]", "system-out", undefined],
      [
        "Gives a timeline [trial 2 of 3]",
        "failure",
        "unsupported: a quote is not in the transcript (the judge said passed)",
      ],
      [
        "Confirms the refund [trial 3 of 3]",
        "error",
        "the judge call to openai:gpt-4o-mini returned invalid JSON twice",
      ],
      [
        "Gives a timeline [trial 3 of 3]",
        "error",
        "the judge call to openai:gpt-4o-mini returned invalid JSON twice",
      ],
    ]);
    const properties: Record<string, string | undefined> = Object.fromEntries(
      findAll(findAll(root, "testsuite")[0]!, "property").map((p) => [p.attrs.name ?? "", p.attrs.value]),
    );
    expect(properties).toMatchObject({
      pass_rate: "1/3 trials passed (33%)",
      wilson_95: "6%–79%",
      pass_hat_k: "pass^1 0.33 · pass^2 0.00 · pass^3 0.00",
      flaky: "true",
      "usage total": "1,240 in / 26 out · $0.0002",
    });
  });

  it("shows CI a failure for a run that did not pass even when nothing else failed", () => {
    const root = parseXml(
      renderJunit([
        { ...smokeRun, status: "error", reason: "target unreachable", card: undefined, smoke: undefined },
      ]),
    );
    expect(counts(root)).toEqual({ tests: "2", failures: "0", errors: "2", skipped: "0" });
    const failedRun = parseXml(renderJunit([{ ...smokeRun, status: "failed", reason: "policy" }]));
    expect(findAll(failedRun, "testcase").at(-1)?.children[0]?.attrs.message).toBe("policy");
  });

  it("stays well-formed with hostile text: escaped, control characters stripped, ]]> split", () => {
    const xml = renderJunit([hostileRun, smokeRun, conformanceRun]);
    const root = parseXml(xml);
    // Inside CDATA the text is literal; everywhere else it must have been escaped.
    expect(xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "")).not.toContain("<script");
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const hostile = findAll(root, "testcase").find((c) => c.attrs.name === "card.hostile");
    expect(hostile?.attrs.classname).toBe("card<script>");
    const failure = hostile?.children.find((c) => c.name === "failure");
    expect(failure?.attrs.message).toBe(HOSTILE.description);
    const out = hostile?.children.find((c) => c.name === "system-out")?.text ?? "";
    expect(out).toContain(`</pre><script>alert('body')</script>]]><!-- x -->`);
    expect(counts(root)).toEqual({ tests: "13", failures: "4", errors: "1", skipped: "2" });
  });
});

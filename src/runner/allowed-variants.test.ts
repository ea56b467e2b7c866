import { describe, expect, it } from "vitest";
import { FLAWS } from "../agent/flaws/index.js";
import { referenceConformer } from "./testing/reference-conform.js";

// The allowed variants of the reference agent: behaviour the spec permits, which the suite must never fail.
const { conform } = referenceConformer();

/** What each allowed variant must come to: the check that judges it, and as what. */
const variantOutcomes: Record<string, { check: string; as: "note" | "pass" }> = {
  "cancel-unsupported": { check: "lifecycle.cancel-running", as: "note" },
  "cancel-not-cancelable": { check: "lifecycle.cancel-running", as: "note" },
  "parse-error-http-400": { check: "errors.http-status", as: "note" },
  "null-body-parse-error": { check: "errors.invalid-request", as: "pass" },
  "asks-back-always": { check: "streaming.several-subscribers", as: "pass" },
  "asks-back-at-once": { check: "lifecycle.cancel-running", as: "pass" },
  "push-unclaimed": { check: "errors.push-not-supported-0x", as: "pass" },
  "stream-final-task-snapshot": { check: "streaming.final-event", as: "pass" },
  "stream-single-task": { check: "streaming.final-event", as: "pass" },
  "resubscribe-unserved": { check: "streaming.subscribe-unknown-task-0x", as: "note" },
  "push-loopback-refused": { check: "push.delivery", as: "note" },
  "message-reply": { check: "lifecycle.send-returns-task", as: "pass" },
  "unknown-fields-added": { check: "lifecycle.wire-format", as: "pass" },
  "no-status-timestamps": { check: "lifecycle.wire-format", as: "pass" },
  "card-only-required-fields": { check: "card.optional-fields", as: "pass" },
  "subscribe-refusals-in-stream": { check: "streaming.subscribe-terminal", as: "pass" },
};

describe("what the spec allows never fails", () => {
  const variants = FLAWS.filter((f) => f.allowed).flatMap((f) =>
    f.protocols.map((p) => [f.name, p] as const),
  );

  it("says what every allowed variant comes to", () => {
    expect(variants.map(([name]) => name).filter((name) => !variantOutcomes[name])).toEqual([]);
  });

  it.concurrent.each(
    variants.map(([name, protocol]) => [`${name} (A2A ${protocol})`, name, protocol] as const),
  )("%s: no check fails, and the check that judges it passes or notes it", async (_title, name, protocol) => {
    // The suite's default hints name a message that makes a task: untrue of an agent that never makes one.
    const hints = name === "message-reply" ? { hints: {} } : {};
    const result = await conform(protocol, name, { transports: ["JSONRPC"], ...hints });
    const findings = result.findings ?? [];
    const broken = findings.filter((f) => f.status === "fail" || f.status === "error");
    expect(broken.map((f) => `${f.id}: ${f.message}`)).toEqual([]);
    const outcome = variantOutcomes[name];
    const judged = findings.find((f) => f.id === outcome?.check);
    if (outcome?.as === "note")
      expect(judged).toMatchObject({ status: "skip", not_supported: true, applicable: false });
    // several-subscribers is a 1.0 check: in 0.3 it does not apply.
    else if (judged?.applicable !== false) expect(judged).toMatchObject({ status: "pass" });
    // Behaviour the spec allows does not lower the level either: no check is left "could not run" by it.
    const notRun = findings.filter((f) => f.status === "skip" && f.applicable !== false);
    expect({ level: result.conformance_level, notRun: notRun.map((f) => `${f.id}: ${f.message}`) }).toEqual({
      level: "full",
      notRun: [],
    });
    // A task waiting for input is not over: an agent that asks back at once still gets the subscribe check (1.0.1 §3.1.6).
    if (name === "asks-back-at-once" && protocol === "1.0")
      expect(findings.find((f) => f.id === "streaming.subscribe-running")).toMatchObject({ status: "pass" });
    // An unserved tasks/resubscribe (a MAY, 0.3 §11.1.3) is a note for every check that would use it.
    if (name === "resubscribe-unserved")
      expect(findings.find((f) => f.id === "streaming.subscribe-running-0x")).toMatchObject({
        not_supported: true,
      });
    // Without timestamps the ListTasks order is judged by the order the suite sent its tasks in.
    if (name === "no-status-timestamps" && protocol === "1.0")
      expect(findings.find((f) => f.id === "lifecycle.list-tasks-order")?.message).toMatch(
        /carry no status timestamp; the one the suite sent last is listed first/,
      );
  });
});

describe("an agent that answers every message with a Message", () => {
  it.each(["1.0", "0.3"] as const)(
    "keeps level full in A2A %s: the checks that judge tasks do not apply, they did not fail to run",
    async (protocol) => {
      const result = await conform(protocol, "message-reply", { hints: {}, transports: ["JSONRPC"] });
      const findings = result.findings ?? [];
      const getTask = findings.find((f) => f.id === "lifecycle.get-task");
      expect(getTask).toMatchObject({ status: "skip", applicable: false });
      expect(getTask?.message).toMatch(/answers every message with a Message and creates no task/);
      expect(findings.filter((f) => f.status === "skip" && f.applicable !== false).map((f) => f.id)).toEqual(
        [],
      );
      expect(result.conformance_level).toBe("full");
    },
  );

  it("still runs the task checks when a hint names a message that makes a task", async () => {
    const result = await conform("1.0", "message-reply", { transports: ["JSONRPC"] });
    const getTask = (result.findings ?? []).find((f) => f.id === "lifecycle.get-task");
    expect(getTask?.applicable).not.toBe(false);
  });
});

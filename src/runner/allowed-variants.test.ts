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
  "asks-back-always": { check: "streaming.several-subscribers", as: "pass" },
  "asks-back-at-once": { check: "lifecycle.cancel-running", as: "pass" },
  "push-unclaimed": { check: "errors.push-not-supported-0x", as: "pass" },
  "stream-final-task-snapshot": { check: "streaming.final-event", as: "pass" },
  "resubscribe-unserved": { check: "streaming.subscribe-unknown-task-0x", as: "note" },
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
    const result = await conform(protocol, name, { transports: ["JSONRPC"] });
    const findings = result.findings ?? [];
    const broken = findings.filter((f) => f.status === "fail" || f.status === "error");
    expect(broken.map((f) => `${f.id}: ${f.message}`)).toEqual([]);
    const outcome = variantOutcomes[name];
    const judged = findings.find((f) => f.id === outcome?.check);
    if (outcome?.as === "note")
      expect(judged).toMatchObject({ status: "skip", not_supported: true, applicable: false });
    // several-subscribers is a 1.0 check: in 0.3 it does not apply.
    else if (judged?.applicable !== false) expect(judged).toMatchObject({ status: "pass" });
  });
});

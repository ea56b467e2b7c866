import type { AgentProtocol } from "../../agent/index.js";
import { batchA } from "./expectations-a.js";
import { batchB } from "./expectations-b.js";
import { batchC } from "./expectations-c.js";

/**
 * What each reference-agent flaw must do to the conformance suite: exactly these checks fail (on the
 * given protocol), every other check passes or skips. The table is the test that can fail each check
 * (src/checks/catalogue.test.ts asserts every check appears in it).
 */
export interface FlawExpectation {
  flaw: string;
  protocol: AgentProtocol;
  /** Check ids that must fail (any transport). */
  failing: string[];
  /** Limit the run to these bindings (default: every binding the card advertises). */
  transports?: Array<"JSONRPC" | "HTTP+JSON" | "GRPC">;
  /** Extra options for the run, e.g. credentials. */
  bearer?: string;
}

/** Checks no flaw of the reference agent can fail, each with the reason (kept short and honest). */
export const notFailableByFlaw: Record<string, string> = {
  "interop.cards-valid": "failed by the peer test in run-conformance.test.ts",
  "interop.both-accept-tasks": "failed by the peer test in run-conformance.test.ts",
  "interop.concurrent-contexts": "failed by the peer test in run-conformance.test.ts",
  "interop.version-compatible": "failed by the peer test in run-conformance.test.ts",
};

export const expectations: readonly FlawExpectation[] = [
  { flaw: "card-missing-name", protocol: "1.0", failing: ["card.required-fields"] },
  ...batchA,
  ...batchB,
  ...batchC,
];

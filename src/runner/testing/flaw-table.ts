import { expect } from "vitest";
import { FLAWS } from "../../agent/flaws/index.js";
import type { AgentProtocol } from "../../agent/index.js";
import { catalogue } from "../../checks/index.js";
import type { referenceConformer } from "./reference-conform.js";

// The token rows of auth flaws send; their agent is started expecting exactly it (and, for the
// task-scope flaws, a second caller's token too).
export const bearer = "plainwright-conformance-token";
export const other = "plainwright-other-caller-token";

export interface FlawRow {
  flaw: string;
  protocol: AgentProtocol;
  /** Check ids that must fail (on any binding); every other check passes or skips. */
  failing: string[];
  transports?: Array<"JSONRPC" | "HTTP+JSON" | "GRPC">;
  bearer?: string;
  other?: string;
  /** Run without hints (the flaw's `unhinted`). */
  unhinted?: true;
}

/**
 * One row per flaw and protocol that some check's `selfTest` names: exactly the checks naming it must
 * fail. A flaw that only bends the JSON-RPC front (rpc/rpcReply hooks) runs over JSON-RPC alone, which
 * keeps the table fast, unless a check it fails compares bindings; an auth flaw runs with a token.
 */
export function flawTable(protocol: AgentProtocol): FlawRow[] {
  const rows = new Map<string, FlawRow>();
  for (const check of catalogue) {
    for (const { flaw, protocols } of check.selfTest ?? []) {
      for (const protocol of protocols) {
        const row = rows.get(`${flaw} ${protocol}`) ?? { flaw, protocol, failing: [] };
        row.failing.push(check.id);
        rows.set(`${flaw} ${protocol}`, row);
      }
    }
  }
  return [...rows.values()]
    .filter((row) => row.protocol === protocol)
    .map((row) => {
      const flaw = FLAWS.find((f) => f.name === row.flaw);
      const hooks = Object.keys(flaw ?? {}).filter(
        (key) => !["name", "category", "protocols", "description", "expect", "unhinted"].includes(key),
      );
      const jsonRpcOnly =
        hooks.length > 0 &&
        hooks.every((key) => key === "rpc" || key === "rpcReply") &&
        !row.failing.some((id) => catalogue.find((c) => c.id === id)?.needs?.includes("multiple-transports"));
      return {
        ...row,
        ...(jsonRpcOnly ? { transports: ["JSONRPC" as const] } : {}),
        ...(flaw?.auth ? { bearer } : {}),
        ...(flaw?.scopeDefect ? { bearer, other } : {}),
        ...(flaw?.unhinted ? { unhinted: true as const } : {}),
      };
    });
}

/** Runs the suite on the reference agent with the row's flaw: exactly the row's checks fail, over each binding. */
export async function expectFlawFailsItsChecks(
  conform: ReturnType<typeof referenceConformer>["conform"],
  e: FlawRow,
): Promise<void> {
  const result = await conform(e.protocol, e.flaw, {
    ...(e.transports ? { transports: e.transports } : {}),
    ...(e.bearer ? { bearer: e.bearer } : {}),
    ...(e.other ? { other: e.other } : {}),
    ...(e.unhinted ? { hints: {} } : {}),
  });
  const findings = result.findings ?? [];
  // A check that threw is no evidence that the flaw was seen: only a failing verdict counts.
  const broken = findings.filter((f) => f.status === "fail");
  const threw = findings.filter((f) => f.status === "error").map((f) => `${f.id}: ${f.message ?? ""}`);
  expect(threw, "checks that threw or were cut off").toEqual([]);
  const failing = [...new Set(broken.map((f) => f.id))].sort();
  // What the checks said, for a row that differs: which check failed unexpectedly, or why one did not fail.
  const said = findings
    .filter((f) => failing.includes(f.id) !== e.failing.includes(f.id))
    .map((f) => `${f.id} ${f.transport ?? ""} ${f.status}: ${f.message ?? ""}`);
  expect(failing, said.join("\n")).toEqual([...e.failing].sort());
  // The coverage table trusts a check's selfTest bindings: the flaw must fail it over each of them.
  for (const id of e.failing) {
    const check = catalogue.find((c) => c.id === id);
    if (check?.scope !== "transport") continue;
    // The reference agent serves all three bindings in both protocols; a row run over fewer must say so.
    const claimed = check.selfTest?.find((s) => s.flaw === e.flaw)?.bindings ??
      check.bindings ?? ["JSONRPC", "HTTP+JSON", "GRPC"];
    const failedOver = broken.filter((f) => f.id === id).map((f) => f.transport);
    expect(
      claimed.filter((b) => !failedOver.includes(b)),
      `${id} passed over`,
    ).toEqual([]);
  }
}

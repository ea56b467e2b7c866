import type { Transport } from "../../model/transport.js";
import type { CheckLevel } from "../types.js";

/** How far the catalogue covers one TCK requirement. */
export type CoverageStatus = "covered" | "partial" | "not-applicable" | "not-covered";

/**
 * One requirement of the official TCK (a2aproject/a2a-tck, branch 1.0-dev, tck/requirements/*.py) and
 * how Plainwright's checks cover it; the checks themselves name the ids they cover (`CheckDefinition.tck`).
 */
export interface TckRequirement {
  id: string;
  /** The level the TCK files it under (it may differ from the current spec; the note then says so). */
  level: CheckLevel;
  /** The A2A 1.0 spec section the TCK cites. */
  section: string;
  title: string;
  /** The TCK has a test for it (an operation its parametrised runner dispatches, or a dedicated test). */
  tested: boolean;
  status: CoverageStatus;
  /** Why it is partial, not applicable or not covered, and where the current spec differs from the TCK. */
  note?: string;
  /**
   * The bindings the requirement speaks of, where its words narrow them (JSON serialisation exists on
   * JSON-RPC and HTTP+JSON only); otherwise taken from the id's prefix, or all.
   */
  bindings?: readonly Transport[];
}

/** The bindings whose messages are JSON text (1.0.1 §5.5 speaks of JSON serialisation). */
export const JSON_BINDINGS: readonly Transport[] = ["JSONRPC", "HTTP+JSON"];

export type Coverage = Pick<TckRequirement, "status" | "note">;

export const covered = (note?: string): Coverage => ({ status: "covered", ...(note ? { note } : {}) });
export const partial = (note: string): Coverage => ({ status: "partial", note });
export const notApplicable = (note: string): Coverage => ({ status: "not-applicable", note });
export const notCovered = (note: string): Coverage => ({ status: "not-covered", note });

export function req(
  id: string,
  level: CheckLevel,
  section: string,
  title: string,
  tested: boolean,
  coverage: Coverage,
  bindings?: readonly Transport[],
): TckRequirement {
  return { id, level, section, title, tested, ...coverage, ...(bindings ? { bindings } : {}) };
}

export const CLIENT_SIDE =
  "a requirement on clients; Plainwright's own client meets it (src/client), there is no server behaviour to judge";
export const TLS =
  "Plainwright tests agents on any address, loopback included; transport security is a deployment property, not a protocol behaviour a check can provoke";
export const IN_TASK_AUTH =
  "needs an agent flow that asks for credentials during a task; no message provokes it on an agent we did not write";

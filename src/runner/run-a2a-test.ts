import type { RunResult } from "../model/result.js";
import { executeRun } from "./execute-run.js";
import { cardKind } from "./kinds/card.js";
import type { RunRequest } from "./kinds/define.js";
import { smokeKind } from "./kinds/smoke.js";

/** An A2A test: "card" stops after discovery, validation and endpoint choice; "smoke" sends the smoke message. */
export type A2ARunOptions = RunRequest<{ smoke_message?: string | undefined }> & { mode: "card" | "smoke" };

/** Runs one A2A test (docs/test-files.md, "How an A2A test runs") through the one Run (kinds/card.ts, kinds/smoke.ts). */
export function runA2ATest(opts: A2ARunOptions): Promise<RunResult> {
  const { mode, ...request } = opts;
  return executeRun(mode === "card" ? cardKind : smokeKind, request);
}

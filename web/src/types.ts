/** The REST API's JSON as the UI reads it (docs/result-format.md and docs/api.md). */
import type { RunResult } from "../../src/model/index.js";

export interface Project {
  id: string;
  name: string;
}
export interface Module {
  id: string;
  name: string;
  project_id: string;
}
export type RunStatus = "queued" | "running" | "passed" | "failed" | "error" | "canceled";
export interface RunSummary {
  id: string;
  test_id: string;
  status: RunStatus;
  created_at: string;
  finished_at?: string | null;
}
export interface TestConfig {
  agent_url: string;
  headers?: Record<string, string>;
  timeout_s?: number;
  smoke_message?: string;
  persona?: string;
  goal?: string;
  opening_message?: string;
  max_turns?: number;
  success_criteria?: string[];
  [key: string]: unknown;
}
export interface Test {
  id: string;
  module_id: string;
  name: string;
  kind: string;
  natural_language?: string;
  config: TestConfig;
  warnings: string[];
  last_run: RunSummary | null;
}
// The result's shapes come from the model the runners write them with (type-only: nothing of it is bundled).
export interface Run extends RunSummary {
  progress: string[];
  result: RunResult | null;
}

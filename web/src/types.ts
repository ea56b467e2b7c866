/** The parts of the REST API's JSON the UI reads (DESIGN.md sections 3 and 9). */
export interface Project {
  id: string;
  name: string;
}
export interface Module {
  id: string;
  name: string;
  project_id: string;
}
export type RunStatus = "queued" | "running" | "passed" | "failed" | "error";
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
export interface Issue {
  path: string;
  message: string;
}
export interface Skill {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
}
export interface CardSection {
  found_at: string | null;
  tried: { url: string; outcome: string; http_status?: number; ms: number }[];
  protocol_version: string | null;
  name: string | null;
  version: string | null;
  description: string | null;
  transport: string | null;
  errors: Issue[];
  warnings: Issue[];
  skills: Skill[];
}
export interface TrafficEntry {
  id: string;
  at: string;
  label?: string;
  method: string;
  url: string;
  request_headers: Record<string, string>;
  request_body?: string;
  status?: number;
  response_headers?: Record<string, string>;
  response_body?: string;
  body_truncated?: boolean;
  events?: { at_ms: number; event?: string; data: string }[];
  ms: number;
  error?: { rule?: string; message: string };
}
export interface Finding {
  id: string;
  category: string;
  level: string;
  status: string;
  message: string;
  recommendation?: string;
  transport?: string;
}
/** One conversation turn (src/conversation TranscriptEntry). */
export interface Turn {
  turn: number;
  role: "user" | "agent";
  text: string;
  task_state?: string;
  ms?: number;
  error?: string;
}
export interface RunResult {
  kind: string;
  name?: string;
  status: "passed" | "failed" | "error";
  reason?: string;
  duration_ms: number;
  agent_url: string | null;
  scores: Record<string, number>;
  card?: CardSection;
  endpoint?: { url: string; transport: string; reason: string; rewritten_from?: string; refused?: string };
  smoke?: {
    request: { method: string; params: unknown };
    reply_kind?: string;
    task_state?: string;
    text: string;
    passed: boolean;
    reason?: string;
  };
  findings?: Finding[];
  conformance_level?: string;
  transcript?: Turn[];
  verdicts?: { criterion: string; met: boolean; verdict?: string; supported?: boolean; reasoning?: string }[];
  trials?: { status?: string }[];
  warnings: string[];
  traffic: TrafficEntry[];
}
export interface Run extends RunSummary {
  progress: string[];
  result: RunResult | null;
}

/**
 * Plainwright's one internal model of A2A objects. Every generation (0.1 `type` parts, 0.2/0.3 `kind`
 * discriminators, 1.0 ProtoJSON with `TASK_STATE_*` enums) is read into these shapes; the raw wire form
 * stays in the traffic log for checks that need it.
 */
export type Role = "user" | "agent";

/** TaskState as A2A 0.3 §6.3 spells it on the JSON wire; 1.0 §4.1.3 names the same states as enum values. */
export const taskStates = [
  "submitted",
  "working",
  "input-required",
  "auth-required",
  "completed",
  "canceled",
  "failed",
  "rejected",
  "unknown",
] as const;

export type TaskState = (typeof taskStates)[number];

export const terminalStates: ReadonlySet<TaskState> = new Set([
  "completed",
  "canceled",
  "failed",
  "rejected",
]);
export const interruptedStates: ReadonlySet<TaskState> = new Set(["input-required", "auth-required"]);
export const activeStates: ReadonlySet<TaskState> = new Set(["submitted", "working"]);

export type Part =
  | { kind: "text"; text: string }
  | { kind: "file"; name?: string; mediaType?: string; uri?: string; hasBytes: boolean }
  | { kind: "data"; data: unknown };

export interface Message {
  kind: "message";
  role: Role | "unknown";
  messageId?: string;
  contextId?: string;
  taskId?: string;
  parts: Part[];
}

export interface Artifact {
  artifactId?: string;
  name?: string;
  /**
   * A2A 0.1 only (0.1 §6.7, which has no artifactId): the artifact's place among the task's artifacts, shared by
   * the chunks of one artifact in a stream.
   */
  index?: number;
  parts: Part[];
}

export interface Task {
  kind: "task";
  id: string;
  contextId?: string;
  state: TaskState;
  /** The state exactly as the wire spelled it (e.g. `TASK_STATE_COMPLETED`, `cancelled`). */
  rawState: string;
  statusMessage?: Message;
  artifacts: Artifact[];
  history: Message[];
  /** Members read only under their snake_case spelling (context_id): judged by the checks that own them. */
  snakeCase?: string[];
}

export interface StatusUpdate {
  kind: "status-update";
  taskId?: string;
  contextId?: string;
  state: TaskState;
  /** The state exactly as the wire spelled it (absent when an update was made, not read). */
  rawState?: string;
  statusMessage?: Message;
  final?: boolean;
}

export interface ArtifactUpdate {
  kind: "artifact-update";
  taskId?: string;
  contextId?: string;
  artifact: Artifact;
}

/** What a send, get or stream event can carry once normalised. */
export type Reply = Task | Message | StatusUpdate | ArtifactUpdate;

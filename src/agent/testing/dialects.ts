import { randomUUID } from "node:crypto";
import type { AgentProtocol } from "../types.js";

/** Test-only client helpers: how each protocol generation spells the same operations. */

export type State =
  "submitted" | "working" | "input-required" | "completed" | "canceled" | "failed" | "other";

export interface TaskView {
  id: string;
  contextId: string;
  state: State;
  statusText: string;
  artifactTexts: string[];
  history: unknown[] | undefined;
}

export interface EventView {
  kind: "task" | "status" | "artifact" | "message";
  state?: State;
  final?: boolean;
}

export interface SendOptions {
  taskId?: string;
  contextId?: string;
  returnImmediately?: boolean;
}

type Json = Record<string, unknown>;

export interface Dialect {
  protocol: AgentProtocol;
  headers: Record<string, string>;
  methods: { send: string; stream: string; get: string; cancel: string };
  sendParams(text: string, options?: SendOptions): Json;
  /** The Task in a send result, or undefined when the result is something else. */
  taskOfSend(result: unknown): TaskView | undefined;
  task(raw: unknown): TaskView;
  event(raw: unknown): EventView;
}

const STATES: Record<string, State> = {
  submitted: "submitted",
  working: "working",
  "input-required": "input-required",
  completed: "completed",
  canceled: "canceled",
  failed: "failed",
  TASK_STATE_SUBMITTED: "submitted",
  TASK_STATE_WORKING: "working",
  TASK_STATE_INPUT_REQUIRED: "input-required",
  TASK_STATE_COMPLETED: "completed",
  TASK_STATE_CANCELED: "canceled",
  TASK_STATE_FAILED: "failed",
};

function state(raw: unknown): State {
  return typeof raw === "string" ? (STATES[raw] ?? "other") : "other";
}

function partsText(parts: unknown): string[] {
  if (!Array.isArray(parts)) return [];
  return (parts as Json[]).flatMap((part) => (typeof part.text === "string" ? [part.text] : []));
}

function taskView(raw: unknown): TaskView {
  const task = raw as Json;
  const status = (task.status ?? {}) as Json;
  const message = status.message as Json | undefined;
  return {
    id: String(task.id),
    contextId: String(task.contextId),
    state: state(status.state),
    statusText: partsText(message?.parts).join(" "),
    artifactTexts: ((task.artifacts ?? []) as Json[]).flatMap((artifact) => partsText(artifact.parts)),
    history: task.history as unknown[] | undefined,
  };
}

const v03: Dialect = {
  protocol: "0.3",
  headers: { "content-type": "application/json" },
  methods: { send: "message/send", stream: "message/stream", get: "tasks/get", cancel: "tasks/cancel" },
  sendParams: (text, options = {}) => ({
    message: {
      kind: "message",
      role: "user",
      messageId: randomUUID(),
      parts: [{ kind: "text", text }],
      ...(options.taskId ? { taskId: options.taskId } : {}),
      ...(options.contextId ? { contextId: options.contextId } : {}),
    },
    ...(options.returnImmediately ? { configuration: { blocking: false } } : {}),
  }),
  taskOfSend: (result) => ((result as Json | undefined)?.kind === "task" ? taskView(result) : undefined),
  task: taskView,
  event: (raw) => {
    const event = raw as Json;
    const kinds: Record<string, EventView["kind"]> = {
      task: "task",
      "status-update": "status",
      "artifact-update": "artifact",
      message: "message",
    };
    const kind = kinds[String(event.kind)] ?? "message";
    const status = event.status as Json | undefined;
    return { kind, state: state(status?.state), final: event.final === true };
  },
};

const v10: Dialect = {
  protocol: "1.0",
  headers: { "content-type": "application/json", "A2A-Version": "1.0" },
  methods: { send: "SendMessage", stream: "SendStreamingMessage", get: "GetTask", cancel: "CancelTask" },
  sendParams: (text, options = {}) => ({
    message: {
      role: "ROLE_USER",
      messageId: randomUUID(),
      parts: [{ text }],
      ...(options.taskId ? { taskId: options.taskId } : {}),
      ...(options.contextId ? { contextId: options.contextId } : {}),
    },
    ...(options.returnImmediately ? { configuration: { returnImmediately: true } } : {}),
  }),
  taskOfSend: (result) => {
    const task = (result as Json | undefined)?.task;
    return task ? taskView(task) : undefined;
  },
  task: taskView,
  event: (raw) => {
    const event = raw as Json;
    if (event.task)
      return { kind: "task", state: state(((event.task as Json).status as Json | undefined)?.state) };
    if (event.statusUpdate) {
      return {
        kind: "status",
        state: state(((event.statusUpdate as Json).status as Json | undefined)?.state),
      };
    }
    if (event.artifactUpdate) return { kind: "artifact" };
    return { kind: "message" };
  },
};

export const DIALECTS: Record<AgentProtocol, Dialect> = { "0.3": v03, "1.0": v10 };

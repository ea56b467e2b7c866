import {
  taskStates,
  type Artifact,
  type Message,
  type Part,
  type Reply,
  type Role,
  type Task,
  type TaskState,
} from "./model.js";
import { isObject } from "../model/json.js";

type Json = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

// 1.0 ProtoJSON enum numbers (a2a.proto TaskState), accepted because a ProtoJSON parser must accept them.
const stateByNumber: Record<number, TaskState> = {
  0: "unknown",
  1: "submitted",
  2: "working",
  3: "completed",
  4: "failed",
  5: "canceled",
  6: "input-required",
  7: "rejected",
  8: "auth-required",
};

/** Reads a task state in any generation's spelling; anything unrecognised is "unknown". */
export function normalizeState(raw: unknown): TaskState {
  if (typeof raw === "number") return stateByNumber[raw] ?? "unknown";
  if (typeof raw !== "string") return "unknown";
  return stateBySpelling.get(raw) ?? readStateWord(raw);
}

// Read leniently: "Completed", "COMPLETED", "inputRequired", "input_required" and "Input Required" are
// all input-required; whether the spelling is the version's own is judged by the reply-shape checks.
function readStateWord(raw: string): TaskState {
  const word = raw
    .trim()
    .replace(/^TASK_STATE_/i, "")
    .replace(/^TaskState\./, "")
    .replace(/([a-z])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[_\s]+/g, "-");
  if ((taskStates as readonly string[]).includes(word)) return word as TaskState;
  return stateSynonyms[word] ?? "unknown";
}

/*
 * Words agents use for a state the spec names otherwise (seen at first sight: "accepted", "running",
 * "succeeded"). Read as that state so the rest of the suite can follow the task; the spelling itself is
 * judged on the raw word by the reply-shape checks (validate-reply.ts), so the defect is still reported, once.
 */
const stateSynonyms: Readonly<Record<string, TaskState>> = {
  cancelled: "canceled", // the 0.3 proto's spelling
  accepted: "submitted",
  queued: "submitted",
  pending: "submitted",
  running: "working",
  "in-progress": "working",
  processing: "working",
  succeeded: "completed",
  success: "completed",
  done: "completed",
  complete: "completed",
  finished: "completed",
  error: "failed",
  errored: "failed",
};

/** Each generation's own spelling of each state, read once: a load run reads a state per reply. */
const stateBySpelling = new Map<string, TaskState>(
  taskStates.flatMap((state) => {
    const proto = `TASK_STATE_${state.toUpperCase().replace(/-/g, "_")}`;
    return [state, proto, proto === "TASK_STATE_CANCELED" ? "TASK_STATE_CANCELLED" : proto].map(
      (spelling) => [spelling, readStateWord(spelling)] as const,
    );
  }),
);

function normalizeRole(raw: unknown): Role | "unknown" {
  const word = typeof raw === "string" ? raw.replace(/^ROLE_/i, "").toLowerCase() : "";
  return word === "user" || word === "agent" ? word : "unknown";
}

/** Reads one part: 0.1 `type`, 0.2/0.3 `kind`, 1.0 member-as-discriminator, 0.3 REST oneof. */
export function normalizePart(raw: unknown): Part | undefined {
  if (!isObject(raw)) return undefined;
  const tag = str(raw.kind) ?? str(raw.type);
  if (tag === "text" || (tag === undefined && typeof raw.text === "string")) {
    return typeof raw.text === "string" ? { kind: "text", text: raw.text } : undefined;
  }
  if (tag === "data" || (tag === undefined && "data" in raw)) return { kind: "data", data: raw.data };
  const file = isObject(raw.file) ? raw.file : raw;
  if (tag === "file" || "file" in raw || "url" in raw || "raw" in raw) {
    return {
      kind: "file",
      name: str(file.name) ?? str(raw.filename),
      mediaType: str(file.mimeType) ?? str(raw.mediaType),
      uri: str(file.uri) ?? str(file.fileWithUri) ?? str(raw.url),
      hasBytes: "bytes" in file || "fileWithBytes" in file || "raw" in raw,
    };
  }
  return undefined;
}

/** What `read` makes of each item of `raw` that it can read; [] when `raw` is not an array. */
function readEach<T>(raw: unknown, read: (item: unknown) => T | undefined): T[] {
  const out: T[] = [];
  if (!Array.isArray(raw)) return out;
  for (const item of raw as unknown[]) {
    const value = read(item);
    if (value !== undefined) out.push(value);
  }
  return out;
}

function normalizeParts(raw: unknown): Part[] {
  return readEach(raw, normalizePart);
}

/** Reads a message of any generation; parts live under `parts` (JSON-RPC) or `content` (0.3 REST). */
export function normalizeMessage(raw: unknown): Message | undefined {
  if (!isObject(raw)) return undefined;
  const parts = raw.parts ?? raw.content;
  if (!Array.isArray(parts) || raw.role === undefined) return undefined;
  return {
    kind: "message",
    role: normalizeRole(raw.role),
    messageId: str(raw.messageId) ?? str(raw.message_id),
    contextId: str(raw.contextId) ?? str(raw.context_id),
    taskId: str(raw.taskId) ?? str(raw.task_id),
    parts: normalizeParts(parts),
  };
}

/**
 * Reads an artifact; one without parts whose own `text` or `content` is a string (it was written as a
 * part, {type: "text", content}) is read as that text. Its form is the artifact checks' finding.
 */
function normalizeArtifact(raw: unknown): Artifact | undefined {
  if (!isObject(raw)) return undefined;
  const parts = normalizeParts(raw.parts);
  const text = parts.length === 0 ? (str(raw.text) ?? str(raw.content)) : undefined;
  return {
    artifactId: str(raw.artifactId),
    name: str(raw.name),
    ...(typeof raw.index === "number" ? { index: raw.index } : {}),
    parts: text === undefined ? parts : [{ kind: "text", text }],
  };
}

/** A status message given as a plain string (a known server mistake), read as the agent's text. */
function readStatusMessage(raw: unknown): Message | undefined {
  if (typeof raw !== "string") return normalizeMessage(raw);
  return { kind: "message", role: "agent", parts: raw === "" ? [] : [{ kind: "text", text: raw }] };
}

/** A task's status: the object every version defines, or a bare state string in its place. */
function readStatus(raw: unknown): Json | undefined {
  if (isObject(raw)) return raw;
  return typeof raw === "string" ? { state: raw } : undefined;
}

/**
 * Reads a task of any generation (0.1 has `sessionId` where later versions have `contextId`), leniently:
 * its id from `id` or `taskId`, its status as an object, a bare state, or a `state` beside the id with no
 * status at all, its status message as a message or a string. What it lacks or misspells is judged by the
 * checks that own it, not here.
 */
export function normalizeTask(raw: unknown): Task | undefined {
  if (!isObject(raw)) return undefined;
  const id = str(raw.id) ?? str(raw.taskId);
  const status = readStatus(raw.status) ?? (typeof raw.state === "string" ? { state: raw.state } : undefined);
  if (id === undefined || status === undefined) return undefined;
  const statusMessage = readStatusMessage(status.message ?? status.update);
  // Read leniently: a contextId spelled context_id (the proto's field name) is still the task's context; the
  // spelling is judged by the checks that own it (lifecycle.wire-format on 1.0, send-returns-task on 0.x).
  const snakeContext = raw.contextId === undefined ? str(raw.context_id) : undefined;
  return {
    kind: "task",
    id,
    contextId: str(raw.contextId) ?? snakeContext ?? str(raw.sessionId),
    ...(snakeContext !== undefined ? { snakeCase: ["contextId"] } : {}),
    state: normalizeState(status.state),
    rawState: typeof status.state === "string" ? status.state : JSON.stringify(status.state),
    statusMessage,
    artifacts: readEach(raw.artifacts, normalizeArtifact),
    history: readEach(raw.history, normalizeMessage),
  };
}

/** An update's status: its status object or bare state, or (0.1, seen at first sight) a `state` beside its id. */
function normalizeStatusUpdate(raw: Json): Reply | undefined {
  const status = readStatus(raw.status) ?? (typeof raw.state === "string" ? { state: raw.state } : undefined);
  if (!status) return undefined;
  return {
    kind: "status-update",
    taskId: str(raw.taskId) ?? str(raw.task_id) ?? str(raw.id),
    contextId: str(raw.contextId) ?? str(raw.context_id),
    state: normalizeState(status.state),
    rawState: typeof status.state === "string" ? status.state : String(status.state),
    statusMessage: readStatusMessage(status.message),
    final: typeof raw.final === "boolean" ? raw.final : undefined,
  };
}

function normalizeArtifactUpdate(raw: Json): Reply | undefined {
  const artifact = normalizeArtifact(raw.artifact);
  if (!artifact) return undefined;
  return {
    kind: "artifact-update",
    taskId: str(raw.taskId) ?? str(raw.task_id) ?? str(raw.id),
    contextId: str(raw.contextId) ?? str(raw.context_id),
    artifact,
  };
}

/** A wrapped task with no artifacts of its own, read with the artifacts given beside it ({task, artifacts}). */
function withSiblingArtifacts(task: Task | undefined, artifacts: unknown): Task | undefined {
  if (!task || task.artifacts.length > 0 || !Array.isArray(artifacts)) return task;
  return { ...task, artifacts: readEach(artifacts, normalizeArtifact) };
}

/**
 * A 1.0 StreamResponse or send reply: the member that names what it holds. Read leniently, the proto's own field
 * names (seen at first sight: {"status_update": …} on every event) say so too; their spelling is
 * streaming.wire-format's finding. A member that holds no such thing is no wrapper (seen at first sight: a bare
 * status event {taskId, status, message} whose `message` is the status message), and the object is read otherwise.
 */
function readWrapper(raw: Json): Reply | undefined {
  if (isObject(raw.task)) return withSiblingArtifacts(normalizeTask(raw.task), raw.artifacts);
  const message = raw.message ?? raw.msg; // msg: the 0.3 gRPC JSON name
  // A 1.0 SendMessageResponse holds nothing beside its Message; an object with an id and a state of its own
  // is a Task that keeps its message in a member of its own (seen at first sight: {id, contextId, state,
  // message}), read as the Task it is.
  const taskLike = str(raw.id) !== undefined && (isObject(raw.status) || typeof raw.state === "string");
  const asMessage =
    isObject(message) && raw.taskId === undefined && !taskLike ? normalizeMessage(message) : undefined;
  if (asMessage) return asMessage;
  const status = raw.statusUpdate ?? raw.status_update;
  if (isObject(status)) return normalizeStatusUpdate(status);
  const artifact = raw.artifactUpdate ?? raw.artifact_update;
  if (isObject(artifact)) return normalizeArtifactUpdate(artifact);
  return undefined;
}

/**
 * Reads a send result or stream event of any generation: a 1.0 wrapper (`{task}`, `{message}`,
 * `{statusUpdate}`, `{artifactUpdate}`), a 0.2/0.3 object told apart by `kind`, or a 0.1 object told
 * apart by its members. Returns undefined when the value is none of these.
 */
export function normalizeReply(raw: unknown): Reply | undefined {
  if (!isObject(raw)) return undefined;
  const wrapped = readWrapper(raw);
  if (wrapped) return wrapped;
  // Read leniently: a discriminator spelled `type` (as 0.1 spells a Part's), or in 1.0's member names, still
  // says what the object is; reply-well-formed and the stream checks judge the spelling.
  switch (raw.kind ?? raw.type) {
    case "task":
      return normalizeTask(raw);
    case "message":
      return normalizeMessage(raw);
    case "status-update":
    case "statusUpdate":
      return normalizeStatusUpdate(raw);
    case "artifact-update":
    case "artifactUpdate":
      return normalizeArtifactUpdate(raw);
  }
  // 0.1 and bare 1.0 objects carry no discriminator (a 1.0 bare Task is a known server mistake, still readable).
  // An update that lost its kind still carries `final` beside its taskId; a task never does.
  if (raw.id === undefined && typeof raw.taskId === "string" && "final" in raw)
    return normalizeStatusUpdate(raw) ?? normalizeArtifactUpdate(raw);
  // A 0.1 update is {id, status, final?} or {id, artifact, final?}: with its `final` it is no Task, whatever
  // else it shares with one; a status given as a `state` beside the id is read too (seen at first sight).
  if (typeof raw.id === "string" && "final" in raw) {
    if (isObject(raw.artifact)) return normalizeArtifactUpdate(raw);
    if (raw.status !== undefined || typeof raw.state === "string") return normalizeStatusUpdate(raw);
  }
  return (
    normalizeTask(raw) ??
    normalizeMessage(raw) ??
    (isObject(raw.artifact) ? normalizeArtifactUpdate(raw) : undefined) ??
    (isObject(raw.status) ? normalizeStatusUpdate(raw) : undefined)
  );
}

/**
 * The Task a read or a cancel returns: the Task itself in every generation, or, read leniently, a Task
 * wrapped as a send's `{task}` is (a known server mistake; the reply's form is its check's finding).
 */
export function normalizeTaskResult(raw: unknown): Task | undefined {
  return normalizeTask(raw) ?? (isObject(raw) ? normalizeTask(raw.task) : undefined);
}

/** A send's result, which is a Task or a Message in every generation; undefined when it is neither. */
export function normalizeSendResult(raw: unknown): Task | Message | undefined {
  const reply = normalizeReply(raw);
  return reply?.kind === "task" || reply?.kind === "message" ? reply : undefined;
}

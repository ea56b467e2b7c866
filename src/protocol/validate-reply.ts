import type { ProtocolGeneration } from "../model/generation.js";
import { taskStates, terminalStates, type Reply } from "./model.js";
import { normalizeReply } from "./normalize.js";
import { isObject } from "../model/json.js";

type Json = Record<string, unknown>;

/** The `kind` each reply type carries on the wire in A2A 0.2 and 0.3 (0.3 §6.1, §6.4, §7.2.2, §7.2.3). */
const KIND_OF: Record<Reply["kind"], string> = {
  task: "task",
  message: "message",
  "status-update": "status-update",
  "artifact-update": "artifact-update",
};

/** TaskState as each generation spells it on the JSON wire (0.3 §6.3 kebab-case; 1.0 §4.1.3 enum names). */
const STATES_0X: ReadonlySet<string> = new Set(taskStates);
const STATE_10 =
  /^TASK_STATE_(SUBMITTED|WORKING|INPUT_REQUIRED|AUTH_REQUIRED|COMPLETED|CANCELED|FAILED|REJECTED)$/;

const WRAPPER_MEMBER: Readonly<Record<Reply["kind"], string>> = {
  task: "task",
  message: "message",
  "status-update": "statusUpdate",
  "artifact-update": "artifactUpdate",
};

/**
 * The object inside a 1.0 StreamResponse / SendMessageResponse wrapper, or the value itself: only the member
 * that holds what the reply was read as (a Task that keeps a message of its own under `message` is the Task).
 */
function inner(raw: Json, kind: Reply["kind"]): Json {
  const value = raw[WRAPPER_MEMBER[kind]];
  return isObject(value) ? value : raw;
}

function stateProblem(state: unknown, generation: ProtocolGeneration, what: string): string | undefined {
  if (typeof state !== "string") return `${what} has no status.state (required)`;
  if (generation === "1.0")
    return STATE_10.test(state)
      ? undefined
      : `${what} spells its state "${state}", not a 1.0 TaskState name such as TASK_STATE_WORKING (A2A 1.0 §4.1.3, §5.5: JSON carries enum names)`;
  return STATES_0X.has(state)
    ? undefined
    : `${what} spells its state "${state}", not an A2A ${generation} TaskState such as "working" (A2A 0.3 §6.3)`;
}

/**
 * What breaks the version's schema in one raw reply or stream event (a Task, Message, status or
 * artifact update, bare or in its 1.0 wrapper), or undefined. 0.1 carries no `kind` and is not judged on it.
 */
export function replyShapeProblem(
  raw: unknown,
  generation: ProtocolGeneration,
  /** `raw` already normalised by the caller (the client does it for every reply), so it is not done twice. */
  normalized?: Reply,
  /** Judged by another check (a Task's contextId: lifecycle.send-returns-task), so not reported here too. */
  ownedElsewhere: { contextId?: boolean } = {},
): string | undefined {
  const reply = normalized ?? normalizeReply(raw);
  if (!isObject(raw) || !reply) return "not a Task, Message, status-update or artifact-update";
  const body = inner(raw, reply.kind);
  const name = reply.kind === "task" ? "a Task" : reply.kind === "message" ? "a Message" : `a ${reply.kind}`;
  // 0.2/0.3 results are the object itself, told apart by its kind: a {message: …} or {task: …} wrapper is 1.0's
  // shape, or another object that merely holds one, with or without a kind inside (read leniently, judged
  // here; seen at first sight: {status: "accepted", clientOperation, message: {role, parts}}, and
  // {kind: "task", task: {kind: "task", ...}}). An object with a kind of its own holding no kinded object is
  // the object itself.
  const holds = typeof body.kind === "string" || typeof raw.kind !== "string";
  if ((generation === "0.2" || generation === "0.3") && body !== raw && holds)
    return `an object holding ${name} under "${Object.keys(raw).find((k) => raw[k] === body) ?? "?"}" (with ${
      Object.keys(raw)
        .filter((k) => raw[k] !== body)
        .map((k) => `"${k}"`)
        .join(", ") || "nothing else"
    }), not ${name} itself as A2A ${generation} sends it (0.3 §7.1, §7.2)`;
  // A2A 0.2 and 0.3 (§6.1 Task, §6.4 Message, §7.2.2-3 events): `kind` is a required discriminator.
  if ((generation === "0.2" || generation === "0.3") && body.kind !== KIND_OF[reply.kind])
    return `${name} without kind: "${KIND_OF[reply.kind]}" (required since A2A 0.2; 0.3 §6.1, §6.4, §7.2)`;
  if (reply.kind === "task") {
    if (typeof body.id !== "string" || body.id === "") return `${name} without its id (required)`;
    const contextIdMissing = typeof body.contextId !== "string" || body.contextId === "";
    if (generation !== "0.1" && contextIdMissing && !ownedElsewhere.contextId)
      return `${name} without its contextId (required since A2A 0.2)`;
    const status = isObject(body.status) ? body.status : {};
    const bad = stateProblem(status.state, generation, name);
    if (bad) return bad;
    const stray = reply.history.find((m) => m.taskId !== undefined && m.taskId !== reply.id);
    if (stray) return `task ${reply.id} holds a history message of task ${stray.taskId}`;
    const inner = [
      ...(isObject(status.message) ? [["status message", status.message] as const] : []),
      ...(Array.isArray(body.history)
        ? (body.history as unknown[]).map((m, i) => [`history message ${i + 1}`, m] as const)
        : []),
    ];
    // The first bad message and the first bad artifact are both said: one does not hide the other.
    const badMessage = inner
      .map(([where, message]) => {
        const bad = isObject(message) ? messageBasicsProblem(message, generation) : undefined;
        return bad && `${name} whose ${where} ${bad}`;
      })
      .find((p) => p !== undefined);
    const artifacts = Array.isArray(body.artifacts) ? (body.artifacts as unknown[]) : [];
    const badArtifact = artifacts
      .map((artifact, i) => {
        const bad = artifactProblem(artifact, generation);
        return bad && `${name} whose artifact ${i + 1} ${bad}`;
      })
      .find((p) => p !== undefined);
    const both = [badMessage, badArtifact].filter((p) => p !== undefined);
    if (both.length > 0) return both.join("; and ");
  }
  // A2A 0.1 §7.2.2-7.2.3: an update names its task by `id` (required); `taskId` is the name 0.2 gave it, which
  // the reader takes too, so the rest of the suite still follows the task.
  if (
    generation === "0.1" &&
    reply.kind !== "task" &&
    reply.kind !== "message" &&
    typeof body.id !== "string"
  )
    return `${name} without its id (required in A2A 0.1 §7.2.2-7.2.3${typeof body.taskId === "string" ? "; taskId is what A2A 0.2 renamed it to" : ""})`;
  if (reply.kind === "status-update") {
    const status = isObject(body.status) ? body.status : {};
    return stateProblem(status.state, generation, name);
  }
  if (reply.kind === "message") return messageProblem(body, generation);
  return undefined;
}

/** A2A 0.2/0.3 §6.4 Message (messageId required), §6.5 Part (`kind` required); 1.0 §4.1.4 (messageId required). */
function messageProblem(body: Json, generation: ProtocolGeneration): string | undefined {
  const role = messageBasicsProblem(body, generation);
  if (role) return `a Message that ${role}`;
  if (generation === "0.1") return undefined;
  if (typeof body.messageId !== "string" || body.messageId === "")
    return "a Message without its messageId (required since A2A 0.2; 0.3 §6.4, 1.0 §4.1.4)";
  if (generation === "1.0") return undefined;
  const parts = Array.isArray(body.parts) ? (body.parts as unknown[]) : [];
  const untagged = parts.findIndex((part) => !isObject(part) || typeof part.kind !== "string");
  return untagged < 0
    ? undefined
    : `a Message whose part ${untagged + 1} has no kind (required since A2A 0.2; 0.3 §6.5: kind "text", "file" or "data")`;
}

/**
 * Where a stream's states go backwards: once a task left submitted it cannot be submitted again
 * (A2A 0.3 §6.3, 1.0 §4.1.3 task lifecycle). Events after a terminal state are judged by the
 * final-event check, so they are not reported twice here.
 */
export function stateOrderProblem(events: readonly Reply[]): string | undefined {
  let left: string | undefined;
  for (const [index, event] of events.entries()) {
    if (event.kind !== "task" && event.kind !== "status-update") continue;
    if (terminalStates.has(event.state)) return undefined;
    if (event.state === "submitted" && left)
      return `event ${index + 1} (a ${event.kind}) puts the task back in submitted after it was ${left}: a task that left submitted cannot return to it`;
    if (event.state !== "submitted") left ??= event.state;
  }
  return undefined;
}

/**
 * A Message (bare, in a 1.0 wrapper, or a task's status message) with no parts: A2A 0.3 §6.4 and
 * 1.0 §4.1.4 describe `parts` as the content of the message; the inspector flags
 * an empty one. A separate function so the conformance checks' shape judgement is unchanged.
 */
export function emptyPartsProblem(raw: unknown): string | undefined {
  if (!isObject(raw)) return undefined;
  const kind = normalizeReply(raw)?.kind;
  const body = kind ? inner(raw, kind) : raw;
  const status = isObject(body.status) ? body.status : undefined;
  const message = isObject(status?.message) ? status.message : body;
  const isMessage = message.kind === "message" || typeof message.role === "string";
  if (!isMessage) return undefined;
  const parts = message.parts;
  return Array.isArray(parts) && parts.length > 0
    ? undefined
    : "a Message with no parts (its content is its parts; the inspector expects at least one)";
}

/**
 * 0.x §6.4 Message.role is "user" or "agent"; 1.0 §4.1.4 Role in JSON is its enum name (ROLE_USER, ROLE_AGENT).
 * 0.1 §6.4 also says a message MUST contain at least one part (1.0's non-empty parts are lifecycle.wire-format's).
 */
function messageBasicsProblem(message: Json, generation: ProtocolGeneration): string | undefined {
  if (generation === "0.1" && Array.isArray(message.parts) && message.parts.length === 0)
    return "has no parts (A2A 0.1 §6.4: a message MUST contain at least one part)";
  const role = message.role;
  const valid =
    generation === "1.0"
      ? role === "ROLE_USER" || role === "ROLE_AGENT"
      : role === "user" || role === "agent";
  if (valid) return undefined;
  const allowed =
    generation === "1.0" ? "ROLE_USER or ROLE_AGENT (A2A 1.0 §4.1.4)" : '"user" or "agent" (A2A 0.3 §6.4)';
  return `has role ${JSON.stringify(role) ?? "(none)"}, not ${allowed}`;
}

/** What is wrong with the first bad artifact of a raw Task (a tasks/get result), or undefined. */
export function taskArtifactsProblem(raw: unknown, generation: ProtocolGeneration): string | undefined {
  const task = isObject(raw) && isObject(raw.task) ? raw.task : raw;
  const artifacts = isObject(task) && Array.isArray(task.artifacts) ? (task.artifacts as unknown[]) : [];
  for (const [i, artifact] of artifacts.entries()) {
    const bad = artifactProblem(artifact, generation);
    if (bad) return `artifact ${i + 1} ${bad}`;
  }
  return undefined;
}

/** 0.2+ Artifact: artifactId and parts are required (0.3 §6.7; 1.0 §4.1.7). */
function artifactProblem(artifact: unknown, generation: ProtocolGeneration): string | undefined {
  if (!isObject(artifact)) return "is not an object";
  if (generation !== "0.1" && (typeof artifact.artifactId !== "string" || artifact.artifactId === ""))
    return "has no artifactId (required since A2A 0.2; 0.3 §6.7, 1.0 §4.1.7)";
  if (!Array.isArray(artifact.parts)) return "has no parts (required)";
  return undefined;
}

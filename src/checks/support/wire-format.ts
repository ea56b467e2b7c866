import { isObject } from "../../model/json.js";
/**
 * The A2A 1.0 JSON wire rules every reply must keep (A2A 1.0.1 §5.5 camelCase and ProtoJSON enum names,
 * §5.6.1 UTC timestamps, §5.7 REQUIRED fields of the proto: Task.id and status, TaskStatus.state,
 * Message.messageId, role and parts, Artifact.artifactId and parts, one content member per Part).
 */

const TASK_STATES = new Set([
  "TASK_STATE_SUBMITTED",
  "TASK_STATE_WORKING",
  "TASK_STATE_INPUT_REQUIRED",
  "TASK_STATE_AUTH_REQUIRED",
  "TASK_STATE_COMPLETED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_FAILED",
  "TASK_STATE_REJECTED",
]);
const ROLES = new Set(["ROLE_USER", "ROLE_AGENT"]);
const PART_MEMBERS = ["text", "raw", "url", "data"] as const;
// §5.6.1: ISO 8601 in UTC, 'Z' and no other offset; fractional seconds optional.
const UTC_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
// §5.5 forbids the protobuf spelling (snake_case) and a capital first letter for the data model's fields; a name
// that is neither camelCase nor such a spelling (an "x-vendor-note" an agent adds) names no field of the data
// model, and unknown fields are the receiver's to ignore.
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;
const FIELD_SPELLING = /^[A-Za-z][A-Za-z0-9_]*$/;
// Free-form JSON the agent owns: its keys are not field names of the data model.
const FREE_FORM = new Set(["metadata", "data", "params"]);

/** Field names that are not camelCase, outside free-form values (metadata, Part.data). */
function keyProblems(value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => keyProblems(item, `${path}[${i}]`, out));
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (!CAMEL_CASE.test(key) && FIELD_SPELLING.test(key))
      out.push(`${path}.${key}: field name is not camelCase`);
    if (!FREE_FORM.has(key)) keyProblems(child, `${path}.${key}`, out);
  }
}

const nonEmptyString = (value: unknown): boolean => typeof value === "string" && value !== "";

/** Problems of one raw Part: exactly one content member (a2a.proto Part `oneof content`). */
function partProblems(part: unknown, path: string, out: string[]): void {
  if (!isObject(part)) return void out.push(`${path}: a Part is not an object`);
  const present = PART_MEMBERS.filter((m) => part[m] !== undefined);
  if (present.length !== 1)
    out.push(
      `${path}: a Part holds ${present.length === 0 ? "none" : present.join(" and ")} of text, raw, url, data (exactly one)`,
    );
}

function partsProblems(parts: unknown, path: string, out: string[]): void {
  if (!Array.isArray(parts) || parts.length === 0) return void out.push(`${path}: parts missing or empty`);
  parts.forEach((p, i) => partProblems(p, `${path}[${i}]`, out));
}

/** Problems of one raw Message. */
export function messageProblems(message: unknown, path: string, out: string[]): void {
  if (!isObject(message)) return void out.push(`${path}: not an object`);
  if (!nonEmptyString(message.messageId)) out.push(`${path}.messageId: missing`);
  if (!ROLES.has(String(message.role)))
    out.push(`${path}.role: ${JSON.stringify(message.role)} is not ROLE_USER or ROLE_AGENT`);
  partsProblems(message.parts, `${path}.parts`, out);
}

/** Problems of one raw TaskStatus: the state's enum name, a UTC timestamp, its message. */
function statusProblems(status: unknown, path: string, out: string[]): void {
  if (!isObject(status)) return void out.push(`${path}: missing`);
  if (!TASK_STATES.has(String(status.state)))
    out.push(`${path}.state: ${JSON.stringify(status.state)} is not a TaskState enum name`);
  if (
    status.timestamp !== undefined &&
    !(typeof status.timestamp === "string" && UTC_TIMESTAMP.test(status.timestamp))
  )
    out.push(
      `${path}.timestamp: ${JSON.stringify(status.timestamp)} is not an ISO 8601 UTC time ending in Z`,
    );
  if (status.message !== undefined) messageProblems(status.message, `${path}.message`, out);
}

/** Problems of one raw Task. */
export function taskProblems(task: unknown, path: string, out: string[]): void {
  if (!isObject(task)) return void out.push(`${path}: not an object`);
  if (!nonEmptyString(task.id)) out.push(`${path}.id: missing`);
  statusProblems(task.status, `${path}.status`, out);
  if (Array.isArray(task.artifacts))
    task.artifacts.forEach((a, i) => {
      const at = `${path}.artifacts[${i}]`;
      if (!isObject(a)) return void out.push(`${at}: not an object`);
      if (!nonEmptyString(a.artifactId)) out.push(`${at}.artifactId: missing`);
      partsProblems(a.parts, `${at}.parts`, out);
    });
  if (Array.isArray(task.history))
    task.history.forEach((m, i) => messageProblems(m, `${path}.history[${i}]`, out));
}

/** Every wire-rule problem of a raw reply: camelCase names everywhere, and the objects it holds. */
export function replyProblems(raw: unknown, label: string, objects: (out: string[]) => void): string[] {
  const out: string[] = [];
  keyProblems(raw, label, out);
  objects(out);
  return out;
}

/**
 * The Task or Message of a 1.0 send result (`{task}` or `{message}`), judged. `unwrapped` "judged": a Task or
 * Message sent without its SendMessageResponse wrapper is judged as what it is, its missing wrapper being
 * another check's finding (lifecycle.reply-well-formed over JSON-RPC).
 */
export function sendResultProblems(
  raw: unknown,
  label: string,
  unwrapped: "problem" | "judged" = "problem",
): string[] {
  return replyProblems(raw, label, (out) => {
    if (!isObject(raw)) return void out.push(`${label}: not an object`);
    if (raw.task !== undefined) taskProblems(raw.task, `${label}.task`, out);
    else if (raw.message !== undefined) messageProblems(raw.message, `${label}.message`, out);
    else if (unwrapped === "problem") out.push(`${label}: neither task nor message`);
    else if (raw.status !== undefined) taskProblems(raw, label, out);
    else messageProblems(raw, label, out);
  });
}

const STREAM_MEMBERS = ["task", "message", "statusUpdate", "artifactUpdate"] as const;

/** How an update event spells what it carries: its status, or its artifact's parts. */
function updatePayloadProblems(
  member: "statusUpdate" | "artifactUpdate",
  update: unknown,
  path: string,
  out: string[],
): void {
  if (!isObject(update)) return void out.push(`${path}: not an object`);
  // taskId, contextId, artifactId and non-empty parts are streaming.events-well-formed's to judge (one
  // defect, one finding); what is left here is how the event spells what it carries.
  if (member === "statusUpdate") return statusProblems(update.status, `${path}.status`, out);
  const parts = isObject(update.artifact) ? update.artifact.parts : undefined;
  if (Array.isArray(parts)) parts.forEach((p, i) => partProblems(p, `${path}.artifact.parts[${i}]`, out));
}

/**
 * One raw A2A 1.0 stream event (a JSON-RPC `result` or an HTTP+JSON SSE `data`), judged: a StreamResponse
 * holds exactly one of task, message, statusUpdate, artifactUpdate (1.0.1 §3.2.3, a2a.proto `oneof
 * payload`), spelt by the same rules as every other reply.
 */
export function streamEventProblems(raw: unknown, label: string): string[] {
  return replyProblems(raw, label, (out) => {
    if (!isObject(raw)) return void out.push(`${label}: not an object`);
    const present = STREAM_MEMBERS.filter((m) => raw[m] !== undefined);
    const [member] = present;
    if (member === undefined || present.length > 1) {
      const held = present.length === 0 ? "none" : present.join(" and ");
      // 0.3 told its events apart by `kind`; 1.0 names the member instead (1.0.1 Appendix A.2.1).
      const legacy =
        typeof raw.kind === "string" ? ` (a 0.3-style object of kind ${JSON.stringify(raw.kind)})` : "";
      return void out.push(
        `${label}: a StreamResponse holds ${held} of task, message, statusUpdate, artifactUpdate (exactly one)${legacy}`,
      );
    }
    const at = `${label}.${member}`;
    if (member === "task") taskProblems(raw.task, at, out);
    else if (member === "message") messageProblems(raw.message, at, out);
    else updatePayloadProblems(member, raw[member], at, out);
  });
}

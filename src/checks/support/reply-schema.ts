import type { ErrorObject } from "ajv";
import type { CardIssue } from "../../model/result.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import { asJudged, dedupe, issueOf, issuesOf, validators } from "./a2a-schema.js";

// Replies judged against the schema of their generation (src/checks/support/a2a-schema.ts compiles it): a
// send's or stream's Task, Message or event, and each operation's result.

/** The schema definition of each reply a JSON-RPC result or stream event can be, by its `kind`. */
const replyDefinitions: Record<string, string> = {
  task: "Task",
  message: "Message",
  "status-update": "TaskStatusUpdateEvent",
  "artifact-update": "TaskArtifactUpdateEvent",
};

/**
 * Where a 0.2/0.3 JSON-RPC reply (a Task, Message or stream event, told apart by its kind) breaks its
 * generation's published JSON schema: the first required member missing, or a member of the wrong type or
 * value. Undefined when it conforms, has no kind (the hand rules report that), or the generation has no schema.
 */
export async function replySchemaProblem(
  raw: unknown,
  generation: ProtocolGeneration,
  /** Top-level members whose absence another check reports (a Task's contextId: lifecycle.send-returns-task). */
  ownedElsewhere: readonly string[] = [],
): Promise<string | undefined> {
  // 1.0 objects carry no kind (1.0.1 §5.5, ProtoJSON): lifecycle.wire-format judges their shape.
  if (generation !== "0.2" && generation !== "0.3") return undefined;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const kind = (raw as { kind?: unknown }).kind;
  const name = typeof kind === "string" ? replyDefinitions[kind] : undefined;
  const v = name ? await validators(generation) : undefined;
  const validate = name ? v?.definition(name) : undefined;
  if (!v || !validate || validate(raw)) return undefined;
  const owned = (e: ErrorObject) =>
    e.keyword === "required" &&
    e.instancePath === "" &&
    ownedElsewhere.includes((e.params as { missingProperty: string }).missingProperty);
  const issue = (validate.errors ?? [])
    .filter((e) => !owned(e))
    .map((e) => issueOf(e, "", v.source, "it"))
    .find((i) => i !== undefined);
  return issue ? `a ${name} that breaks the schema: ${issue.message}` : undefined;
}

/** The operations whose successful result is judged against the schema of its type (besides sends and streams). */
export type ResultOperation =
  "GetTask" | "ListTasks" | "CancelTask" | "SetPushConfig" | "GetPushConfig" | "ListPushConfigs";

/**
 * The schema definition of each operation's result. 0.x: the `result` of its JSON-RPC success response
 * (0.3 §7.3-§7.7; an array for tasks/pushNotificationConfig/list). 1.0: the response message of the proto's
 * rpc (1.0.1 a2a.proto A2AService; ListTasks has no 0.x counterpart).
 */
const resultDefinitions: Record<ResultOperation, Partial<Record<ProtocolGeneration, string>>> = {
  GetTask: { "0.1": "Task", "0.2": "Task", "0.3": "Task", "1.0": "Task" },
  ListTasks: { "1.0": "ListTasksResponse" },
  CancelTask: { "0.1": "Task", "0.2": "Task", "0.3": "Task", "1.0": "Task" },
  SetPushConfig: {
    "0.2": "TaskPushNotificationConfig",
    "0.3": "TaskPushNotificationConfig",
    "1.0": "TaskPushNotificationConfig",
  },
  GetPushConfig: {
    "0.2": "TaskPushNotificationConfig",
    "0.3": "TaskPushNotificationConfig",
    "1.0": "TaskPushNotificationConfig",
  },
  ListPushConfigs: {
    "0.2": "TaskPushNotificationConfig[]",
    "0.3": "TaskPushNotificationConfig[]",
    "1.0": "ListTaskPushNotificationConfigsResponse",
  },
};

/**
 * Where an operation's successful result breaks its generation's schema: each required member missing, each
 * member of the wrong type or value, with its path inside the result. Undefined when the generation has no
 * schema of that result (ListTasks before 1.0).
 */
export async function resultSchemaIssues(
  raw: unknown,
  operation: ResultOperation,
  generation: ProtocolGeneration,
): Promise<CardIssue[] | undefined> {
  const name = resultDefinitions[operation][generation];
  const v = name ? await validators(generation) : undefined;
  if (!name || !v) return undefined;
  const list = name.endsWith("[]");
  const validate = v.definition(list ? name.slice(0, -2) : name);
  if (!validate) return undefined;
  if (list && !Array.isArray(raw)) return [{ path: "", message: `the result is not an array (${v.source})` }];
  const judged = asJudged(raw, generation);
  const items: Array<[string, unknown]> = list
    ? (judged as unknown[]).map((item, i) => [`[${i}]`, item])
    : [["", judged]];
  const issues = items.flatMap(([base, item]) =>
    validate(item) ? [] : issuesOf(validate.errors, base, v.source, "the result"),
  );
  return dedupe(issues);
}

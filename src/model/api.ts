import { z } from "zod";
import { protocolGenerations } from "./generation.js";
import { MIN_SECRET_LENGTH } from "./limits.js";
import { runKinds, type RunResult } from "./result.js";
import { storedRunStatuses } from "./run-status.js";
import { transports } from "./transport.js";

/**
 * The REST API's contract (docs/api.md): every request body and every response the server sends, as zod
 * schemas. The server validates requests with them, the OpenAPI document is generated from them, the web
 * app's types are inferred from them and `plainwright submit` reads the server's answers with them.
 */

const required = "is required (a non-empty string)";

// ---- requests ----

/** POST /api/projects and POST /api/projects/{id}/modules. */
export const nameBody = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(200, "must be at most 200 characters"),
});

/** PUT /api/projects/{id}/secrets/{name}: the value is stored as given, never echoed. */
export const secretBody = z.object({
  value: z
    .string({ error: required })
    .min(1, required)
    .min(
      MIN_SECRET_LENGTH,
      `must be at least ${MIN_SECRET_LENGTH} characters, so that redacting it cannot miss it or erase ordinary text`,
    )
    .max(10_000, "must be at most 10000 characters"),
});

const headerName = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "is not a valid header name (RFC 9110 §5.1: a token)");
/** RFC 9110 §5.5: no CR, LF, NUL or other control characters in a field value. */
const headerValue = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\t\x20-\x7e\x80-\uffff]*$/, "must not contain CR, LF or control characters (RFC 9110 §5.5)");

/** The inspector's Authentication & Headers panel, validated at the edge. */
export const authSchema = z
  .object({
    type: z.enum(["none", "bearer", "basic", "apikey"]).default("none"),
    token: headerValue(10_000).optional(),
    username: z.string().max(1000).optional(),
    password: z.string().max(10_000).optional(),
    key_name: headerName.optional(),
    key_value: headerValue(10_000).optional(),
    key_in: z.enum(["header", "query"]).default("header"),
    headers: z
      .array(z.object({ name: headerName, value: headerValue(10_000) }))
      .max(50)
      .default([]),
  })
  .default({ type: "none", key_in: "header", headers: [] });

export type InspectorAuth = z.infer<typeof authSchema>;

const timeout = z.number().int().min(1).max(300).default(60);

export const sessionRef = z.object({ session_id: z.string() });

/** POST /api/inspect/card: find, validate and resolve an agent's card. */
export const cardBody = z.object({
  session_id: z.string(),
  agent_url: z.string().min(1),
  auth: authSchema,
  timeout_s: timeout,
});

/** POST /api/inspect/chat: one chat turn with the session's agent. */
export const chatBody = z.object({
  session_id: z.string(),
  text: z.string().min(1).max(100_000),
  context_id: z.string().max(500).optional(),
  task_id: z.string().max(500).optional(),
  stream: z.boolean().default(true),
  timeout_s: timeout,
  transport: z.enum(transports).default("JSONRPC"),
});

/** POST /api/inspect/task: the inspector's task controls on the current task. */
export const taskBody = z.object({
  session_id: z.string(),
  task_id: z.string().min(1).max(500),
  action: z.enum(["get", "cancel", "subscribe"]),
  timeout_s: timeout,
  transport: z.enum(transports).default("JSONRPC"),
});

// ---- responses ----

/** Every error: {"error": {"message", "field"?}}. */
export const errorReply = z.object({
  error: z.object({
    message: z.string(),
    field: z.string().optional().describe("the field at fault, e.g. config.timeout_s"),
  }),
});

export const project = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string().optional(),
});
export type Project = z.infer<typeof project>;

export const moduleRow = z.object({
  id: z.string(),
  name: z.string(),
  project_id: z.string(),
  created_at: z.string().optional(),
});
export type Module = z.infer<typeof moduleRow>;

export const secretName = z.object({ name: z.string(), updated_at: z.string().optional() });

export const runSummary = z.object({
  id: z.string(),
  test_id: z.string(),
  status: z.enum(storedRunStatuses),
  created_at: z.string(),
  started_at: z.string().nullable().optional(),
  finished_at: z.string().nullable().optional(),
});
export type RunSummary = z.infer<typeof runSummary>;

/** A run's result: the result JSON of docs/result-format.md, secrets redacted (read loosely here). */
export const runResult = z
  .object({
    tool: z.object({ name: z.string(), version: z.string() }).loose(),
    kind: z.enum(runKinds),
    status: z.enum(["passed", "failed", "error"]),
    reason: z.string().optional(),
    scores: z.record(z.string(), z.number()),
    traffic: z.array(z.unknown()),
  })
  .loose();

export const storedRun = runSummary.extend({
  progress: z.array(z.string()),
  attempts: z
    .number()
    .int()
    .optional()
    .describe("how many times an executor started it (a worker that died mid-run counts)"),
  result: runResult.nullable().describe("null until the run finishes"),
});
export type StoredRun = Omit<z.infer<typeof storedRun>, "result"> & { result: RunResult | null };

/** The connection keys every stored test's config has (docs/test-files.md); the rest is its kind's. */
const storedConfig = z
  .object({
    agent_url: z.string(),
    headers: z.record(z.string(), z.string()).optional(),
    timeout_s: z.number().optional(),
  })
  .loose();

/** A stored test: the test JSON of docs/test-files.md, its id, warnings and last run. */
export const storedTest = z
  .object({
    id: z.string(),
    module_id: z.string(),
    name: z.string(),
    kind: z.string(),
    natural_language: z.string().optional(),
    config: storedConfig,
    created_at: z.string().optional(),
    warnings: z.array(z.string()),
    last_run: runSummary.pick({ id: true, status: true, created_at: true }).nullable(),
  })
  .loose();
export type StoredTest = z.infer<typeof storedTest>;

/** The inspector's answer to one chat turn: text (always rendered as text), task state and the ids to continue. */
export const chatReply = z.object({
  kind: z.enum(["message", "task"]).optional(),
  text: z.string(),
  state: z.string().optional(),
  task_id: z.string().optional(),
  context_id: z.string().optional(),
  failure: z.string().optional(),
  warnings: z.array(z.string()),
  problems: z.array(z.string()).describe("what the protocol validator found in the replies so far"),
  generation: z
    .enum(protocolGenerations)
    .optional()
    .describe("absent when no connection could be made over the binding"),
  transport: z.enum(transports),
});
export type ChatReply = z.infer<typeof chatReply>;

/** A live `update` event of a streamed chat turn: after the first, `text` follows the first `text_from` characters. */
export const chatUpdate = chatReply.extend({ text_from: z.number().int().optional() });
export type ChatUpdate = z.infer<typeof chatUpdate>;

/** POST /api/inspect/card's answer: the card run's result and what the chat can do with the agent. */
export const cardReply = z.object({
  result: runResult,
  streaming: z.boolean(),
  can_chat: z.boolean(),
  transports: z.array(z.enum(transports)).describe("the bindings the card advertises"),
});
export type CardReply = Omit<z.infer<typeof cardReply>, "result"> & { result: RunResult };

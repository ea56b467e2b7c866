import { z } from "zod";
import { transports } from "../model/transport.js";
import { MIN_SECRET_LENGTH } from "../net/redact.js";
import { badRequest } from "./api-error.js";
import { authSchema } from "./inspector-auth.js";

/** The request bodies of the REST API: they validate requests, and the OpenAPI document is built from them. */

const required = "is required (a non-empty string)";

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

/** RFC 9110 §5.1: a field name is a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 §5.5: a field value is visible characters, spaces and tabs (no CR, LF or NUL). */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/;

/**
 * Header names and values checked when a test is created (a CR/LF was accepted and the run
 * failed later with a misleading "no agent card found"); `field` names where they sit.
 */
export function checkHeaders(headers: Record<string, unknown> | undefined, field: string): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!TOKEN.test(name))
      throw badRequest(
        `${field} has the header name ${JSON.stringify(name)}, which is not an HTTP token (RFC 9110 §5.1: letters, digits and !#$%&'*+.^_\`|~- only; no colon or space)`,
        `${field}.${name}`,
      );
    if (typeof value !== "string" || !FIELD_VALUE.test(value))
      throw badRequest(
        `${field}.${name} must be a header value without CR, LF or other control characters (RFC 9110 §5.5)`,
        `${field}.${name}`,
      );
  }
}

/** Validates a body with zod; the first issue becomes a 400 naming its field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".") ?? "";
  throw badRequest(`${field || "body"} ${issue?.message ?? "is invalid"}`, field || undefined);
}

/** A request schema as the JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) of what a client may send. */
export function requestJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

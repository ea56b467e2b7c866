import { z } from "zod";
import { badRequest } from "./api-error.js";

/** How the REST API reads requests: the bodies of src/model/api.ts checked, header names and values too. */

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

import { z } from "zod";
import { badRequest } from "./api-error.js";

/** How the REST API reads requests: the bodies of src/model/api.ts checked, header names and values too. */

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

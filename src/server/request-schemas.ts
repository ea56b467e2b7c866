import { z } from "zod";
import { headerProblem } from "../net/header-syntax.js";
import { badRequest } from "./api-error.js";

/** How the REST API reads requests: the bodies of src/model/api.ts checked, header names and values too. */

/**
 * Header names and values checked when a test is created (a CR/LF was accepted and the run
 * failed later with a misleading "no agent card found"); `field` names where they sit.
 */
export function checkHeaders(headers: Record<string, unknown> | undefined, field: string): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    const problem =
      typeof value === "string"
        ? headerProblem(name, value)
        : `the value of header ${JSON.stringify(name)} is not a string`;
    if (problem) throw badRequest(`${field}: ${problem}`, `${field}.${name}`);
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

import { z } from "zod";
import { badRequest } from "./api-error.js";

const headerName = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "is not a valid header name (RFC 9110 §5.1: a token)");
/** RFC 9110 §5.5: no CR, LF, NUL or other control characters in a field value. */
const headerValue = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\t\x20-\x7e\x80-\uffff]*$/, "must not contain CR, LF or control characters (RFC 9110 §5.5)");

/** The inspector's Authentication & Headers panel (the inspector guide), validated at the edge. */
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

/** What the panel turns into: headers for every request, query parameters, and the values to redact. */
export interface AppliedAuth {
  headers: Record<string, string>;
  query: Record<string, string>;
  secrets: string[];
}

/** Turns the panel's choices into request headers and query parameters. */
export function applyAuth(auth: InspectorAuth): AppliedAuth {
  const headers: Record<string, string> = {};
  const query: Record<string, string> = {};
  const secrets: string[] = [];
  for (const { name, value } of auth.headers) headers[name] = value;
  if (auth.type === "bearer") {
    if (!auth.token) throw badRequest("a bearer token is required", "auth.token");
    headers.Authorization = `Bearer ${auth.token}`;
    secrets.push(auth.token);
  } else if (auth.type === "basic") {
    const pair = `${auth.username ?? ""}:${auth.password ?? ""}`;
    const encoded = Buffer.from(pair, "utf8").toString("base64");
    headers.Authorization = `Basic ${encoded}`;
    secrets.push(encoded, ...(auth.password ? [auth.password] : []));
  } else if (auth.type === "apikey") {
    if (!auth.key_name)
      throw badRequest("the API key's header or parameter name is required", "auth.key_name");
    if (!auth.key_value) throw badRequest("the API key's value is required", "auth.key_value");
    (auth.key_in === "query" ? query : headers)[auth.key_name] = auth.key_value;
    secrets.push(auth.key_value);
  }
  return { headers, query, secrets };
}

/** `url` with the panel's query parameters added (an API key sent in the query). */
export function withQuery(url: string, query: Record<string, string>): string {
  if (Object.keys(query).length === 0) return url;
  const parsed = new URL(url);
  for (const [name, value] of Object.entries(query)) parsed.searchParams.set(name, value);
  return parsed.toString();
}

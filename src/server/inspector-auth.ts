import type { InspectorAuth } from "../model/api.js";
import { badRequest } from "./api-error.js";

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

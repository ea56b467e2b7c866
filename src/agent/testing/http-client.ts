import { assert, expect } from "vitest";

/** Test-only HTTP helpers: bounded fetches against the local agent. */

export interface RpcReply {
  status: number;
  contentType: string;
  body: Record<string, unknown>;
}

const TIMEOUT_MS = 10_000;

/** POSTs a raw body and returns the parsed JSON reply. */
export async function postRaw(url: string, body: string, headers: Record<string, string>): Promise<RpcReply> {
  const response = await fetch(url, {
    method: "POST",
    headers,
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: jsonOrRaw(text),
  };
}

/** Sends one JSON-RPC request. */
export function rpc(
  url: string,
  method: string,
  params: unknown,
  headers: Record<string, string>,
  id: string | number = 1,
): Promise<RpcReply> {
  return postRaw(url, JSON.stringify({ jsonrpc: "2.0", id, method, params }), headers);
}

/** The `result` of a JSON-RPC reply, failing loudly on an error. */
export function resultOf(reply: RpcReply): unknown {
  // An assertion, not a throw: a flaw check that expects a result fails as a check when the agent refuses.
  expect(reply.body.error, `JSON-RPC error: ${JSON.stringify(reply.body.error)}`).toBeUndefined();
  return reply.body.result;
}

/** POSTs and reads a whole SSE body, returning the parsed `data:` payloads in order. */
export async function postSse(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ contentType: string; events: Record<string, unknown>[] }> {
  const response = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  const events = text
    .split(/\r?\n\r?\n/)
    .map((block) =>
      block
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n"),
    )
    .filter((data) => data !== "")
    .map((data) => jsonOrRaw(data));
  return { contentType: response.headers.get("content-type") ?? "", events };
}

/** A data payload as JSON, or `{raw}` when it is none (the check then judges what it got). */
function jsonOrRaw(data: string): Record<string, unknown> {
  try {
    return JSON.parse(data) as Record<string, unknown>;
  } catch {
    return { raw: data };
  }
}

/** Polls until `check` returns a value or the deadline passes (an assertion failure then). */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

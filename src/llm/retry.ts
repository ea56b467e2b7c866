import { APICallError } from "ai";
import { LlmError } from "./types.js";

/** Bounded retries: 429 and 5xx only, exponential backoff, Retry-After honoured up to a cap. */
export interface RetryPolicy {
  maxRetries: number;
  baseMs: number;
  /** No single wait is longer than this, whatever Retry-After asks for. */
  capMs: number;
  /** Told before each wait, so a person watching knows why the run pauses. */
  onRetry?: (retry: { attempt: number; delayMs: number; reason: string }) => void;
}

export const defaultRetryPolicy: RetryPolicy = Object.freeze({ maxRetries: 3, baseMs: 1000, capMs: 30_000 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const ms = Number(headers?.["retry-after-ms"]);
  if (headers?.["retry-after-ms"] !== undefined && Number.isFinite(ms)) return ms;
  const raw = headers?.["retry-after"];
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === "TimeoutError" || name === "AbortError";
}

function rootMessage(error: unknown): string {
  let at: unknown = error;
  const parts: string[] = [];
  for (let depth = 0; at instanceof Error && depth < 4; depth++) {
    if (!parts.includes(at.message)) parts.push(at.message);
    at = at.cause;
  }
  return parts.join(": ") || String(error);
}

/** Turns whatever a provider call threw into an LlmError naming the call. */
export function toLlmError(error: unknown, label: string, timeoutMs: number): LlmError {
  if (error instanceof LlmError) return error;
  if (isTimeout(error))
    return new LlmError("timeout", `${label} timed out after ${timeoutMs / 1000} s`, { cause: error });
  if (APICallError.isInstance(error) && error.statusCode !== undefined) {
    const body = (error.responseBody ?? "").replace(/\s+/g, " ").slice(0, 200);
    return new LlmError(
      "http",
      `${label} failed: HTTP ${error.statusCode}${body ? ` ${body}` : ` ${error.message}`}`,
      { cause: error },
    );
  }
  return new LlmError("network", `${label} failed: ${rootMessage(error)}`, { cause: error });
}

function retryable(error: unknown): { wait?: number } | undefined {
  if (!APICallError.isInstance(error) || error.statusCode === undefined) return undefined;
  const status = error.statusCode;
  if (status !== 429 && status < 500) return undefined;
  return { wait: retryAfterMs(error.responseHeaders) };
}

/** Runs `attempt` until it succeeds, fails for good, or the retries are spent; counts the attempts. */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  describe: (error: unknown) => LlmError,
): Promise<{ value: T; attempts: number }> {
  for (let n = 0; ; n++) {
    try {
      return { value: await attempt(), attempts: n + 1 };
    } catch (error) {
      const retry = retryable(error);
      if (retry === undefined || n >= policy.maxRetries) throw describe(error);
      const delayMs = Math.min(policy.capMs, retry.wait ?? policy.baseMs * 2 ** n);
      policy.onRetry?.({ attempt: n + 1, delayMs, reason: describe(error).message });
      await sleep(delayMs);
    }
  }
}

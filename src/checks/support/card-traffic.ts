import { NetError } from "../../net/errors.js";
import { httpRequest, type HttpResponse } from "../../net/http.js";
import type { CheckContext } from "../types.js";

/** The traffic ids of the discovery request that found the card (evidence for card checks). */
export function cardEvidence(ctx: CheckContext): string[] {
  return ctx.clientContext.traffic
    .entries()
    .filter((e) => e.label === "card" && e.url === ctx.cardUrl && e.status === 200)
    .map((e) => e.id)
    .slice(0, 1);
}

/** A plain GET with no credentials at all (only Accept); a net failure is returned as its message. */
export async function getWithoutCredentials(
  ctx: CheckContext,
  url: string,
  label: string,
): Promise<HttpResponse | string> {
  try {
    return await httpRequest({
      url,
      headers: { Accept: "application/json" },
      timeoutMs: ctx.timeoutMs,
      maxBytes: 512 * 1024,
      policy: ctx.clientContext.policy,
      traffic: ctx.clientContext.traffic,
      ...(ctx.clientContext.rateLimit ? { rateLimit: ctx.clientContext.rateLimit } : {}),
      label,
      ...(ctx.clientContext.signal ? { signal: ctx.clientContext.signal } : {}),
    });
  } catch (error) {
    if (error instanceof NetError) return error.message;
    throw error;
  }
}

/** Whether a response body is a JSON object (what a card must be). */
export function isJsonObject(body: string): boolean {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

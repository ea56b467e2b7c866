import { NetError } from "../../net/errors.js";
import { httpRequest, type HttpResponse } from "../../net/http.js";
import { versionAskedAgain, versionRefusalStatuses } from "../../card/discover.js";
import type { CheckContext } from "../types.js";

/** The traffic ids of the discovery request that found the card (evidence for card checks). */
export function cardEvidence(ctx: CheckContext): string[] {
  return ctx.clientContext.traffic
    .entries()
    .filter((e) => e.label === "card" && e.url === ctx.cardUrl && e.status === 200)
    .map((e) => e.id)
    .slice(0, 1);
}

/** A plain GET with no credentials at all (only Accept, and `headers`); a net failure is returned as its message. */
export async function getWithoutCredentials(
  ctx: CheckContext,
  url: string,
  label: string,
  headers: Record<string, string> = {},
): Promise<HttpResponse | string> {
  try {
    return await httpRequest({
      url,
      headers: { Accept: "application/json", ...headers },
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

/**
 * The card a location refused without A2A-Version (a status of versionRefusalStatuses), asked for again as a 1.0
 * client asks: the response when it is a JSON object, else undefined.
 */
export async function servedOnlyWithVersion(
  ctx: CheckContext,
  url: string,
  refused: HttpResponse,
): Promise<HttpResponse | undefined> {
  if (!versionRefusalStatuses.has(refused.status)) return undefined;
  const asked = await getWithoutCredentials(ctx, url, `card (A2A-Version: ${versionAskedAgain})`, {
    "A2A-Version": versionAskedAgain,
  });
  return typeof asked !== "string" && asked.status === 200 && isJsonObject(asked.body) ? asked : undefined;
}

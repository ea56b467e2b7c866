import type { PushDefect } from "./types.js";

/** How long one webhook POST may take (A2A 1.0 §13.2 recommends 10–30 s; a test agent keeps it short). */
const DELIVERY_TIMEOUT_MS = 5000;

/** What the webhook config asks the agent to authenticate with. */
export interface WebhookAuth {
  token?: string;
  /** 1.0 `authentication.scheme`; 0.x `authentication.schemes[0]`. */
  scheme?: string;
  credentials?: string;
}

/**
 * The headers that authenticate a delivery, as the config specifies (A2A 1.0 §4.3, §13.2): the
 * `Authorization: <scheme> <credentials>` header, and the token echoed in `X-A2A-Notification-Token`.
 * Both SDKs get this wrong in one way (pitfall 11): 0.3.14 never sends Authorization, 1.3.0 drops the
 * token when authentication is set.
 */
export function webhookHeaders(auth: WebhookAuth, defect?: PushDefect): Record<string, string> {
  const garble = (value: string) => (defect === "wrong-credentials" ? `wrong-${value}` : value);
  const headers: Record<string, string> = {};
  if (auth.scheme && auth.credentials) headers.Authorization = `${auth.scheme} ${garble(auth.credentials)}`;
  if (auth.token) headers["X-A2A-Notification-Token"] = garble(auth.token);
  return headers;
}

/**
 * POSTs one notification. Delivery is best-effort by design (1.0 §4.3.3: at least one attempt; retries
 * MAY): a webhook that is down must not disturb the task, so a failed attempt ends here.
 */
export async function deliver(
  url: string,
  body: string,
  contentType: string,
  headers: Record<string, string>,
): Promise<void> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": contentType, ...headers },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
  } catch {
    // Unreachable webhook: nothing to do for a best-effort notification (see above).
  }
}

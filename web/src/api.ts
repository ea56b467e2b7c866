/** The UI's one door to the server: JSON calls with the API token, and event streams read with fetch. */
const TOKEN_KEY = "plainwright.token";

/** An API error with the field at fault, as the server reports it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * Reads a token handed over in the URL fragment (#token=...), and takes the fragment out of the address.
 * The token is kept at once only when this browser has none (or the same): a link from another site must
 * not swap a signed-in browser onto a token of its choosing, so a different token is only `offered`, for the
 * person to accept.
 */
export function adoptTokenFromUrl(): { adopted: boolean; offered?: string } {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!match?.[1]) return { adopted: false };
  history.replaceState(null, "", location.pathname + location.search);
  const token = decodeURIComponent(match[1]);
  const stored = localStorage.getItem(TOKEN_KEY);
  if (stored && stored !== token) return { adopted: false, offered: token };
  localStorage.setItem(TOKEN_KEY, token);
  return { adopted: true };
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

let onUnauthorized: () => void = () => undefined;
/** Called when the server answers 401 (the UI then asks for the token). */
export function whenUnauthorized(listener: () => void): void {
  onUnauthorized = listener;
}

function headers(json: boolean): Record<string, string> {
  const token = localStorage.getItem(TOKEN_KEY);
  return {
    ...(json ? { "Content-Type": "application/json" } : {}),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

async function fail(res: Response): Promise<never> {
  if (res.status === 401) onUnauthorized();
  let message = `HTTP ${res.status}`;
  let field: string | undefined;
  try {
    const body = (await res.json()) as { error?: { message?: string; field?: string } };
    message = body.error?.message ?? message;
    field = body.error?.field;
  } catch {
    // not JSON: keep the status line
  }
  throw new ApiError(res.status, message, field);
}

/** Sends one request and reads the JSON reply (undefined for 204). */
export async function api<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: headers(body !== undefined),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) return fail(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** An event from a text/event-stream reply. */
export type StreamEvent = { event: string; data: unknown };

/**
 * Reads a text/event-stream reply with fetch (EventSource cannot send the API token), or one JSON
 * reply as a single `json` event when the server answered without streaming.
 */
export async function stream(
  method: string,
  path: string,
  body: unknown,
  onEvent: (event: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await fetch(path, {
    method,
    headers: headers(body !== undefined),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) return fail(res);
  if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    onEvent({ event: "json", data: await res.json() });
    return;
  }
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return;
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data !== undefined) onEvent({ event, data: JSON.parse(data) as unknown });
    }
  }
}

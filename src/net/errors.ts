/**
 * Why a request was refused or cut short. Every value names one rule of docs/architecture.md, outbound safety so that
 * a finding or an `error` status can say exactly which cap or policy was hit.
 */
export type NetRule =
  | "policy.scheme" // not http(s)
  | "policy.metadata" // link-local / cloud metadata address, always refused
  | "policy.loopback" // loopback refused by the active policy
  | "policy.private" // private range refused by the active policy
  | "policy.self" // the Plainwright server's own listening address, always refused
  | "policy.replay" // a replay reaches only its cassette's stand-in
  | "policy.dns" // the host name did not resolve
  | "redirect.limit" // more than 5 redirect hops
  | "redirect.loop" // a redirect back to a URL already visited
  | "redirect.invalid" // a 3xx without a usable Location
  | "cap.body" // body larger than the byte cap
  | "cap.events" // stream longer than the event cap
  | "timeout.total" // no complete response within the request timeout
  | "timeout.idle" // a stream went silent for longer than the idle timeout
  | "connect" // connection refused / reset / TLS failure
  | "json.syntax" // body is not JSON
  | "json.depth" // JSON nested deeper than the cap
  | "aborted"; // the caller cancelled the request through its AbortSignal

/** A request Plainwright chose not to make, or one that failed by a named rule. Never escapes the runner. */
export class NetError extends Error {
  override readonly name = "NetError";
  constructor(
    readonly rule: NetRule,
    readonly url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Connection failures that mean no server is there at all (not one that answered and then failed). */
const NOBODY_THERE = /ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|No connection established|failed to connect/i;

/**
 * Whether a request reached nobody: the name does not resolve, or the connection was refused or had no
 * route. A reset, a TLS failure or a timeout came from something that is there (an agent that crashed or hung).
 */
export function reachedNobody(error: NetError): boolean {
  if (error.rule === "policy.dns") return true;
  if (error.rule !== "connect") return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return NOBODY_THERE.test(typeof code === "string" ? code : error.message);
}

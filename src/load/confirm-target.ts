import { isLoopbackHost } from "../net/loopback-host.js";

/**
 * The load safety rule: a load run may only reach a host other than loopback when the user
 * names that host with --confirm-target (config.load.confirm_target in a test file), so that nobody loads
 * someone else's agent by accident. The rule is judged on the host as written, before any request: a
 * name that happens to resolve to loopback still needs confirming, which errs on the safe side.
 */

/** The host of an http(s) URL or a gRPC host:port, lower-cased, without IPv6 brackets; undefined when unreadable. */
export function hostOf(target: string): string | undefined {
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? target : `http://${target}`;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host.startsWith("[") ? host.slice(1, -1) : host;
  } catch {
    return undefined;
  }
}

/** The confirmed host as given (a host name, or a URL whose host is meant), normalised for comparison. */
function confirmedHost(confirm: string): string {
  return hostOf(confirm.trim()) ?? confirm.trim().toLowerCase();
}

/**
 * Why a load run must not reach `target` (the agent URL, an --endpoint or the card's endpoint), or
 * undefined when it may: loopback always may; any other host only when `confirm` names it.
 */
export function confirmTargetProblem(
  target: string,
  confirm: string | undefined,
  what: string,
  flag = "--confirm-target",
): string | undefined {
  const host = hostOf(target);
  if (host === undefined) return `${what} ${JSON.stringify(target)} has no host a load run could confirm`;
  if (isLoopbackHost(host)) return undefined;
  if (confirm !== undefined && confirmedHost(confirm) === host) return undefined;
  const given = confirm === undefined ? "" : ` (${flag} names ${JSON.stringify(confirm)}, not ${host})`;
  return (
    `refusing to load ${host}: the ${what} ${target} is not a loopback address${given}; ` +
    `a load run against another host needs ${flag} ${host}, naming the host, so that nobody loads someone else's agent by accident`
  );
}

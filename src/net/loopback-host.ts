import { isIP } from "node:net";

/**
 * Whether a host only this machine can reach: localhost (and names under .localhost, RFC 6761 §6.3),
 * 127.0.0.0/8, ::1 (bracketed or not) and IPv4-mapped loopback.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const h = bare.toLowerCase().replace(/\.$/, "");
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (isIP(h) === 4) return h.startsWith("127.");
  if (isIP(h) === 6) return h === "::1" || /^::ffff:127\./.test(h) || h === "0:0:0:0:0:0:0:1";
  return false;
}

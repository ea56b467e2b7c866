import type { CheckedAddress } from "../../net/outbound-policy.js";

/** Where a gRPC interface lives, read from the card's url. */
export interface GrpcAddress {
  /** Host as written (brackets removed from IPv6 literals). */
  host: string;
  port: number;
  tls: boolean;
  /** `grpc://host:port` (or grpcs://), the url recorded in the traffic log. */
  display: string;
  /** `http(s)://host:port`, the form the outbound policy checks. */
  policyUrl: string;
}

const DEFAULT_PORT = { tls: 443, plain: 80 };

/**
 * Reads a gRPC interface url: `host:port` (1.0.1), or a URL with scheme http, https, grpc or grpcs
 * (0.3 cards and many 1.0 ones). TLS when the scheme says so, or on port 443 for the bare form;
 * loopback test agents use plaintext. Undefined when it names no host.
 */
export function parseGrpcAddress(url: string): GrpcAddress | undefined {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && !["http", "https", "grpc", "grpcs"].includes(scheme)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(scheme === undefined ? `grpc://${trimmed}` : trimmed.replace(/^grpcs?:/i, "grpc:"));
  } catch {
    return undefined;
  }
  if (parsed.hostname === "") return undefined;
  const schemeTls = scheme === "https" || scheme === "grpcs";
  const explicitPort = parsed.port === "" ? undefined : Number(parsed.port);
  const tls = schemeTls || (scheme === undefined && explicitPort === 443);
  const port = explicitPort ?? (tls ? DEFAULT_PORT.tls : DEFAULT_PORT.plain);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  const authority = `${parsed.hostname}:${port}`;
  return {
    host,
    port,
    tls,
    display: `${tls ? "grpcs" : "grpc"}://${authority}`,
    policyUrl: `${tls ? "https" : "http"}://${authority}`,
  };
}

/**
 * The grpc-js target that dials exactly the address the policy approved, so DNS cannot move it; a replay's
 * stand-in (a diverted address) on its own port.
 */
export function pinnedTarget(address: GrpcAddress, checked: CheckedAddress): string {
  const port = checked.port ?? address.port;
  return checked.family === 6 ? `ipv6:[${checked.address}]:${port}` : `ipv4:${checked.address}:${port}`;
}

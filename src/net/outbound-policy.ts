import { isIP } from "node:net";
import { networkInterfaces } from "node:os";
import { NetError } from "./errors.js";

/** Which non-public destinations a run may contact (docs/architecture.md, outbound safety). */
export interface OutboundPolicy {
  allowLoopback: boolean;
  allowPrivate: boolean;
  /** Host names (optionally `host:port`) that may be loopback or private; never metadata. */
  allowHosts: readonly string[];
  /**
   * The ports this process serves on (`plainwright serve`): a destination at one of them on a local
   * address is the server itself, refused whatever else the policy allows, so no test can aim at it.
   */
  selfPorts?: readonly number[];
  /**
   * The Plainwright servers this process works for (a worker's `--server`): a destination at one of their
   * addresses and ports is the server, refused like `selfPorts` whatever else the policy allows. A server
   * on this machine is also matched on any local address.
   */
  selfTargets?: readonly SelfTarget[];
  /**
   * A replay (docs/config.md "Record and replay"): requests to these recorded hosts (`host:port`) are
   * sent, as plain HTTP, to the cassette's stand-in instead, every byte (URL, Host header) as recorded;
   * any other destination is refused. Set by the replay itself, never from user input.
   */
  divert?: Readonly<Record<string, CheckedAddress>>;
}

/** The command line's default: a developer's own agent usually runs on localhost or the LAN. */
export const commandLinePolicy: OutboundPolicy = Object.freeze({
  allowLoopback: true,
  allowPrivate: true,
  allowHosts: Object.freeze([]),
});

/** `plainwright serve`'s default: a shared server must not become a proxy into its own network. */
export const serverPolicy: OutboundPolicy = Object.freeze({
  allowLoopback: false,
  allowPrivate: false,
  allowHosts: Object.freeze([]),
});

export type AddressClass = "loopback" | "private" | "metadata" | "public";

/** A destination that passed the policy: connect to exactly this address. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
  /** A diverted request's stand-in port, reached over plain HTTP whatever the URL's scheme. */
  port?: number;
}

/** A server a worker works for, resolved once when the worker starts. */
export interface SelfTarget {
  url: string;
  addresses: readonly string[];
  port: number;
}

/** A replay's answer: the stand-in for a recorded host, or a refusal of any other. */
function diverted(url: string, parsed: URL, policy: OutboundPolicy): CheckedAddress | undefined {
  if (!policy.divert) return undefined;
  const standIn = policy.divert[parsed.host];
  if (standIn) return standIn;
  throw new NetError(
    "policy.replay",
    url,
    `refused ${url}: a replay reaches only its cassette's stand-in, and the cassette has no exchange with ${parsed.host}`,
  );
}

type V4Range = readonly [base: number, prefix: number, cls: Exclude<AddressClass, "public">];

// Order matters only where ranges nest: the Alibaba metadata host sits inside CGNAT space.
const V4_RANGES: readonly V4Range[] = [
  [v4("169.254.0.0"), 16, "metadata"],
  [v4("100.100.100.200"), 32, "metadata"],
  [v4("127.0.0.0"), 8, "loopback"],
  // 0.0.0.0/8 reaches the local host on Linux, so it is as sensitive as loopback.
  [v4("0.0.0.0"), 8, "loopback"],
  [v4("10.0.0.0"), 8, "private"],
  [v4("172.16.0.0"), 12, "private"],
  [v4("192.168.0.0"), 16, "private"],
  [v4("100.64.0.0"), 10, "private"],
  // Not on the public internet either: IETF protocol space, benchmarking, multicast, reserved.
  [v4("192.0.0.0"), 24, "private"],
  [v4("198.18.0.0"), 15, "private"],
  [v4("224.0.0.0"), 4, "private"],
  [v4("240.0.0.0"), 4, "private"],
];

function v4(ip: string): number {
  const parts = ip.split(".").map(Number);
  return (((parts[0] ?? 0) << 24) | ((parts[1] ?? 0) << 16) | ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)) >>> 0;
}

function classifyV4(ip: string): AddressClass {
  const n = v4(ip);
  for (const [base, prefix, cls] of V4_RANGES) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((n & mask) >>> 0 === base) return cls;
  }
  return "public";
}

/** Expands an IPv6 literal to eight 16-bit groups; a trailing dotted quad becomes two groups. */
function v6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = v4(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

function embeddedV4(g: number[]): string {
  const hi = g[6] ?? 0;
  const lo = g[7] ?? 0;
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

function classifyV6(ip: string): AddressClass {
  const g = v6Groups(ip.replace(/%.*$/, ""));
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) all
  // reach the embedded IPv4 host, so they are judged by it.
  if (upperZero && (g5 === 0xffff || g5 === 0)) return classifyV4(embeddedV4(g));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return classifyV4(embeddedV4(g));
  }
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0) {
    if (g7 === 0x254) return "metadata";
  }
  if ((g0 & 0xffc0) === 0xfe80) return "metadata";
  if ((g0 & 0xfe00) === 0xfc00) return "private";
  // fec0::/10 (deprecated site-local) and ff00::/8 (multicast) are not public destinations.
  if ((g0 & 0xffc0) === 0xfec0 || (g0 & 0xff00) === 0xff00) return "private";
  return "public";
}

/** Classifies an IPv4 or IPv6 literal; anything that is not an IP literal is treated as public. */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  const family = isIP(bare.replace(/%.*$/, ""));
  if (family === 4) return classifyV4(bare);
  if (family === 6) return classifyV6(bare);
  return "public";
}

const DESCRIPTION: Record<Exclude<AddressClass, "public">, string> = {
  metadata: "a link-local/cloud-metadata address, which Plainwright never contacts",
  loopback: "a loopback address, which this policy refuses (allow it with --allow-private or --allow-host)",
  private:
    "a private-network address, which this policy refuses (allow it with --allow-private or --allow-host)",
};

const RULE = {
  metadata: "policy.metadata",
  loopback: "policy.loopback",
  private: "policy.private",
} as const;

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, "");
}

function isAllowListed(url: URL, policy: OutboundPolicy): boolean {
  const host = normaliseHost(url.hostname);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return policy.allowHosts.some((entry) => {
    const wanted = normaliseHost(entry.trim());
    return wanted === host || wanted === `${host}:${port}`;
  });
}

/** Why `cls` is refused under `policy`, or undefined when it may be contacted. */
function refusal(
  cls: AddressClass,
  allowListed: boolean,
  policy: OutboundPolicy,
): keyof typeof RULE | undefined {
  if (cls === "public") return undefined;
  if (cls === "metadata") return "metadata";
  if (allowListed) return undefined;
  if (cls === "loopback") return policy.allowLoopback ? undefined : "loopback";
  return policy.allowPrivate ? undefined : "private";
}

function parseHttpUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch (cause) {
    throw new NetError("policy.scheme", url as string, `refused ${url as string}: not a valid absolute URL`, {
      cause,
    });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    const text = typeof url === "string" ? url : url.href;
    const message = `refused ${text}: the scheme ${parsed.protocol.replace(/:$/, "")} is not http or https`;
    throw new NetError("policy.scheme", text, message);
  }
  return parsed;
}

async function resolve(url: string, host: string): Promise<CheckedAddress[]> {
  const literal = isIP(host);
  if (literal === 4 || literal === 6) return [{ address: host, family: literal }];
  try {
    // Loaded on the first name to resolve: an agent given by address (127.0.0.1) never pays for the resolver.
    const { lookup } = await import("node:dns/promises");
    const found = await lookup(host, { all: true, verbatim: true });
    const usable = found.filter((a) => a.family === 4 || a.family === 6);
    if (usable.length > 0) return usable as CheckedAddress[];
  } catch (cause) {
    const code = (cause as { code?: string }).code ?? "lookup failed";
    throw new NetError("policy.dns", url, `refused ${url}: the host ${host} did not resolve (${code})`, {
      cause,
    });
  }
  throw new NetError("policy.dns", url, `refused ${url}: the host ${host} resolved to no address`);
}

/** Whether an address is this machine: loopback, the unspecified address, or one of its interfaces. */
function isLocalAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, "").toLowerCase();
  if (classifyAddress(bare) === "loopback" || bare === "0.0.0.0" || bare === "::") return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  const own = Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).map((i) => i.address.toLowerCase()),
  );
  return own.includes(bare) || (mapped !== undefined && own.includes(mapped));
}

/** The refusal of a destination that is the serving process itself, if it is. */
function selfRefusal(
  url: string,
  parsed: URL,
  address: string,
  policy: OutboundPolicy,
): NetError | undefined {
  if (!policy.selfPorts?.length && !policy.selfTargets?.length) return undefined;
  const port = Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80));
  if (policy.selfPorts?.includes(port) && isLocalAddress(address))
    return new NetError(
      "policy.self",
      url,
      `refused ${url}: ${address} port ${port} is this Plainwright server itself; a test never aims at the server that runs it`,
    );
  const bare = address.replace(/%.*$/, "").toLowerCase();
  const server = policy.selfTargets?.find(
    (t) =>
      t.port === port &&
      (t.addresses.includes(bare) || (t.addresses.some(isLocalAddress) && isLocalAddress(bare))),
  );
  if (server)
    return new NetError(
      "policy.self",
      url,
      `refused ${url}: ${address} port ${port} is the Plainwright server this worker runs tests for (${server.url}); a test never aims at it`,
    );
  return undefined;
}

/** The first of `addresses` the policy refuses, as the error to throw; otherwise the one to connect to. */
function approve(
  url: string,
  parsed: URL,
  addresses: CheckedAddress[],
  policy: OutboundPolicy,
): CheckedAddress {
  for (const { address } of addresses) {
    const self = selfRefusal(url, parsed, address, policy);
    if (self) throw self;
  }
  const allowListed = isAllowListed(parsed, policy);
  for (const { address } of addresses) {
    const refused = refusal(classifyAddress(address), allowListed, policy);
    if (refused) {
      throw new NetError(RULE[refused], url, `refused ${url}: ${address} is ${DESCRIPTION[refused]}`);
    }
  }
  // resolve() never returns an empty list.
  return addresses[0] as CheckedAddress;
}

function hostOf(parsed: URL): string {
  return parsed.hostname.startsWith("[") ? parsed.hostname.slice(1, -1) : parsed.hostname;
}

/**
 * The policy's answer without waiting, for a URL whose host is an IP address: the address to connect
 * to, or a thrown NetError. Undefined when the host is a name that DNS must resolve first (use checkUrl).
 */
export function checkLiteralUrl(url: string | URL, policy: OutboundPolicy): CheckedAddress | undefined {
  const parsed = parseHttpUrl(url);
  const standIn = diverted(typeof url === "string" ? url : url.href, parsed, policy);
  if (standIn) return standIn;
  const host = hostOf(parsed);
  const literal = isIP(host);
  if (literal !== 4 && literal !== 6) return undefined;
  return approve(
    typeof url === "string" ? url : url.href,
    parsed,
    [{ address: host, family: literal }],
    policy,
  );
}

/** The addresses and port of a server a worker works for, resolved now (a name that does not resolve is an error). */
export async function resolveSelfTarget(url: string): Promise<SelfTarget> {
  const parsed = parseHttpUrl(url);
  const addresses = await resolve(url, hostOf(parsed));
  return {
    url,
    addresses: addresses.map((a) => a.address.toLowerCase()),
    port: Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80)),
  };
}

/**
 * Checks a URL against the policy and resolves it; the caller must connect to the returned address
 * (and only it) so that a second DNS answer cannot redirect the connection.
 */
export async function checkUrl(url: string, policy: OutboundPolicy): Promise<CheckedAddress> {
  const parsed = parseHttpUrl(url);
  const standIn = diverted(url, parsed, policy);
  if (standIn) return standIn;
  const addresses = await resolve(url, hostOf(parsed));
  return approve(url, parsed, addresses, policy);
}

import { readScheme, type SchemeInfo } from "../client/auth.js";
import type { RunResult } from "../model/result.js";
import type { TrafficEntry } from "../model/traffic.js";
import { REDACTED } from "../net/redact.js";

/** An agent's refusal of a request for want of credentials: where, which status, and what it asked for. */
export interface AuthRefusal {
  /** 401 or 403 over HTTP; UNAUTHENTICATED or PERMISSION_DENIED over gRPC. */
  status: string;
  /** "the agent card" or "the agent". */
  where: string;
  credentialsSent: boolean;
  /** The WWW-Authenticate challenge, when one came (RFC 9110 §11.6.1). */
  challenge?: string;
}

const statusText: Record<number, string> = { 401: "401 Unauthorized", 403: "403 Forbidden" };
const credentialHeader = /^(authorization|proxy-authorization|cookie|x-api-key|api-key)$|key|token|auth/i;

/** Whether an exchange carried credentials: a header named like one, or a key or token in its query. */
const sentCredentials = (entry: TrafficEntry): boolean =>
  Object.keys(entry.request_headers).some((h) => credentialHeader.test(h)) ||
  /[?&][^=]*(key|token)=/i.test(entry.url);

function refusalOf(entry: TrafficEntry, where: string): AuthRefusal | undefined {
  const status = entry.status === 401 || entry.status === 403 ? statusText[entry.status] : undefined;
  if (!status) return undefined;
  const header = Object.entries(entry.response_headers ?? {}).find(
    ([name]) => name.toLowerCase() === "www-authenticate",
  );
  return {
    status: `HTTP ${status}`,
    where,
    credentialsSent: sentCredentials(entry),
    // Traffic redacts headers named like auth; a redacted challenge says nothing, so it is left out.
    ...(header && header[1] !== REDACTED ? { challenge: header[1] } : {}),
  };
}

/** The schemes a card body declares, in either generation's shape (0.3 OpenAPI style, 1.0 oneof wrappers). */
export function schemesFromCardBody(body: string | undefined): SchemeInfo[] {
  try {
    const card = JSON.parse(body ?? "") as { securitySchemes?: unknown };
    const schemes = card.securitySchemes;
    if (typeof schemes !== "object" || schemes === null || Array.isArray(schemes)) return [];
    return Object.entries(schemes).map(([name, raw]) => readScheme(name, raw));
  } catch {
    return [];
  }
}

/** How to pass one scheme on the command line: "bearer scheme 'oauth' — pass --bearer TOKEN". */
export function schemeAdvice(s: SchemeInfo): string {
  const name = JSON.stringify(s.name).replace(/^"|"$/g, "'");
  switch (s.type) {
    case "http":
      return s.scheme === "basic"
        ? `basic scheme ${name} — pass --basic USER:PASSWORD`
        : `${s.scheme ?? "bearer"} scheme ${name} — pass --bearer TOKEN`;
    case "apiKey":
      if (s.in === "cookie")
        return `API key scheme ${name} (cookie ${s.paramName}) — pass -H 'Cookie: ${s.paramName}=VALUE'`;
      return `API key scheme ${name} (${s.in} ${s.paramName}) — pass --api-key ${s.paramName}=VALUE${s.in === "query" ? " --api-key-in query" : ""}`;
    case "oauth2":
    case "openIdConnect":
      return `${s.type === "oauth2" ? "OAuth 2.0" : "OpenID Connect"} scheme ${name} — get an access token from its issuer and pass --bearer TOKEN`;
    case "mutualTLS":
      return `mutual TLS scheme ${name} — client certificates are not supported by Plainwright yet`;
    case "unknown":
      return `scheme ${name} of a type Plainwright does not know — pass its credential with -H 'Name: value'`;
  }
}

/**
 * One line for a refusal: the status, whether credentials were sent, the card's schemes and how to pass
 * each; without schemes, the challenge and every way to pass a credential.
 */
export function authAdvice(refusal: AuthRefusal, schemes: readonly SchemeInfo[]): string {
  const sent = refusal.credentialsSent ? "the credentials sent were refused" : "no credentials were sent";
  const head = `${refusal.where} answered ${refusal.status} (${sent})`;
  const challenge = refusal.challenge ? `; it asks for ${refusal.challenge}` : "";
  const ways =
    "pass the credential with --bearer TOKEN, --basic USER:PASSWORD, --api-key NAME=VALUE or -H 'Name: value'";
  if (refusal.where === "the agent card")
    return `${head}${challenge}; the card itself needs credentials, so its securitySchemes are unknown — ${ways}`;
  if (schemes.length === 0) return `${head}${challenge}; the card declares no securitySchemes — ${ways}`;
  const each = schemes.map(schemeAdvice);
  return `${head}${challenge}; the card declares ${each.length === 1 ? each[0] : `${each.length} schemes: ${each.join("; ")}`}`;
}

/** The first refusal in some traffic: a card location, else the agent's endpoint. */
export function refusalInTraffic(
  traffic: readonly TrafficEntry[],
  cardUrls: readonly string[],
): AuthRefusal | undefined {
  // Credentials that worked make every refusal of a request without any a probe of the run's own (a check
  // that asks without credentials on purpose), not a want of credentials to advise on (seen at first sight:
  // "pass --bearer TOKEN" after --bearer was given and taken).
  const worked = traffic.some((e) => sentCredentials(e) && e.status !== undefined && e.status < 400);
  for (const entry of traffic) {
    const found = refusalOf(entry, cardUrls.includes(entry.url) ? "the agent card" : "the agent");
    if (found && !(worked && !found.credentialsSent)) return found;
  }
  return undefined;
}

/**
 * Why a run that did not pass was refused, when it was: the card locations or the messages got 401/403
 * (or gRPC UNAUTHENTICATED), or, in a load run, requests were. A conformance run whose first failure is an auth check is left alone: those
 * checks send wrong credentials on purpose.
 */
export function explainAuthRefusal(result: RunResult): string | undefined {
  if (result.status === "passed") return undefined;
  const firstBroken = result.findings?.find((f) => f.status === "fail" || f.status === "error");
  if (firstBroken?.category === "auth") return undefined;
  const card = result.card;
  const cardRefused =
    card && !card.found_at && card.tried.some((t) => t.http_status === 401 || t.http_status === 403);
  const reason = result.reason ?? "";
  const grpc = /\b(UNAUTHENTICATED|PERMISSION_DENIED)\b/.exec(reason)?.[1];
  const cardUrls = card?.tried.map((t) => t.url) ?? [];
  // A load run's reason is its thresholds; its refusals show in the failures its traffic keeps.
  const loadRefused =
    result.kind === "load" &&
    result.traffic.some((t) => !cardUrls.includes(t.url) && (t.status === 401 || t.status === 403));
  if (!cardRefused && !loadRefused && !/\bHTTP (401|403)\b/.test(reason) && !grpc) return undefined;
  const cardBody = result.traffic.find((t) => t.url === card?.found_at && t.status === 200)?.response_body;
  const refusal =
    refusalInTraffic(
      cardRefused ? result.traffic : result.traffic.filter((t) => !cardUrls.includes(t.url)),
      cardUrls,
    ) ?? (grpc ? { status: `gRPC ${grpc}`, where: "the agent", credentialsSent: false } : undefined);
  return refusal ? authAdvice(refusal, schemesFromCardBody(cardBody)) : undefined;
}

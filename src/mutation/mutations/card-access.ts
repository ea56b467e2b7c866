import { isObject } from "../exchange.js";
import type { BufferedReply, Exchange, Json, Mutation, MutationMemory } from "../types.js";
import {
  a2aErrorReply,
  credentialHeaders,
  EXTENDED_CARD_NOT_CONFIGURED,
  grpcA2aError,
  mark,
  marked,
  withCapability,
} from "./answers.js";
import { isA2aError, isRefusal, UNSUPPORTED_OPERATION } from "./shapes.js";

const ALL = ["JSONRPC", "HTTP+JSON", "GRPC"] as const;
const CURRENT = /\/\.well-known\/agent-card\.json$/;
const LEGACY = /\/\.well-known\/agent\.json$/;
const WITHOUT_CREDENTIALS = "without-credentials";
const CREDENTIALS = "run-credentials";

const pathname = (x: Exchange): string => x.path.split("?")[0] ?? x.path;

/**
 * The card only at the legacy path: the current path answers `instead` (404, or a web page), and the legacy
 * one serves the card the current one had (clients try agent-card.json first, so the card has passed the
 * proxy by then) where the agent does not serve agent.json itself. Keyed by folder: an agent's own path, or
 * the host's root.
 */
const legacyPathOnly =
  (instead: (r: BufferedReply) => BufferedReply) =>
  (r: BufferedReply, x: Exchange, memory: MutationMemory): BufferedReply | undefined => {
    if (x.verb !== "card") return undefined;
    const path = pathname(x);
    const folder = `legacy-card:${path.replace(/[^/]*$/, "")}`;
    if (CURRENT.test(path)) {
      if (r.status !== 200 || !isObject(r.body)) return undefined;
      memory.set(folder, r);
      return instead(r);
    }
    const seen = memory.get(folder) as BufferedReply | undefined;
    if (!LEGACY.test(path) || !seen || (r.status === 200 && isObject(r.body))) return undefined;
    return seen;
  };

const notFound = (r: BufferedReply): BufferedReply => ({
  ...r,
  status: 404,
  contentType: "application/json",
  body: { error: "not found" },
});

/** A web app's catch-all page, answered 200 at the host's well-known card URI (seen at first sight). */
const WEB_PAGE =
  '<!doctype html><html><head><title>Agent</title></head><body><div id="root"></div></body></html>';
const webPage = (r: BufferedReply): BufferedReply => ({
  ...r,
  status: 200,
  contentType: "text/html; charset=utf-8",
  body: undefined,
  raw: WEB_PAGE,
});

/**
 * The host's root well-known card URI answers a web page: where the card was (its card then served at the
 * legacy path, as above) and where the agent serves nothing (its card lives under a folder of its own).
 */
function webPageAtRootWellKnown(
  r: BufferedReply,
  x: Exchange,
  memory: MutationMemory,
): BufferedReply | undefined {
  if (x.verb !== "card") return undefined;
  const path = pathname(x);
  const atRoot = path === "/.well-known/agent-card.json" || path === "/.well-known/agent.json";
  if (!atRoot) return undefined;
  if (CURRENT.test(path) && r.status !== 200) return webPage(r);
  return legacyPathOnly(webPage)(r, x, memory);
}

/**
 * The credentials to hand a request that carries none: the first ones a request of the run carried (a
 * later probe with made-up ones does not replace them); undefined when this request has its own.
 */
function runCredentials(
  sent: Record<string, string>,
  memory: MutationMemory,
): Record<string, string> | undefined {
  const carries = Object.keys(sent).length > 0;
  if (carries && !memory.has(CREDENTIALS)) memory.set(CREDENTIALS, sent);
  return carries ? undefined : (memory.get(CREDENTIALS) as Record<string, string> | undefined);
}

/** The card claiming the extended card (1.0.1 §3.1.11: the operation is available only then). */
const claimExtendedCard = (card: Json) => withCapability(card, "extendedAgentCard", true);

/** A 0.3 card's claim of the authenticated extended card: a member of the card itself (0.3 §5.5). */
function claimExtendedCard03(card: Json): Json | undefined {
  if (card.supportsAuthenticatedExtendedCard === true) return undefined;
  card.supportsAuthenticatedExtendedCard = true;
  return card;
}

/** JSON-RPC's own refusal of a method the agent does not know (JSON-RPC 2.0 §5.1). */
const METHOD_NOT_FOUND = { code: -32601, reason: "METHOD_NOT_FOUND" };

const NOT_CONFIGURED = "no extended agent card is configured";
const UNSUPPORTED = "the extended agent card is not supported";

/** Deviations in who may read the agent card and where it is published (A2A 1.0.1 §8.2, §13.3; 0.3 §5.3). */
/**
 * The card only at the 0.3 path, for an agent of 0.1 or 0.2 that serves both: once the current path has
 * served a card, the legacy path of the same folder answers 404.
 */
function currentPathOnly(r: BufferedReply, x: Exchange, memory: MutationMemory): BufferedReply | undefined {
  if (x.verb !== "card") return undefined;
  const path = pathname(x);
  const folder = `current-card:${path.replace(/[^/]*$/, "")}`;
  if (CURRENT.test(path)) {
    if (r.status === 200 && isObject(r.body)) memory.set(folder, true);
    return undefined;
  }
  if (!LEGACY.test(path) || memory.get(folder) !== true) return undefined;
  return notFound(r);
}

export const cardAccessMutations: Mutation[] = [
  {
    id: "card-refused-without-credentials",
    credentials: true,
    what: "the well-known agent card is served only with credentials: a GET without them is answered 401",
    clause:
      'A2A 1.0.1 §14.3 ("The resource at this URI MUST return an AgentCard object"), §8.2 (discovery at the well-known URI); 0.3 §5.3',
    // 0.x: a protected card is allowed (0.3 §5.4), a note; 1.0.1 §14.3 has the well-known URI return the card.
    check: { "1.0": "card.public" },
    generations: ["1.0"],
    // Only once the run has shown credentials (its discovery carries them): a run without any still finds
    // the card, and the deviation is not played there.
    request: (r, x, memory) => {
      if (x.verb === "card" && runCredentials(credentialHeaders(r.headers), memory))
        mark(x, WITHOUT_CREDENTIALS);
      return undefined;
    },
    reply: (r, x) =>
      marked(x, WITHOUT_CREDENTIALS) && r.status === 200
        ? {
            ...r,
            status: 401,
            contentType: "application/json",
            body: { error: "authentication required" },
            headers: { ...r.headers, "www-authenticate": 'Bearer realm="agent-card"' },
          }
        : undefined,
  },
  {
    id: "card-at-legacy-path-only",
    what: "the card is served only at the 0.2 path /.well-known/agent.json; /.well-known/agent-card.json answers 404",
    clause: "A2A 0.3 §5.3 (recommended location /.well-known/agent-card.json); 1.0.1 §8.2, §14.3",
    check: "card.well-known-path",
    reply: legacyPathOnly(notFound),
  },
  {
    id: "card-well-known-uri-web-page",
    what: "the host's /.well-known/agent-card.json answers 200 with a web page (a web app's catch-all route); the card is served elsewhere (at /.well-known/agent.json when it was at the root)",
    clause: 'A2A 1.0.1 §14.3 ("The resource at this URI MUST return an AgentCard object")',
    check: "card.well-known-uri-returns-card",
    generations: ["1.0"],
    reply: webPageAtRootWellKnown,
  },
  {
    id: "card-current-path-only-0-1-0-2",
    what: "an A2A 0.1 or 0.2 agent serves its card at /.well-known/agent-card.json only; /.well-known/agent.json, where its version's clients look, answers 404",
    clause: "A2A 0.2.5 §5.3, 0.1 §5.3 (recommended location /.well-known/agent.json)",
    check: { "0.x": "card.well-known-path-0x" },
    generations: ["0.x"],
    protocols: ["0.1", "0.2"],
    reply: currentPathOnly,
  },
  {
    id: "card-documentation-url-not-http",
    what: "the card's documentationUrl is a relative path, not an http(s) URL",
    clause: "A2A 0.3 §5.5 AgentCard.documentationUrl (a URL to the agent's documentation); 1.0.1 §4.4.1",
    check: "card.optional-fields",
    card: (card) => {
      card.documentationUrl = "docs/agent.html";
      return card;
    },
  },
  {
    id: "card-optional-field-snake-case",
    violates: ["DM-SERIAL-001"],
    what: "the card spells documentationUrl as documentation_url",
    clause:
      "A2A 1.0.1 §5.5 (all JSON serializations MUST use camelCase field names, not the snake_case of the proto); 0.3 §5.5 AgentCard",
    check: "card.optional-fields",
    card: (card) => {
      const url = typeof card.documentationUrl === "string" ? card.documentationUrl : undefined;
      delete card.documentationUrl;
      card.documentation_url = url ?? "https://plainwright.dev/docs/mutation-lab";
      return card;
    },
  },
  {
    id: "extended-card-answered-unsupported",
    violates: ["CARD-EXT-002"],
    what: "the card claims capabilities.extendedAgentCard, but GetExtendedAgentCard answers UnsupportedOperation",
    clause:
      "A2A 1.0.1 §3.3.4 (an agent that declares the extended card but has none configured MUST return ExtendedAgentCardNotConfiguredError), §3.1.11",
    check: "card.extended-card",
    generations: ["1.0"],
    bindings: ALL,
    card: claimExtendedCard,
    // An agent without the extended card answers UnsupportedOperation (or an unknown method) by itself.
    reply: (r, x) => {
      if (x.verb !== "extended-card") return undefined;
      if (isRefusal(r, x) && !isA2aError(r, x, EXTENDED_CARD_NOT_CONFIGURED)) return undefined;
      return a2aErrorReply(r, x, UNSUPPORTED_OPERATION, UNSUPPORTED);
    },
    grpcReply: (r, x) =>
      x.verb === "extended-card" ? { error: grpcA2aError(UNSUPPORTED_OPERATION, UNSUPPORTED) } : undefined,
    correct: {
      card: claimExtendedCard,
      reply: (r, x) =>
        x.verb === "extended-card"
          ? a2aErrorReply(r, x, EXTENDED_CARD_NOT_CONFIGURED, NOT_CONFIGURED)
          : undefined,
      grpcReply: (_r, x) =>
        x.verb === "extended-card"
          ? { error: grpcA2aError(EXTENDED_CARD_NOT_CONFIGURED, NOT_CONFIGURED) }
          : undefined,
    },
  },
  {
    // Seen at first sight: a 0.3 card with supportsAuthenticatedExtendedCard whose agent knows no such method.
    id: "extended-card-claimed-unserved-0-3",
    what: "a 0.3 card sets supportsAuthenticatedExtendedCard, but agent/getAuthenticatedExtendedCard answers MethodNotFound (over HTTP+JSON and gRPC, the agent's own refusal)",
    clause:
      "A2A 0.3 §7.10 (available when supportsAuthenticatedExtendedCard is true), §8.2 (-32007 when none is configured)",
    check: "card.extended-card-0x",
    generations: ["0.x"],
    protocols: ["0.3"],
    bindings: ALL,
    card: claimExtendedCard03,
    // An agent without the extended card refuses it by itself over HTTP+JSON and gRPC (UnsupportedOperation).
    reply: (r, x) =>
      x.verb === "extended-card" && x.binding === "jsonrpc"
        ? a2aErrorReply(r, x, METHOD_NOT_FOUND, "Method not found")
        : undefined,
    correct: {
      card: claimExtendedCard03,
      reply: (r, x) =>
        x.verb === "extended-card"
          ? a2aErrorReply(r, x, EXTENDED_CARD_NOT_CONFIGURED, NOT_CONFIGURED)
          : undefined,
      // 0.3's gRPC names the authenticated extended card GetAgentCard (0.3 §7.10).
      grpcReply: (_r, x) =>
        x.method === "GetAgentCard" || x.verb === "extended-card"
          ? { error: grpcA2aError(EXTENDED_CARD_NOT_CONFIGURED, NOT_CONFIGURED) }
          : undefined,
    },
  },
  {
    id: "extended-card-served-without-credentials",
    credentials: true,
    violates: ["CARD-EXT-001"],
    what: "GetExtendedAgentCard without credentials is served the extended card",
    clause: "A2A 1.0.1 §13.3 (the Get Extended Agent Card operation MUST require authentication), §3.1.11",
    check: "card.extended-card-needs-auth",
    generations: ["1.0"],
    bindings: ALL,
    // The agent's own check is bent by handing it the credentials the run's first request carried (the
    // card's discovery): what the agent then serves is what it serves that caller.
    request: (r, x, memory) => {
      const known = runCredentials(credentialHeaders(r.headers), memory);
      if (x.verb !== "extended-card" || !known) return undefined;
      r.headers = { ...r.headers, ...known };
      return r;
    },
    grpcRequest: (call, x, memory) => {
      const known = runCredentials(credentialHeaders(call.metadata), memory);
      if (x.verb !== "extended-card" || !known) return undefined;
      call.metadata = { ...call.metadata, ...known };
      return call;
    },
  },
];

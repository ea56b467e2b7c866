import { setTimeout as delay } from "node:timers/promises";
import { JSONRPC_PATH } from "../helpdesk.js";
import { CARD_LOCATIONS, sendCardJson, serveCurrentCardOnly } from "../http/card-routes.js";
import type { AgentLayout, AgentProtocol, CardLocation, FlawDefinition, JsonObject } from "../types.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

/** Link-local cloud metadata address; nothing in this agent ever contacts it. */
export const METADATA_ORIGIN = "http://169.254.169.254";

const OTHER_LOCATION: Record<CardLocation, CardLocation> = {
  "agent-card.json": "agent.json",
  "agent.json": "agent-card.json",
};

/** Applies `rewrite` to every endpoint URL the card advertises, in either generation's fields. */
function rewriteEndpointUrls(card: JsonObject, rewrite: (url: string) => string): JsonObject {
  if (typeof card.url === "string") card.url = rewrite(card.url);
  for (const key of ["additionalInterfaces", "supportedInterfaces"]) {
    const list = card[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list as JsonObject[]) {
      if (typeof entry.url === "string") entry.url = rewrite(entry.url);
    }
  }
  return card;
}

function onOrigin(layout: AgentLayout, newOrigin: string): (url: string) => string {
  return (url) => (url.startsWith(layout.origin) ? newOrigin + url.slice(layout.origin.length) : url);
}

const HTML_PAGE =
  "<!doctype html><html><head><title>Helpdesk</title></head><body><h1>Welcome to the helpdesk</h1></body></html>";

/** Card-discovery defects: where and how the card is served (docs/test-files.md: card discovery). */
export const DISCOVERY_FLAWS: FlawDefinition[] = [
  {
    name: "card-legacy-path-only",
    category: "discovery",
    protocols: BOTH,
    description: "The card is only at the A2A 0.2 path /.well-known/agent.json.",
    expect: "card found at location 2 of 4 (/.well-known/agent.json); smoke passes",
    cardLocation: "agent.json",
    cardResponder: (location, req, res, ctx) => {
      if (location !== "agent.json") return false;
      sendCardJson(req, res, ctx.body);
      return true;
    },
  },
  {
    name: "card-well-known-web-page",
    category: "discovery",
    protocols: ["1.0"],
    description:
      "/.well-known/agent-card.json answers 200 text/html with a web page (a web app's catch-all); the card is only at /.well-known/agent.json.",
    expect: "card found at location 2 of 4 (/.well-known/agent.json); card.well-known-uri-returns-card fails",
    cardLocation: "agent.json",
    cardResponder: (location, req, res, ctx) => {
      if (location === "agent.json") sendCardJson(req, res, ctx.body);
      else res.status(200).type("text/html").send(HTML_PAGE);
      return true;
    },
  },
  {
    name: "card-needs-version-header",
    category: "discovery",
    protocols: ["1.0"],
    description:
      'Every card location answers 400 {"error": "VersionNotSupported"} to a GET without A2A-Version; the card is served only to one carrying A2A-Version: 1.0.',
    expect:
      "the card is found when asked again with A2A-Version: 1.0, and the run goes on; card.well-known-uri-returns-card fails",
    cardResponder: (location, req, res, ctx) => {
      if (req.get("A2A-Version")?.trim() === "1.0") {
        if (location !== "agent-card.json") return false;
        sendCardJson(req, res, ctx.body);
        return true;
      }
      res.status(400).json({ error: "VersionNotSupported: this agent serves A2A 1.0 (got '')" });
      return true;
    },
  },
  {
    name: "card-under-subpath",
    category: "discovery",
    protocols: BOTH,
    description:
      "Card and endpoints live only under /support (card at /support/.well-known/agent-card.json).",
    expect: "found when given ${base}/support (location 1); not found when given ${base}",
    mountPath: "/support",
  },
  {
    name: "card-oversize",
    category: "discovery",
    protocols: BOTH,
    description: "The card is padded past 600 KB.",
    expect: "card rejected by the 512 KB cap",
    mutateCard: (card) => {
      card.description = `${String(card.description)} ${"All our agents are happy to help. ".repeat(19_000)}`;
      return card;
    },
  },
  {
    name: "card-slow",
    category: "discovery",
    protocols: BOTH,
    description: "Card responses are delayed by slowCardMs (default 25 s).",
    expect: "each location gives up after the lookup timeout (20 s) and discovery fails",
    cardResponder: async (location, req, res, ctx) => {
      try {
        await delay(ctx.slowCardMs, undefined, { signal: ctx.signal });
      } catch {
        res.destroy();
        return true;
      }
      return serveCurrentCardOnly(location, req, res, ctx);
    },
  },
  {
    name: "card-not-json",
    category: "discovery",
    protocols: BOTH,
    description: "Every card location answers 200 text/html with a web page.",
    expect: "no card found; every location reported as not a JSON object",
    cardResponder: (_location, _req, res) => {
      res.status(200).type("text/html").send(HTML_PAGE);
      return true;
    },
  },
  {
    name: "card-truncated-json",
    category: "discovery",
    protocols: BOTH,
    description: "The card JSON is cut in half (application/json) at every card location.",
    expect: "no card found; the body does not parse as JSON",
    cardResponder: (_location, _req, res, ctx) => {
      res
        .status(200)
        .type("application/json")
        .send(ctx.body.slice(0, Math.floor(ctx.body.length / 2)));
      return true;
    },
  },
  {
    name: "card-redirect-loop",
    category: "discovery",
    protocols: BOTH,
    description: "Each card location 302-redirects to the other card location, forever.",
    expect: "no card found; redirect loop detected (bounded redirects)",
    cardResponder: (location, _req, res, ctx) => {
      res.redirect(302, `${ctx.layout.base}${CARD_LOCATIONS[OTHER_LOCATION[location]]}`);
      return true;
    },
  },
  {
    name: "card-redirect-metadata",
    category: "safety",
    protocols: BOTH,
    description: "Card locations 302-redirect to http://169.254.169.254/latest/meta-data/.",
    expect: "redirect refused (link-local metadata address) and not followed; no card found",
    cardResponder: (_location, _req, res) => {
      res.redirect(302, `${METADATA_ORIGIN}/latest/meta-data/`);
      return true;
    },
  },
  {
    name: "card-loopback-url",
    category: "discovery",
    protocols: BOTH,
    description: "Endpoint URLs advertise http://localhost:9/... (wrong port) with the right path.",
    expect: "loopback endpoint rewritten onto the host the tester was given; smoke passes",
    mutateCard: (card, layout) => rewriteEndpointUrls(card, onOrigin(layout, "http://localhost:9")),
  },
  {
    name: "endpoint-metadata",
    category: "safety",
    protocols: BOTH,
    description: "The card's JSON-RPC endpoint is http://169.254.169.254/a2a.",
    expect: "endpoint refused by the outbound checks; no message sent",
    mutateCard: (card) =>
      rewriteEndpointUrls(card, (url) => (url.endsWith(JSONRPC_PATH) ? `${METADATA_ORIGIN}/a2a` : url)),
  },
];

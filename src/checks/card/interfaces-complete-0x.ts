import { defineCheck, fail, notApplicable, pass } from "../define.js";
import { cardEvidence } from "../support/card-traffic.js";
import { isObject } from "../../model/json.js";

/** A URL compared as a client would dial it: without a trailing slash, scheme and host in lower case. */
function sameUrl(a: string, b: string): boolean {
  const canon = (u: string) => {
    try {
      const url = new URL(u);
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}${url.search}`;
    } catch {
      return u.replace(/\/+$/, "");
    }
  };
  return canon(a) === canon(b);
}

export default defineCheck({
  id: "card.interfaces-complete-0x",
  title: "A 0.3 card's additionalInterfaces include the main url and its transport",
  category: "card",
  level: "SHOULD",
  quote: {
    spec: "A2A 0.3 §5.6.3",
    text: "Interface completeness: If `additionalInterfaces` is provided, it SHOULD include an entry corresponding to the main `url` and `preferredTransport`.",
  },
  requirement:
    "When a 0.3 card lists additionalInterfaces, one entry names the card's url with its preferredTransport (JSONRPC when the card names none).",
  spec: "A2A 0.3 §5.6.3 (transport declaration: interface completeness), §5.6.2",
  recommendation:
    'List the main interface in additionalInterfaces too: {"url": <the card\'s url>, "transport": <its preferredTransport>}, beside any other transports.',
  selfTest: [{ flaw: "card-main-interface-unlisted", protocols: ["0.3"] }],
  scope: "agent",
  generations: ["0.3"],
  run: (ctx) => {
    const card = isObject(ctx.rawCard) ? ctx.rawCard : {};
    const list = card.additionalInterfaces;
    // Absent is allowed; a list that is not one is card.interfaces' finding.
    if (!Array.isArray(list)) return Promise.resolve(notApplicable("the card lists no additionalInterfaces"));
    if (typeof card.url !== "string")
      return Promise.resolve(notApplicable("the card has no url to look for"));
    const url = card.url;
    const transport = typeof card.preferredTransport === "string" ? card.preferredTransport : "JSONRPC";
    const listed = list.some(
      (i) =>
        isObject(i) &&
        typeof i.url === "string" &&
        sameUrl(i.url, url) &&
        String(i.transport).toUpperCase() === transport.toUpperCase(),
    );
    const evidence = cardEvidence(ctx);
    return Promise.resolve(
      listed
        ? pass(`additionalInterfaces lists the main interface (${transport} at ${url})`, evidence)
        : fail(
            `additionalInterfaces (${list.length} entr${list.length === 1 ? "y" : "ies"}) has none for the main url ${url} with ${transport}`,
            evidence,
          ),
    );
  },
});

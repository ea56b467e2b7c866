import type { Mutation } from "../types.js";
import { headerValue, mark, marked } from "./answers.js";

/** The mark of a card request that named no A2A-Version. */
const CARD_WITHOUT_VERSION = "card-without-version";

/** Deviations in how the card is served over HTTP, beside its content (A2A 1.0.1 §8.6). */
export const cardHttpMutations: Mutation[] = [
  {
    id: "card-without-cache-headers",
    violates: ["CARD-CACHE-001", "CARD-CACHE-002"],
    what: "the agent card is served without Cache-Control and without ETag",
    clause: "A2A 1.0.1 §8.6.1 (Cache-Control with max-age and an ETag SHOULD be sent with the card)",
    check: "card.cache-headers",
    generations: ["1.0"],
    reply: (r, x) => {
      if (x.verb !== "card" || !r.headers) return undefined;
      const headers = Object.fromEntries(
        Object.entries(r.headers).filter(([name]) => name !== "cache-control" && name !== "etag"),
      );
      return { ...r, headers };
    },
  },
  {
    // A header that says "do not keep" with an ETag passed a check of the header's presence alone.
    id: "card-cache-control-without-max-age",
    what: "the agent card is served with Cache-Control: no-store (no max-age directive)",
    clause: "A2A 1.0.1 §8.6.1 (a Cache-Control response header with a max-age directive SHOULD be sent)",
    check: "card.cache-headers",
    generations: ["1.0"],
    reply: (r, x) => {
      if (x.verb !== "card" || !r.headers) return undefined;
      return { ...r, headers: { ...r.headers, "cache-control": "no-store" } };
    },
  },
  {
    // Seen at first sight: a 1.0 agent that answers 400 "VersionNotSupported" to a card GET without the header.
    id: "card-refused-without-version",
    what: "the agent card is refused (HTTP 400) to a GET without A2A-Version, and served only to one carrying A2A-Version: 1.0",
    clause: "A2A 1.0.1 §14.3 (the resource at the well-known URI MUST return an AgentCard), §8.2",
    check: "card.well-known-uri-returns-card",
    generations: ["1.0"],
    request: (r, x) => {
      if (x.verb === "card" && !headerValue(r.headers, "a2a-version")?.trim()) mark(x, CARD_WITHOUT_VERSION);
      return undefined;
    },
    reply: (r, x) =>
      marked(x, CARD_WITHOUT_VERSION)
        ? {
            status: 400,
            contentType: "application/json",
            body: { error: "VersionNotSupported: this agent serves A2A 1.0 (got '')" },
          }
        : undefined,
  },
];

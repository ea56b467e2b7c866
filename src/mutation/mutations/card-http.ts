import type { Mutation } from "../types.js";

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
];

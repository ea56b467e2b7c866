import type { Jwk } from "./jws.js";
import type { KeySetOptions, KeySetResult } from "./key-set.js";
import type { KeySource } from "./signature.js";

/**
 * Where a card's verification keys come from: the user's (--card-key) first, then the JWKS a signature's
 * jku names, fetched once per URL however many signatures name it. The JWKS reader (and its schema
 * library) loads only when a signature names one: most cards are unsigned.
 */
export function keySource(keys: readonly Jwk[], opts: KeySetOptions): KeySource {
  const fetched = new Map<string, Promise<KeySetResult>>();
  return {
    keys,
    fetchKeySet: (url) => {
      let result = fetched.get(url);
      if (!result) {
        result = import("./key-set.js").then((keySet) => keySet.fetchKeySet(url, opts));
        fetched.set(url, result);
      }
      return result;
    },
  };
}

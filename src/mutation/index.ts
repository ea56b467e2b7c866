// The mutation proxy: puts one named deviation from the spec into any loopback agent's traffic, so
// that each check is proven to fail with it and pass without it on every implementation. The lab
// (lab/mutations.mjs) runs it through dist/, outside the tester's own imports.
/** @public */
export { startMutationProxy } from "./proxy.js";
export { MUTATIONS } from "./mutations/index.js";
/** @public */
export { ALLOWED_VARIATIONS } from "./variations.js";
/** @public */
export { checkFor, correctTwin } from "./types.js";

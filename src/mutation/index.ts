// The mutation proxy: puts one named deviation from the spec into any loopback agent's traffic, so
// that each check is proven to fail with it and pass without it on every implementation.
export { startMutationProxy } from "./proxy.js";
export type { MutationProxy, MutationProxyOptions } from "./proxy.js";
export { MUTATIONS, findMutation } from "./mutations/index.js";
export { checkFor } from "./types.js";
export type { Exchange, Generation, Mutation } from "./types.js";

export { createRestClient } from "./client.js";
export type { HttpVerb, RestClient, SubscribeVerbReport } from "./client.js";
export { decodeRestError, errorFromJson } from "./errors.js";

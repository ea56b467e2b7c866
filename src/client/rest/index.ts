export { createRestClient } from "./client.js";
export type { RestClient } from "./client.js";

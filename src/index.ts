/** Plainwright as a library: run A2A tests and read their results. */
export { runA2ATest, type A2ARunOptions } from "./runner/run-a2a-test.js";
export type { RunResult, RunStatus } from "./runner/result.js";
export { parseTestDefinition, loadTestFiles } from "./runner/test-definition.js";
export { discoverCard, cardLocations } from "./card/discover.js";
export { validateCard } from "./card/validate.js";
export { chooseEndpoint } from "./card/endpoint.js";
export { renderConsole, renderJson } from "./report/index.js";
export { commandLinePolicy, serverPolicy } from "./net/outbound-policy.js";

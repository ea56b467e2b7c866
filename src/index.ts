/** Plainwright as a library: run A2A tests and read their results. */
export { runA2ATest, type A2ARunOptions } from "./runner/run-a2a-test.js";
export type {
  ConformanceLevel,
  Finding,
  RunEvent,
  RunEventSink,
  RunResult,
  RunStatus,
  TrafficEntry,
  Transport,
  ProtocolGeneration,
} from "./model/index.js";
export { parseTransport, generationOf } from "./model/index.js";
export { parseTestDefinition, loadTestFiles } from "./runner/test-definition.js";
export { discoverCard, cardLocations } from "./card/discover.js";
export { validateCard } from "./card/validate.js";
export { chooseEndpoint } from "./card/endpoint.js";
export { renderConsole, renderJson } from "./report/index.js";
export { commandLinePolicy, serverPolicy } from "./net/outbound-policy.js";
export { runTestDefinition, type TestRunOptions } from "./runner/run-test.js";
export { runConformance, type ConformanceOptions } from "./runner/run-conformance.js";
export { runConversationTest, type ConversationRunOptions } from "./runner/run-conversation-test.js";
export { runLoad, type LoadRunOptions } from "./runner/run-load.js";
export { resolveLoadSettings, type LoadRequest } from "./load/settings.js";
export { parseThreshold, parseThresholds } from "./load/thresholds.js";
export type { LoadSection, LoadSettings, ThresholdOutcome } from "./model/index.js";
export { connectAgent } from "./runner/connect.js";
export { createClient } from "./client/create-client.js";
export type { A2AClient, CallOutcome, StreamOutcome, ClientTarget, ClientContext } from "./client/types.js";
export { catalogue } from "./checks/index.js";
export type { CheckDefinition } from "./checks/types.js";
export { fileReporters } from "./report/index.js";

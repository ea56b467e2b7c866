/** The shapes every layer shares: results, findings, traffic, bindings, generations and run events. */
export * from "./baseline.js";
export * from "./conversation.js";
export * from "./events.js";
export * from "./finding.js";
export * from "./generation.js";
export * from "./load.js";
export * from "./result.js";
export * from "./traffic.js";
export * from "./transport.js";
export * from "./redteam.js";

export * from "./jsonrpc.js";
export * from "./methods.js";
export * from "./a2a-jsonrpc-client.js";

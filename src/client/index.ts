export * from "./jsonrpc.js";
export * from "./methods.js";

export * from "./model.js";
export * from "./normalize.js";
export * from "./reply-text.js";
export * from "./error-codes.js";
export * from "./generation.js";
export * from "./fold-stream.js";
export * from "./transport.js";

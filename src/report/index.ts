export { renderConsole } from "./console.js";
export { renderJson } from "./json.js";

export { fileReporters } from "./file-reporters.js";

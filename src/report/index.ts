export { renderConsole, renderSummary } from "./console.js";
export { renderJson } from "./json.js";
export { renderMarkdown } from "./markdown.js";
export { renderJunit } from "./junit.js";
export { renderHtml } from "./html.js";
export { styleFor, plainStyle, colourStyle, type Style } from "./style.js";

export { fileReporters, type FileReporter } from "./file-reporters.js";

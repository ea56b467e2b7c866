import type { RunResult } from "../model/result.js";
import { renderConsole, renderSummary } from "./console.js";
import { renderHtml } from "./html.js";
import { renderJson } from "./json.js";
import { renderJunit } from "./junit.js";
import { renderMarkdown } from "./markdown.js";

export { renderConsole, renderSummary } from "./console.js";
export { renderJson } from "./json.js";
export { renderMarkdown } from "./markdown.js";
export { renderJunit } from "./junit.js";
export { renderHtml } from "./html.js";
export { styleFor, plainStyle, colourStyle, type Style } from "./style.js";

/** A file reporter: renders every result of an invocation into one file. */
export interface FileReporter {
  fileName: string;
  render(results: readonly RunResult[]): string;
}

/** The built-in file reporters by name (`--report json`); later formats register here. */
export const fileReporters: Record<string, FileReporter> = {
  json: { fileName: "plainwright-results.json", render: renderJson },
  console: {
    fileName: "plainwright-results.txt",
    render: (results) =>
      results.map((r) => renderConsole(r)).join("\n") +
      (results.length > 1 ? `\n${renderSummary(results)}` : ""),
  },
  markdown: { fileName: "plainwright-report.md", render: renderMarkdown },
  junit: { fileName: "plainwright-junit.xml", render: renderJunit },
  html: { fileName: "plainwright-report.html", render: renderHtml },
};

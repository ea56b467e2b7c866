import type { RunResult } from "../model/result.js";
import { renderConsole, renderSummary } from "./console.js";
import { renderJson } from "./json.js";

/** A file reporter: renders every result of an invocation into one file. */
export interface FileReporter {
  fileName: string;
  render(results: readonly RunResult[]): string | Promise<string>;
}

/**
 * The built-in file reporters by name (`--report json`); later formats register here. The HTML, Markdown
 * and JUnit renderers load only when their report is asked for: a run that writes none should not pay for them.
 */
export const fileReporters: Record<string, FileReporter> = {
  json: { fileName: "plainwright-results.json", render: renderJson },
  console: {
    fileName: "plainwright-results.txt",
    render: (results) =>
      results.map((r) => renderConsole(r)).join("\n") +
      (results.length > 1 ? `\n${renderSummary(results)}` : ""),
  },
  markdown: {
    fileName: "plainwright-report.md",
    render: async (results) => (await import("./markdown.js")).renderMarkdown(results),
  },
  junit: {
    fileName: "plainwright-junit.xml",
    render: async (results) => (await import("./junit.js")).renderJunit(results),
  },
  html: {
    fileName: "plainwright-report.html",
    render: async (results) => (await import("./html.js")).renderHtml(results),
  },
};

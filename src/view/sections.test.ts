import { describe, expect, it } from "vitest";
import { conformanceRun, conversationRun, smokeRun } from "../report/testing/fixtures.js";
import { renderConsole } from "../report/console.js";
import { renderHtml } from "../report/html.js";
import { renderMarkdown } from "../report/markdown.js";
import { resultSections } from "./sections.js";

const ids = (r: Parameters<typeof resultSections>[0]) => resultSections(r).map((s) => s.id);

describe("the sections a result shows", () => {
  it("follow what the run holds: checks for a suite, the smoke exchange, a conversation, always the traffic", () => {
    expect(ids(smokeRun)).toEqual(["card", "smoke", "traffic"]);
    expect(ids(conformanceRun)).toEqual(["checks", "card", "traffic"]);
    expect(ids(conversationRun)).toContain("conversation");
  });

  it("show no card for an agent taken as a target: its card only found the endpoint", () => {
    const target = {
      ...conversationRun,
      endpoint: { url: "http://agent.test/rpc", transport: "JSONRPC" as const, reason: "target: card url" },
    };
    expect(ids(target)).not.toContain("card");
    expect(renderHtml([target])).not.toContain('data-section="card"');
    expect(renderConsole(target)).not.toContain("Agent card");
    expect(renderMarkdown([target])).not.toContain("Agent card");
    expect(renderConsole(conversationRun)).toContain("Agent card");
  });

  it("are the parts of the HTML report, in the same order, with the same headings", () => {
    for (const run of [smokeRun, conformanceRun, conversationRun]) {
      const html = renderHtml([run]);
      const parts = [...html.matchAll(/<div class="part" data-section="([a-z]+)">\s*<h3>([^<]+)<\/h3>/g)];
      expect(parts.map((m) => ({ id: m[1], title: m[2] }))).toEqual(resultSections(run));
    }
  });
});

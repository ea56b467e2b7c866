import { describe, expect, it } from "vitest";
import { renderHtml } from "./html.js";
import {
  conformanceRun,
  conversationRun,
  hostileRun,
  repeatedConversationRun,
  smokeRun,
} from "./testing/fixtures.js";

const CSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:" />`;

// Every tag and attribute the reporter itself writes; agent text never contains "<" after escaping, so any other
// tag or attribute in the output would be agent markup that got through.
const TAGS = new Set(
  "html head meta title style body main h1 h2 h3 h4 p span strong code pre dl dt dd table thead tbody tr th td details summary div section ul li a svg g rect text".split(
    " ",
  ),
);
const ATTRS = new Set(
  "lang charset http-equiv content name class id href open role aria-label viewBox width height xmlns font-size x y fill text-anchor data-section".split(
    " ",
  ),
);

function tagsOf(doc: string): Array<{ tag: string; attrs: string[] }> {
  return [...doc.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => ({
    tag: m[1] ?? "",
    attrs: [...(m[2] ?? "").matchAll(/\s+([\w-]+)(?:="[^"]*")?/g)].map((a) => a[1] ?? ""),
  }));
}

/** The document with whitespace collapsed and dropped between tags, so tests do not depend on source layout. */
function render(...args: Parameters<typeof renderHtml>): string {
  return renderHtml(...args)
    .replace(/\s+/g, " ")
    .replace(/> </g, "><");
}

/** The markup of the failed check whose id starts with `id`. */
function checkBlock(doc: string, id: string): string {
  return doc.split(`<div class="check `).find((b) => b.includes(`<code>${id}`)) ?? "";
}

describe("renderHtml", () => {
  it("is one self-contained document: CSP, inline style, no script, no external resource", () => {
    const doc = render([smokeRun, conformanceRun, hostileRun, conversationRun]);
    expect(doc.startsWith("<!doctype html>")).toBe(true);
    expect(doc).toContain(CSP);
    expect(doc).toMatch(/<style>[^<]+<\/style>/);
    expect(doc).not.toMatch(/<script/i);
    expect(tagsOf(doc).flatMap((t) => t.attrs)).not.toContain("src");
    expect(doc).not.toMatch(/href="(?!#run-\d+")/);
    expect(doc).not.toMatch(/url\(|@import/);
  });

  it("writes no tag or attribute other than its own, whatever the agent sent", () => {
    const doc = render([hostileRun, conversationRun]);
    const tags = tagsOf(doc);
    expect(tags.length).toBeGreaterThan(100);
    expect(tags.map((t) => t.tag).filter((t) => !TAGS.has(t))).toEqual([]);
    expect(tags.flatMap((t) => t.attrs).filter((a) => !ATTRS.has(a))).toEqual([]);
    expect(doc).not.toMatch(/<img/i);
  });

  it("shows hostile card text, headers and bodies as literal text", () => {
    const doc = render([hostileRun]);
    expect(doc).toContain(
      "<h2>&lt;script&gt;alert(1)&lt;/script&gt; | &quot;quoted&quot; &amp; &#39;single&#39; ]]&gt; \uFFFD\uFFFD\uFFFD[31m</h2>",
    );
    expect(doc).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(doc).toContain(
      '<dt>Signatures</dt><dd><span class="warn">signature not checked</span>: signatures[0] (kid &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(doc).toContain(
      "<th>x-evil</th><td><code>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></td>",
    );
    expect(doc).toContain(
      "&lt;/pre&gt;&lt;script&gt;alert(&#39;body&#39;)&lt;/script&gt;]]&gt;&lt;!-- x --&gt;\uFFFD",
    );
    expect(doc).toContain("<code>http://agent.test/?q=&lt;script&gt;&amp;x=&quot;y&quot;</code>");
    expect(doc).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it("summarises each run: status, reason, scores, conformance level", () => {
    const doc = render([conformanceRun]);
    expect(doc).toContain(
      `<p class="reason"><span class="badge failed">failed</span><span class="badge level partial">partial (0.7)</span> 3 MUST checks failed </p>`,
    );
    expect(doc).toContain("<dt>Scores</dt><dd>card 1 · conformance 0.7</dd>");
  });

  it("names the generations tested when the suite tested several, and each finding's generation", () => {
    const judged = { ...conformanceRun.findings![0]!, transport: "JSONRPC" };
    const doc = render([
      {
        ...conformanceRun,
        protocol: { card: "0.3.0", negotiated: "0.3", generations: ["0.3", "1.0"] },
        findings: [{ ...judged, generation: "1.0" }],
      },
    ]);
    expect(doc).toMatch(/negotiated\s+0\.3 · tested A2A 0\.3 and 1\.0/);
    expect(doc).toContain("[JSONRPC, A2A 1.0]");
  });

  it("colours the level badge by the level", () => {
    const style = render([conformanceRun]);
    for (const level of ["full", "partial", "minimal", "non-conformant"])
      expect(style).toMatch(new RegExp(`\\.badge\\.level\\.${level} \\{ background: [^;]+; \\}`));
  });

  it("draws a bar per category in an inline SVG chart, largest category full width", () => {
    const doc = render([conformanceRun]);
    const svg = /<svg class="chart"[\s\S]*?<\/svg>/.exec(doc)?.[0] ?? "";
    expect(svg).toContain(
      'aria-label="card: 2 pass, 0 fail, 0 error, 0 skip; lifecycle: 1 pass, 1 fail, 0 error, 1 skip;',
    );
    expect(svg.match(/<title>/g)?.length).toBe(9);
    expect(svg).toContain(
      '<rect x="170.0" y="5" width="280.0" height="16" fill="#1a7f37"><title>card: 2 pass</title></rect>',
    );
    expect(svg).toContain(
      '<rect x="170.0" y="31" width="140.0" height="16" fill="#1a7f37"><title>lifecycle: 1 pass</title></rect>',
    );
  });

  it("shows every failed check with its recommendation and the request and response it cites", () => {
    const doc = render([conformanceRun]);
    expect(doc).toContain("<h4>Failed checks (4)</h4>");
    const cancel = checkBlock(doc, "lifecycle.cancel.terminal-task-errors");
    expect(cancel).toContain("<strong>Recommendation:</strong> Add guard for terminal state transitions");
    expect(cancel).toContain("MUST · lifecycle · A2A 7.4 (TCK CORE-CANCEL-002)");
    expect(cancel).toContain('<strong class="bad">POST http://agent.test/rpc → 500 (12 ms)</strong>');
    expect(cancel).toContain("<pre>Internal Server Error: cannot cancel</pre>");
    expect(cancel).toContain("&quot;method&quot;: &quot;message/send&quot;");
    const final = checkBlock(doc, "streaming.final-event");
    expect(final).toContain("1 stream event");
    expect(final).toContain("Evidence not in the traffic log: t99");
    expect(checkBlock(doc, "errors.unknown-method")).toContain("socket hang up");
  });

  it("lists skipped and passed checks collapsed, and the whole traffic log collapsed", () => {
    const doc = render([conformanceRun]);
    expect(doc).toContain("<details><summary>Skipped checks (2)</summary>");
    expect(doc).toContain("<details><summary>Passed checks (4)</summary>");
    expect(doc).toContain("<details><summary>All traffic (5 requests)</summary>");
  });

  it("shows the card, the smoke reply, and a conversation with its verdicts", () => {
    const doc = render([conversationRun]);
    expect(doc).toContain(
      "<dt>Found at</dt><dd><code>http://agent.test/.well-known/agent-card.json</code></dd>",
    );
    expect(doc).toContain(
      '<td class="warn">warning</td><td><code>provider</code></td><td>no organization</td>',
    );
    expect(doc).toContain("<pre>Hi there!</pre>");
    expect(doc).toContain(
      '<div class="turn user"><span class="role">user</span><pre class="say">I need a refund | now</pre></div>',
    );
    expect(doc).toContain('<td>Confirms the order id</td><td><span class="bad">not met</span></td>');
  });

  it("shows every trial of a repeated conversation, collapsible, with pass rate, interval, pass^k, flakiness and cost", () => {
    const doc = render([repeatedConversationRun]);
    const trials = doc.split("<details").filter((d) => /<summary> ?Trial /.test(d));
    expect(trials).toHaveLength(3);
    expect(trials[0]).toMatch(/^><summary> ?Trial 1 of 3: <span class="ok">passed<\/span>, score 1.00/);
    expect(trials[1]).toMatch(/^ open><summary> ?Trial 2 of 3: <span class="bad">failed<\/span>, score 0.50/);
    expect(trials[2]).toMatch(
      /^ open><summary> ?Trial 3 of 3: <span class="warn">error<\/span> — the judge call/,
    );
    expect(trials[1]).toContain('<pre class="say">Refund confirmed | no date yet.</pre>');
    expect(trials[1]).toContain(
      '<td>Gives a timeline</td><td><span class="bad">not met</span><span class="warn">unsupported (passed): a quote is not in the transcript</span></td>',
    );
    expect(trials[1]).toContain('<code>within 3 days</code><span class="warn">not in the transcript</span>');
    expect(trials[0]).toContain('<pre class="say">Refund confirmed; it arrives in 5 days.</pre>');
    expect(doc).toContain("<dt>Pass rate</dt><dd>1/3 trials passed (33%)</dd>");
    expect(doc).toContain("<dt>95% interval (Wilson)</dt><dd>6%–79%</dd>");
    expect(doc).toContain("<dt>pass^k</dt><dd>pass^1 0.33 · pass^2 0.00 · pass^3 0.00</dd>");
    expect(doc).toContain(
      '<dt>Flaky</dt><dd><span class="warn">yes: some trials passed and some did not</span></dd>',
    );
    expect(doc).toContain("<dt>Total</dt><dd>1,240 in / 26 out · $0.0002</dd>");
    const tags = tagsOf(doc);
    expect(tags.map((t) => t.tag).filter((t) => !TAGS.has(t))).toEqual([]);
  });

  it("puts an overview with links first when there are several runs", () => {
    const doc = render([smokeRun, conformanceRun]);
    expect(doc).toContain(
      '<td><a href="#run-1">http://agent.test</a></td><td><span class="badge failed">failed</span></td>',
    );
    expect(doc).toContain('<section id="run-1">');
  });
});

import { describe, expect, it } from "vitest";
import {
  cdata,
  escapeHtml,
  mdCell,
  mdFence,
  mdInline,
  stripIllegalXml,
  truncate,
  xmlAttr,
  xmlText,
} from "./escape.js";

describe("escaping", () => {
  it.each([
    ["NUL and C0 controls", "a\u0000b\u0007c\u001bd", "abcd"],
    ["lone surrogates", "x\uD800y\uDFFFz", "xyz"],
    ["U+FFFE and U+FFFF", "a\uFFFEb\uFFFFc", "abc"],
    ["tab, LF, CR and astral characters are kept", "a\tb\nc\rd😀", "a\tb\nc\rd😀"],
  ])("strips %s from XML", (_what, input, expected) => {
    expect(stripIllegalXml(input)).toBe(expected);
  });

  it("escapes XML text and attributes, keeping line breaks in attributes as character references", () => {
    expect(xmlText(`<a href="x">&</a>`)).toBe(`&lt;a href="x"&gt;&amp;&lt;/a&gt;`);
    expect(xmlAttr(`"it's"\n<&>`)).toBe("&quot;it&apos;s&quot;&#10;&lt;&amp;&gt;");
  });

  it("shows C0, C1 and bidirectional controls in XML text, attributes and CDATA as U+FFFD, never raw", () => {
    const hostile = "a\u0001b\u0085c\u202Ed\u2066e";
    for (const out of [xmlText(hostile), xmlAttr(hostile), cdata(hostile)]) {
      expect(out).toContain("a\uFFFDb\uFFFDc\uFFFDd\uFFFDe");
      expect(out).not.toMatch(
        /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
      );
    }
  });

  it("splits ]]> so a CDATA section cannot be closed by its content", () => {
    expect(cdata("a]]>b")).toBe("<![CDATA[a]]]]><![CDATA[>b]]>");
    expect(cdata("]]>]]>").match(/]]>/g)?.length).toBe(3);
  });

  it("escapes HTML and shows control characters as U+FFFD", () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&\u0000`)).toBe(
      "&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;\uFFFD",
    );
  });

  it("keeps a Markdown cell in its row and an inline text on its line", () => {
    expect(mdCell("a | b\r\nc\nd")).toBe("a \\| b<br>c<br>d");
    expect(mdInline("# x\n- y")).toBe("\\# x - y");
    expect(mdInline("- item")).toBe("\\- item");
    expect(mdInline("1. item")).toBe("1\\. item");
  });

  it("fences code with more backticks than the text holds", () => {
    expect(mdFence("a ```` b", "json")).toBe("`````json\na ```` b\n`````");
  });

  it("truncates before escaping and says how much was cut", () => {
    expect(truncate("abcdef", 3)).toBe("abc… (3 more characters)");
    expect(mdCell("<<<<<<", 2)).toBe("&lt;&lt;… (4 more characters)");
  });
});

import { describe, expect, it } from "vitest";
import { replyText } from "./reply-text.js";
import { smokeSentText } from "../view/run-view.js";
import { joinTextParts, TEXT_PART_SEPARATOR } from "../model/text-parts.js";

describe("the text of a message's parts", () => {
  it("puts each part on a line of its own and keeps the agent's spacing inside a part", () => {
    expect(joinTextParts(["  indented", "two  spaces ", "last\n"])).toBe("  indented\ntwo  spaces \nlast\n");
  });

  it("leaves out parts with no visible text", () => {
    expect(joinTextParts(["a", "", "  ", "b"])).toBe(`a${TEXT_PART_SEPARATOR}b`);
  });

  it("is the same rule for an agent's reply and for the smoke message a report shows", () => {
    const parts = ["Hello,", " world"];
    const reply = replyText({
      kind: "message",
      role: "agent",
      messageId: "m1",
      parts: parts.map((text) => ({ kind: "text" as const, text })),
    });
    const sent = smokeSentText({ message: { parts: parts.map((text) => ({ kind: "text", text })) } });
    expect(reply).toBe(joinTextParts(parts));
    expect(sent).toBe(joinTextParts(parts));
  });
});

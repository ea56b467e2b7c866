/**
 * Reading a message's text parts as one text, the one rule every reader uses (the chat, the transcripts, the
 * reports, the web app). Parts are separate pieces of a message (A2A 0.3 §6.5, 1.0 §4.1.6), so two parts never
 * run together: each starts on a line of its own. Inside a part the agent's own spacing is kept as sent.
 */

/** What goes between two text parts of one message. */
export const TEXT_PART_SEPARATOR = "\n";

/** The texts of a message's text parts as one text; parts with no visible text are left out. */
export function joinTextParts(texts: readonly string[]): string {
  return texts.filter((text) => text.trim() !== "").join(TEXT_PART_SEPARATOR);
}

/**
 * Characters a reader cannot see in a terminal or a report: C0 controls but tab, LF and CR, DEL, C1 controls,
 * zero-width and direction marks, line and paragraph separators, and the byte-order mark.
 */
const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\ufeff]/g;

const escape = (char: string): string => {
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
};

/**
 * The text with every invisible character written as an escape (`\x1b`, `\u200b`), so a message
 * shows the bytes that broke a parse; line feeds and carriage returns are escaped too when `oneLine`.
 * Longer text is cut at `max` characters with an ellipsis.
 */
export function visible(text: string, options: { max?: number; oneLine?: boolean } = {}): string {
  const { max = Infinity, oneLine = false } = options;
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  const shown = cut.replace(INVISIBLE, escape);
  return oneLine ? shown.replace(/\r/g, "\\r").replace(/\n/g, "\\n") : shown;
}

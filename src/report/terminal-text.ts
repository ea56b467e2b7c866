/*
 * Text from an agent or a model can hold terminal control sequences: ESC ] 0 ; … BEL retitles the terminal,
 * ESC [ 2 J clears it, a carriage return or a cursor move forges lines of output. Before such text reaches a
 * terminal every control character is written as a visible escape (\x1b), so the evidence stays readable and
 * the terminal never acts on it. Newlines and tabs stay: they are layout, and the reporters flatten them
 * where one line is wanted.
 */

// C0 controls except tab and newline, DEL, C1 controls, and the bidirectional overrides that reorder text.
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escapeOf = (c: string) => {
  const code = c.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
};

/** `s` with every control character written as a visible escape (`\x1b`), safe to print on a terminal. */
export function terminalText(s: string): string {
  return s.replace(unsafe, escapeOf);
}

/** A deep copy of `value` with every string (keys included) passed through terminalText. */
export function terminalSafe<T>(value: T): T {
  if (typeof value === "string") return terminalText(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => terminalSafe(v)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [terminalText(k), terminalSafe(v)])) as T;
  }
  return value;
}

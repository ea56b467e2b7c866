/*
 * JSON.parse says what went wrong but (on Node 20) often not where. A test file's author needs the line,
 * the column and the line itself, so a small scanner walks the text to the first error (RFC 8259 grammar).
 */

/** Where and why JSON text is invalid; line and column count from 1. */
export interface JsonSyntaxProblem {
  line: number;
  column: number;
  message: string;
  /** The offending line of the text. */
  lineText: string;
}

class Stop extends Error {
  constructor(
    readonly at: number,
    message: string,
  ) {
    super(message);
  }
}

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Finds the first syntax error: its offset and what was expected there. */
function firstError(text: string): Stop | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const what = () => (i >= text.length ? "the end of the text" : JSON.stringify(text[i]));
  const fail = (message: string): never => {
    throw new Stop(i, `${message}, found ${what()}`);
  };
  const string = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') {
      const code = text.charCodeAt(i);
      if (code < 0x20) fail("a control character (such as a newline) must be escaped inside a string");
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) i += 4;
        else if (!'"\\/bfnrt'.includes(text[i] ?? "x") || i >= text.length)
          fail("an invalid escape in a string");
      }
      i++;
    }
    if (i >= text.length) throw new Stop(start, "a string that is never closed");
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") return object();
    if (c === "[") return array();
    if (c === '"') return string();
    for (const word of ["true", "false", "null"])
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    numberPattern.lastIndex = i;
    if (c !== undefined && /[-0-9]/.test(c) && numberPattern.test(text)) {
      i = numberPattern.lastIndex;
      return;
    }
    fail("expected a value (an object, array, string, number, true, false or null)");
  };
  const object = () => {
    i++;
    ws();
    if (text[i] === "}") return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') fail("expected a property name in double quotes");
      string();
      ws();
      if (text[i] !== ":") fail("expected ':' after the property name");
      i++;
      value();
      ws();
      if (text[i] === "}") return void i++;
      if (text[i] !== ",") fail("expected ',' or '}' after the property value");
      i++;
      ws();
      if (text[i] === "}") fail("a trailing comma before '}'");
    }
  };
  const array = () => {
    i++;
    ws();
    if (text[i] === "]") return void i++;
    for (;;) {
      value();
      ws();
      if (text[i] === "]") return void i++;
      if (text[i] !== ",") fail("expected ',' or ']' after the element");
      i++;
      ws();
      if (text[i] === "]") fail("a trailing comma before ']'");
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail("unexpected text after the JSON value");
    return undefined;
  } catch (error) {
    if (error instanceof Stop) return error;
    throw error;
  }
}

function position(text: string, offset: number): Omit<JsonSyntaxProblem, "message"> {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const start = before.lastIndexOf("\n") + 1;
  const end = text.indexOf("\n", offset);
  return {
    line,
    column: offset - start + 1,
    lineText: text.slice(start, end < 0 ? undefined : end).replace(/\r$/, ""),
  };
}

/** Parses JSON text, or says where it first goes wrong. */
export function parseJsonText(
  text: string,
): { ok: true; value: unknown } | { ok: false; problem: JsonSyntaxProblem } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const found = firstError(text);
    const at = found?.at ?? 0;
    return {
      ok: false,
      problem: { ...position(text, at), message: found?.message ?? (error as Error).message },
    };
  }
}

/** "line 3, column 9: expected … \n   3 |   "a": }\n     |         ^" */
export function describeJsonProblem(p: JsonSyntaxProblem): string {
  const gutter = String(p.line);
  const shown = p.lineText.length > 200 ? `${p.lineText.slice(0, 200)}…` : p.lineText;
  return [
    `line ${p.line}, column ${p.column}: ${p.message}`,
    `  ${gutter} | ${shown}`,
    `  ${" ".repeat(gutter.length)} | ${" ".repeat(Math.min(p.column - 1, 200))}^`,
  ].join("\n");
}

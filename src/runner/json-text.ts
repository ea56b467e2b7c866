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

/** A strict JSON reader that stops at the first syntax error with its offset and what was expected there. */
class JsonScanner {
  #i = 0;
  /** The path of the value being read, and where each key (or array element) began: for locating a field. */
  readonly #path: string[] = [];
  readonly offsets = new Map<string, number>();

  constructor(private readonly text: string) {}

  /** The first syntax error, or undefined when the text is one JSON value. */
  firstError(): Stop | undefined {
    try {
      this.#value();
      this.#ws();
      if (this.#i < this.text.length) this.#fail("unexpected text after the JSON value");
      return undefined;
    } catch (error) {
      if (error instanceof Stop) return error;
      throw error;
    }
  }

  #ws(): void {
    while (this.#i < this.text.length && " \t\n\r".includes(this.text[this.#i]!)) this.#i++;
  }

  #fail(message: string): never {
    const found = this.#i >= this.text.length ? "the end of the text" : JSON.stringify(this.text[this.#i]);
    throw new Stop(this.#i, `${message}, found ${found}`);
  }

  #string(): void {
    const { text } = this;
    const start = this.#i++;
    while (this.#i < text.length && text[this.#i] !== '"') {
      if (text.charCodeAt(this.#i) < 0x20)
        this.#fail("a control character (such as a newline) must be escaped inside a string");
      if (text[this.#i] === "\\") {
        this.#i++;
        if (text[this.#i] === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(this.#i + 1, this.#i + 5)))
          this.#i += 4;
        else if (!'"\\/bfnrt'.includes(text[this.#i] ?? "x") || this.#i >= text.length)
          this.#fail("an invalid escape in a string");
      }
      this.#i++;
    }
    if (this.#i >= text.length) throw new Stop(start, "a string that is never closed");
    this.#i++;
  }

  #value(): void {
    this.#ws();
    const c = this.text[this.#i];
    if (c === "{") return this.#object();
    if (c === "[") return this.#array();
    if (c === '"') return this.#string();
    for (const word of ["true", "false", "null"])
      if (this.text.startsWith(word, this.#i)) {
        this.#i += word.length;
        return;
      }
    numberPattern.lastIndex = this.#i;
    if (c !== undefined && /[-0-9]/.test(c) && numberPattern.test(this.text)) {
      this.#i = numberPattern.lastIndex;
      return;
    }
    this.#fail("expected a value (an object, array, string, number, true, false or null)");
  }

  #object(): void {
    this.#i++;
    this.#ws();
    if (this.text[this.#i] === "}") return void this.#i++;
    for (;;) {
      this.#ws();
      if (this.text[this.#i] !== '"') this.#fail("expected a property name in double quotes");
      const keyStart = this.#i;
      this.#string();
      const key = JSON.parse(this.text.slice(keyStart, this.#i)) as string;
      this.#ws();
      if (this.text[this.#i] !== ":") this.#fail("expected ':' after the property name");
      this.#i++;
      this.#path.push(key);
      this.offsets.set(JSON.stringify(this.#path), keyStart);
      this.#value();
      this.#path.pop();
      this.#ws();
      if (this.text[this.#i] === "}") return void this.#i++;
      if (this.text[this.#i] !== ",") this.#fail("expected ',' or '}' after the property value");
      this.#i++;
      this.#ws();
      if (this.text[this.#i] === "}") this.#fail("a trailing comma before '}'");
    }
  }

  #array(): void {
    this.#i++;
    this.#ws();
    if (this.text[this.#i] === "]") return void this.#i++;
    for (let index = 0; ; index++) {
      this.#ws();
      this.#path.push(String(index));
      this.offsets.set(JSON.stringify(this.#path), this.#i);
      this.#value();
      this.#path.pop();
      this.#ws();
      if (this.text[this.#i] === "]") return void this.#i++;
      if (this.text[this.#i] !== ",") this.#fail("expected ',' or ']' after the element");
      this.#i++;
      this.#ws();
      if (this.text[this.#i] === "]") this.#fail("a trailing comma before ']'");
    }
  }
}

/** Finds the first syntax error: its offset and what was expected there. */
function firstError(text: string): Stop | undefined {
  return new JsonScanner(text).firstError();
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

/** Where a field of valid JSON text is written (its key, or an array element's value), or undefined. */
export function locateJsonField(
  text: string,
  path: readonly (string | number)[],
): Omit<JsonSyntaxProblem, "message"> | undefined {
  const scanner = new JsonScanner(text);
  if (scanner.firstError()) return undefined;
  const at = scanner.offsets.get(JSON.stringify(path.map(String)));
  return at === undefined ? undefined : position(text, at);
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

/** A value as a problem quotes it: its JSON, cut at 60 characters. */
export function describeValue(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The value at a path of parsed JSON, or undefined. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = root;
  for (const key of path)
    at = typeof at === "object" && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}

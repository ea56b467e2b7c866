/** Minimal ANSI styling for the console reporter; plain text when colour is off. */
export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

export const colourStyle: Style = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  red: wrap(31, 39),
  green: wrap(32, 39),
  yellow: wrap(33, 39),
  cyan: wrap(36, 39),
};

const same = (s: string) => s;
export const plainStyle: Style = { bold: same, dim: same, red: same, green: same, yellow: same, cyan: same };

/** Colour when writing to a terminal, unless NO_COLOR is set (no-color.org) or FORCE_COLOR asks for it. */
export function styleFor(
  stream: { isTTY?: boolean },
  env: Record<string, string | undefined> = process.env,
): Style {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return plainStyle;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return colourStyle;
  return stream.isTTY ? colourStyle : plainStyle;
}

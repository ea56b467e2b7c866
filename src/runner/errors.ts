/**
 * Plainwright's own failures (never an agent's: those are findings). Each carries a stable code; only
 * the CLI entry point turns them into exit codes.
 */
export type PlainwrightErrorCode = "usage" | "config" | "unreachable" | "internal";

export class PlainwrightError extends Error {
  override readonly name = "PlainwrightError";
  constructor(
    readonly code: PlainwrightErrorCode,
    message: string,
    options?: { cause?: unknown; field?: string },
  ) {
    super(message, options);
    this.field = options?.field;
  }
  readonly field: string | undefined;
}

/** Bad command-line input: exit 64. */
export const usageError = (message: string) => new PlainwrightError("usage", message);
/** A test file, secret or option value that breaks a rule: the run cannot start. */
export const configError = (message: string, field?: string) =>
  new PlainwrightError("config", message, { field });

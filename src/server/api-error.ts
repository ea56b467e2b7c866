import type { ErrorRequestHandler } from "express";
import { PlainwrightError } from "../runner/errors.js";

/** An API failure: becomes `{"error": {"message", "field"?}}` with its HTTP status (docs/api.md). */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** 400 naming the field at fault. */
export const badRequest = (message: string, field?: string) => new ApiError(400, message, field);
/** 404 for a path id that names nothing. */
export const notFound = (what: string, id: string) => new ApiError(404, `no ${what} with id ${id}`);

interface BodyParserError {
  type?: string;
  status?: number;
  message?: string;
}

/** The last middleware: every error becomes the JSON error shape; internal ones are logged, not leaked. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  if (error instanceof ApiError) {
    res
      .status(error.status)
      .json({ error: { message: error.message, ...(error.field ? { field: error.field } : {}) } });
    return;
  }
  if (error instanceof PlainwrightError && error.code === "config") {
    res
      .status(400)
      .json({ error: { message: error.message, ...(error.field ? { field: error.field } : {}) } });
    return;
  }
  const parser = error as BodyParserError;
  if (parser.type === "entity.parse.failed") {
    res
      .status(400)
      .json({ error: { message: `the request body is not valid JSON: ${parser.message ?? ""}` } });
    return;
  }
  if (parser.type === "entity.too.large") {
    res.status(413).json({ error: { message: "the request body is too large (1 MB at most)" } });
    return;
  }
  // Middleware errors that carry a client status (a missing static asset: 404) are not internal.
  if (typeof parser.status === "number" && parser.status >= 400 && parser.status < 500) {
    res
      .status(parser.status)
      .json({ error: { message: parser.status === 404 ? "not found" : "bad request" } });
    return;
  }
  process.stderr.write(`plainwright serve: internal error: ${(error as Error).stack ?? String(error)}\n`);
  res.status(500).json({ error: { message: "internal error (see the server's log)" } });
};

import express, { type RequestHandler } from "express";
import { mediaType } from "../net/http-hop.js";
import { tryParseJson } from "../net/json.js";
import { ApiError, badRequest } from "./api-error.js";

/** API request bodies: at most this many bytes and this deep (thousands of levels gave a 500). */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_BODY_DEPTH = 32;

const isJsonType = (type: string) => /^application\/(?:[\w.+-]+\+)?json$/i.test(type.trim());

function hasBody(req: Parameters<RequestHandler>[0]): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * A body that is not JSON is refused with 415 before it is read (a form or text/plain post from
 * another page never reaches a handler); a JSON body is bounded in size and depth before parsing.
 */
export const requireJsonType: RequestHandler = (req, _res, next) => {
  if (!hasBody(req)) return next();
  const type = mediaType(req.headers["content-type"]);
  if (isJsonType(type)) return next();
  next(
    new ApiError(
      415,
      `the request body must be JSON: send Content-Type: application/json (got ${type ? JSON.stringify(type) : "no Content-Type"})`,
    ),
  );
};

const readRaw = express.raw({ type: () => true, limit: MAX_BODY_BYTES });

/** Parses the raw body: depth checked by a scan before JSON.parse builds anything. */
const parseRaw: RequestHandler = (req, _res, next) => {
  if (!Buffer.isBuffer(req.body)) {
    req.body = undefined;
    return next();
  }
  const text = req.body.toString("utf8");
  if (text.trim() === "") {
    req.body = undefined;
    return next();
  }
  const parsed = tryParseJson(text, "the request body", MAX_BODY_DEPTH);
  if (parsed.ok) {
    req.body = parsed.value;
    return next();
  }
  const rule =
    parsed.error.rule === "json.depth"
      ? `the request body is nested deeper than ${MAX_BODY_DEPTH} levels (JSON depth limit)`
      : parsed.error.message.replace("the body from the request body", "the request body");
  next(badRequest(rule));
};

/** The API's body pipeline: content type, size, depth, then JSON. */
export const jsonBody: RequestHandler[] = [requireJsonType, readRaw, parseRaw];

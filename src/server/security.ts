import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * The page's Content-Security-Policy: only the app's own scripts and styles, no inline code, no
 * plugins, no framing. Agent text that slipped into markup still could not run.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Security headers on every response. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader("Content-Security-Policy", contentSecurityPolicy);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  next();
};

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Requires `Authorization: Bearer <token>` on every /api call when a token is set. */
export function requireToken(token: string | undefined): RequestHandler {
  const wanted = token ? digest(token) : undefined;
  return (req, res, next) => {
    if (!wanted) return next();
    const header = req.headers.authorization ?? "";
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? "";
    // Comparing digests keeps the comparison constant-time whatever the lengths.
    if (given !== "" && timingSafeEqual(digest(given), wanted)) return next();
    res.setHeader("WWW-Authenticate", 'Bearer realm="plainwright"');
    res
      .status(401)
      .json({ error: { message: "this server needs an API token: send Authorization: Bearer <token>" } });
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The API acts only on requests the app's own script makes: a browser tells
 * with Fetch Metadata (Sec-Fetch-Site, Sec-Fetch-Mode) where a request comes from, so a top-level
 * navigation or a request from another site never reaches a handler that acts. Clients that send
 * no Fetch Metadata (curl, CI, `plainwright submit`) are not browsers a stranger can steer.
 */
export const apiRequestsOnly: RequestHandler = (req, res, next) => {
  const site = req.headers["sec-fetch-site"];
  const mode = req.headers["sec-fetch-mode"];
  const acts = !SAFE_METHODS.has(req.method);
  if (site === "cross-site" || site === "same-site") {
    res.status(403).json({
      error: { message: `requests from another site (Sec-Fetch-Site: ${site}) are refused` },
    });
    return;
  }
  if (mode === "navigate" && acts) {
    res.status(403).json({ error: { message: "the API does not act on a page navigation" } });
    return;
  }
  next();
};

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function hostName(host: string): string {
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : (host.split(":")[0] ?? "");
}

/**
 * Without a token the API trusts whoever can reach it, which is only safe on loopback: a foreign
 * Host header (DNS rebinding) or a cross-site Origin (another web page in the user's browser) is refused.
 */
export function sameSiteOnly(tokenSet: boolean, boundHost: string): RequestHandler {
  return (req, res, next) => {
    const host = (req.headers.host ?? "").toLowerCase();
    const name = hostName(host);
    if (!tokenSet && !LOOPBACK_NAMES.has(name) && name !== boundHost.toLowerCase()) {
      res.status(403).json({
        error: { message: `requests for host ${name || "(none)"} are refused; use http://127.0.0.1` },
      });
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== "null") {
      let originHost = "";
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        originHost = "";
      }
      if (originHost !== host) {
        res.status(403).json({ error: { message: `cross-origin requests from ${origin} are refused` } });
        return;
      }
    } else if (origin === "null" && req.method !== "GET") {
      res.status(403).json({ error: { message: "requests from an opaque origin are refused" } });
      return;
    }
    next();
  };
}

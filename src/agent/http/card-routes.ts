import { createHash } from "node:crypto";
import express from "express";
import type { Request, Response, Router } from "express";
import type { CardLocation, CardResponder, CardServeContext } from "../types.js";

export const CARD_LOCATIONS: Record<CardLocation, string> = {
  "agent-card.json": "/.well-known/agent-card.json",
  "agent.json": "/.well-known/agent.json",
};

/** Writes the card as plain spec JSON with the caching headers A2A 1.0 §8.6 asks for. */
export function sendCardJson(req: Request, res: Response, body: string): void {
  const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 32)}"`;
  res.setHeader("ETag", etag);
  res.setHeader("Cache-Control", "public, max-age=300");
  if (req.headers["if-none-match"] === etag) {
    res.status(304).end();
    return;
  }
  res.status(200).type("application/json").send(body);
}

/** The well-behaved responder: the card at agent-card.json (A2A 0.3+), nothing at the 0.2 path. */
export const serveCurrentCardOnly: CardResponder = (location, req, res, ctx) => {
  if (location !== "agent-card.json") return false;
  sendCardJson(req, res, ctx.body);
  return true;
};

/** Card discovery routes; `context()` is read per request so the card can be built after listen. */
export function cardRoutes(responder: CardResponder, context: () => CardServeContext): Router {
  const router = express.Router();
  for (const [location, path] of Object.entries(CARD_LOCATIONS) as [CardLocation, string][]) {
    router.get(path, (req, res, next) => {
      Promise.resolve(responder(location, req, res, context()))
        .then((answered) => {
          if (!answered) next();
        })
        .catch(next);
    });
  }
  return router;
}

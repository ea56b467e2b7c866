import { existsSync, readFileSync } from "node:fs";
import { packageRoot } from "../net/package-root.js";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import express, { Router } from "express";

/** Where the built UI lives: dist/web under the package root (from src/, dist/ or the bundled CLI alike). */
export function defaultWebRoot(): string {
  const root = packageRoot() ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  return join(root, "dist", "web");
}

/** The pages a person can link to (docs/api.md); all are the one-page app. */
const PAGES = ["/", "/inspect", "/runs/:id", "/projects/:id", "/modules/:id", "/tests/:id"];

/** Serves the Vite build: hashed assets cached for good, the HTML shell for every page route. */
export function uiRouter(webRoot: string): Router {
  const router = Router();
  const indexFile = join(webRoot, "index.html");
  const built = existsSync(indexFile);
  const html = built ? readFileSync(indexFile) : undefined;
  router.use(
    "/assets",
    express.static(join(webRoot, "assets"), {
      immutable: true,
      maxAge: "365d",
      index: false,
      fallthrough: false,
    }),
  );
  router.get(PAGES, (_req, res) => {
    if (!html) {
      res
        .status(503)
        .type("text/plain")
        .send(`The web UI is not built (no ${indexFile}). Run: npm run build\nThe REST API works at /api.`);
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(html);
  });
  router.get("/favicon.ico", (_req, res) => {
    res.status(204).end();
  });
  return router;
}

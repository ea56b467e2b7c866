import express, { type Express } from "express";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import { ApiError, errorHandler } from "./api-error.js";
import { InspectorSessions } from "./inspector-sessions.js";
import { InspectorStreams, type StreamBounds } from "./inspector-streams.js";
import { openApiDocument } from "./openapi.js";
import { inspectRouter } from "./routes/inspect.js";
import { projectsRouter } from "./routes/projects.js";
import { runsRouter } from "./routes/runs.js";
import { RunsEndedByDeletion } from "./run-queue.js";
import { testsRouter } from "./routes/tests.js";
import type { RunScheduler } from "./run-queue.js";
import { jsonBody } from "./json-body.js";
import { apiRequestsOnly, requireToken, sameSiteOnly, securityHeaders } from "./security.js";
import { uiRouter } from "./static-ui.js";
import type { Store } from "./store.js";

export interface AppDeps {
  store: Store;
  queue: RunScheduler;
  policy: OutboundPolicy;
  token?: string;
  host: string;
  webRoot: string;
  inspectorBounds?: StreamBounds;
  /** How long this server lets a run take (SQLite: it runs them itself); undefined when workers run them. */
  runDeadlineMs?: number;
}

/** The express app: security headers, the token-guarded JSON API, then the UI. */
export function buildApp(deps: AppDeps): Express {
  const app = express();
  const ended = new RunsEndedByDeletion();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(securityHeaders);
  app.use(sameSiteOnly(deps.token !== undefined, deps.host));
  app.use("/api", requireToken(deps.token), (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  app.use("/api", apiRequestsOnly, ...jsonBody);
  app.get("/api/openapi.json", (_req, res) => {
    res.json(openApiDocument);
  });
  app.use(projectsRouter(deps.store, deps.queue, ended));
  app.use(testsRouter(deps.store, deps.queue, deps.policy, ended, deps.runDeadlineMs));
  app.use(runsRouter(deps.store, deps.queue, ended));
  app.use(inspectRouter(new InspectorSessions(new InspectorStreams(deps.inspectorBounds)), deps.policy));
  app.use("/api", (req) => {
    throw new ApiError(404, `no API route ${req.method} ${req.originalUrl.split("?")[0] ?? ""}`);
  });
  app.use(uiRouter(deps.webRoot));
  app.use(errorHandler);
  return app;
}

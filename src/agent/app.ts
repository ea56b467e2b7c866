import express from "express";
import type { ErrorRequestHandler, Express } from "express";
import { JSONRPC_PATH, REST_PATH, buildCard, planReply } from "./helpdesk.js";
import type { HelpdeskTiming } from "./helpdesk.js";
import type { GrpcBinding } from "./grpc/server.js";
import { cardRoutes, serveCurrentCardOnly } from "./http/card-routes.js";
import type { AgentLayout, CardServeContext, FlawDefinition, ReplyPlan } from "./types.js";
import { buildV03 } from "./v03/app.js";
import { buildV10 } from "./v10/app.js";
import type { WorkRegistry } from "./work-registry.js";

export interface AppSettings {
  layout: AgentLayout;
  flaw: FlawDefinition | undefined;
  timing: HelpdeskTiming;
  slowCardMs: number;
  work: WorkRegistry;
  signal: AbortSignal;
}

/** Last resort: never leak a stack trace, and keep client mistakes out of 5xx. */
const quietErrors: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  const status = (err as { status?: unknown }).status;
  const code = typeof status === "number" && status >= 400 && status < 500 ? status : 500;
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(code).json({ error: code === 500 ? "Internal error." : "Bad request." });
};

/** The HTTP app and the gRPC service of one agent, both over one request handler and task store. */
export interface AgentBindings {
  app: Express;
  grpc: GrpcBinding;
}

/** The Express app of one reference agent (card routes plus the HTTP bindings) and its gRPC service. */
export function buildApp(settings: AppSettings): AgentBindings {
  const { layout, flaw, timing, work } = settings;
  const baseCard = buildCard(layout);
  const servedCard = flaw?.mutateCard ? flaw.mutateCard(structuredClone(baseCard), layout) : baseCard;
  const cardContext: CardServeContext = {
    layout,
    body: JSON.stringify(servedCard),
    signal: settings.signal,
    slowCardMs: settings.slowCardMs,
  };
  const planner = (text: string, resuming: boolean): ReplyPlan => {
    const plan = planReply(text, resuming, timing);
    return flaw?.plan ? flaw.plan(plan) : plan;
  };
  // The SDK always gets the correct card: flaws change only what clients see.
  const build = layout.protocol === "0.3" ? buildV03 : buildV10;
  const routers = build(baseCard, planner, work, flaw?.rpc);
  const mounted = express.Router();
  mounted.use(cardRoutes(flaw?.cardResponder ?? serveCurrentCardOnly, () => cardContext));
  mounted.use(JSONRPC_PATH, routers.jsonrpc);
  mounted.use(REST_PATH, routers.rest);
  const app = express();
  app.disable("x-powered-by");
  app.use(layout.mountPath || "/", mounted);
  app.use(quietErrors);
  return { app, grpc: routers.grpc };
}

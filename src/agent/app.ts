import { restMessageGuard } from "./http/rest-message-guard.js";
import express from "express";
import type { ErrorRequestHandler, Express } from "express";
import { bearerGuard, bindingGuards, withBearerScheme } from "./auth.js";
import type { AgentAuth } from "./auth.js";
import { extensionGuards, withRequiredExtension, type RequiredExtension } from "./required-extension.js";
import { JSONRPC_PATH, REST_PATH, buildCard, planReply } from "./helpdesk.js";
import type { HelpdeskTiming } from "./helpdesk.js";
import type { GrpcBinding } from "./grpc/server.js";
import { tapJsonReplies } from "./http/reply-tap.js";
import { CARD_LOCATIONS, cardRoutes, serveCurrentCardOnly } from "./http/card-routes.js";
import { createCardSigner, JWKS_PATH } from "./card-signing.js";
import type { AgentLayout, CardServeContext, FlawDefinition, ReplyPlan, RpcHook } from "./types.js";
import { buildV03 } from "./v03/app.js";
import { createSafetyLayer } from "./vuln/index.js";
import type { VulnMode } from "./vuln/modes.js";
import { buildV10 } from "./v10/app.js";
import { extendedCardOf, withExtendedCardClaim } from "./extended-card.js";
import type { WorkRegistry } from "./work-registry.js";
import { grpcWithCaller, rememberCaller } from "./caller.js";
import { TaskScope } from "./task-scope.js";
import { CountingTaskIds } from "./vuln/counting-ids.js";

export interface AppSettings {
  layout: AgentLayout;
  flaw: FlawDefinition | undefined;
  timing: HelpdeskTiming;
  slowCardMs: number;
  work: WorkRegistry;
  signal: AbortSignal;
  /** Set when the agent requires a bearer token (ReferenceAgentOptions.bearerToken or an auth flaw). */
  auth?: AgentAuth;
  /** Set when the card marks an extension required (ReferenceAgentOptions.requiredExtension or its flaw). */
  requiredExtension?: RequiredExtension;
  /** Default true. */
  pushNotifications?: boolean;
  /** Red-team weaknesses (`agent --vuln`); none: the hardened default. */
  vuln?: ReadonlySet<VulnMode>;
  /** Default true: the served card is signed and the JWKS served (A2A 1.0.1 §8.4). */
  signCard?: boolean;
  /** Claim and serve an extended card (1.0, behind `auth`; see resolveExtendedCard). */
  extendedCard?: boolean;
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

/** The safety layer's hook first (it may refuse), then the flaw's. */
function composeHooks(first: RpcHook | undefined, second: RpcHook | undefined): RpcHook | undefined {
  if (!first || !second) return first ?? second;
  return async (call, res, kit) => (await first(call, res, kit)) || second(call, res, kit);
}

/** The HTTP app and the gRPC service of one agent, both over one request handler and task store. */
export interface AgentBindings {
  app: Express;
  grpc: GrpcBinding;
}

/** The Express app of one reference agent (card routes plus the HTTP bindings) and its gRPC service. */
export function buildApp(settings: AppSettings): AgentBindings {
  const { layout, flaw, timing, work } = settings;
  const { auth, requiredExtension } = settings;
  const builtCard = buildCard(layout, settings.pushNotifications);
  const plainCard = settings.extendedCard ? withExtendedCardClaim(builtCard) : builtCard;
  const securedCard = auth?.declare ? withBearerScheme(plainCard, layout.protocol) : plainCard;
  // The SDK gets the card without the required extension: the guards enforce it alike on every binding and
  // protocol (SDK 1.3.0 would refuse 1.0 sends only, 0.3.14 nothing), and a flaw can switch them off.
  const baseCard = requiredExtension ? withRequiredExtension(securedCard, requiredExtension) : securedCard;
  const extension = requiredExtension?.enforce
    ? extensionGuards(requiredExtension, layout.protocol)
    : undefined;
  const mutatedCard = flaw?.mutateCard ? flaw.mutateCard(structuredClone(baseCard), layout) : baseCard;
  // Signed last, so a card flaw breaks only what it means to, never the signature too.
  const signer =
    settings.signCard !== false || flaw?.cardSignature
      ? createCardSigner(layout, flaw?.cardSignature)
      : undefined;
  const servedCard = signer ? signer.sign(mutatedCard) : mutatedCard;
  const cardContext: CardServeContext = {
    layout,
    body: JSON.stringify(servedCard),
    signal: settings.signal,
    slowCardMs: settings.slowCardMs,
  };
  const helpdesk = (text: string, resuming: boolean): ReplyPlan => {
    const plan = planReply(text, resuming, timing);
    return flaw?.plan ? flaw.plan(plan) : plan;
  };
  const safety = createSafetyLayer(settings.vuln ?? new Set());
  const planner = safety.planner(helpdesk);
  const rpcHook = composeHooks(composeHooks(extension?.rpcHook, safety.rpcHook), flaw?.rpc);
  // The SDK always gets the correct card: flaws change only what clients see.
  const build = layout.protocol === "0.3" ? buildV03 : buildV10;
  // Each caller sees its own tasks on every binding; the red-team shared-tasks mode lets anyone see any,
  // and counting-ids does too, trusting ids it numbers in sequence to stay secret.
  const unscoped = ["shared-tasks", "counting-ids"] as const;
  const scope = new TaskScope(unscoped.some((m) => settings.vuln?.has(m)));
  const taskIds = settings.vuln?.has("counting-ids") ? new CountingTaskIds() : undefined;
  const routers = build(securedCard, planner, work, rpcHook, {
    ...(flaw?.push ? { push: flaw.push } : {}),
    ...(flaw?.separateRestStore ? { separateRestStore: true } : {}),
    ...(flaw?.answersNotifications ? { answersNotifications: true } : {}),
    ...(flaw?.scopeDefect ? { scopeDefect: flaw.scopeDefect } : {}),
    ...(taskIds ? { taskIds } : {}),
    // The extended card a client swaps in for the public one (§3.1.11) keeps its required extension.
    ...(settings.extendedCard ? { extendedCard: extendedCardOf(baseCard) } : {}),
    scope,
  });
  const mounted = express.Router();
  // A2A: the public card needs no credentials; only the card-behind-auth flaw guards it.
  if (auth?.protectCard)
    for (const path of Object.values(CARD_LOCATIONS)) mounted.use(path, bearerGuard(auth));
  mounted.use(cardRoutes(flaw?.cardResponder ?? serveCurrentCardOnly, () => cardContext));
  if (signer) mounted.get(JWKS_PATH, (_req, res) => res.type("application/jwk-set+json").json(signer.jwks()));
  const guards = bindingGuards(auth);
  const tap = flaw?.rpcReply ? [tapJsonReplies(flaw.rpcReply)] : [];
  mounted.use(JSONRPC_PATH, ...guards.jsonrpc, ...tap, rememberCaller, routers.jsonrpc);
  const restTap = flaw?.restReply ? [tapJsonReplies(flaw.restReply)] : [];
  const restExtension = extension ? [extension.rest] : [];
  mounted.use(
    REST_PATH,
    ...guards.rest,
    ...restExtension,
    ...restTap,
    rememberCaller,
    restMessageGuard(layout.protocol),
    routers.rest,
  );
  const app = express();
  app.disable("x-powered-by");
  app.use(layout.mountPath || "/", mounted);
  app.use(quietErrors);
  const flawed = flaw?.grpc ? flaw.grpc(routers.grpc) : routers.grpc;
  const grpc = grpcWithCaller(extension ? extension.grpc(flawed) : flawed);
  return { app, grpc: guards.grpc(grpc) };
}

import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { buildApp } from "./app.js";
import { resolveAuth } from "./auth.js";
import { resolveFlaw } from "./flaws/index.js";
import { closeGrpc, listenGrpc } from "./grpc/server.js";
import { grpcInterfaceUrl } from "./helpdesk.js";
import { CARD_LOCATIONS } from "./http/card-routes.js";
import type { AgentAuth } from "./auth.js";
import { resolveRequiredExtension, type RequiredExtension } from "./required-extension.js";
import { resolveExtendedCard } from "./extended-card.js";
import type {
  AgentLayout,
  AgentProtocol,
  FlawDefinition,
  ReferenceAgentOptions,
  RunningAgent,
} from "./types.js";
import { WorkRegistry } from "./work-registry.js";
import { parseVulnModes } from "./vuln/modes.js";

export { listFlaws } from "./flaws/index.js";
export { listVulnModes, SYSTEM_PROMPT_CANARY } from "./vuln/index.js";
export type { VulnModeInfo } from "./vuln/index.js";
export type { AgentProtocol, FlawInfo, ReferenceAgentOptions, RunningAgent } from "./types.js";

const PROTOCOLS: readonly AgentProtocol[] = ["0.3", "1.0"];

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

/** The bearer settings and, behind them, the extended card (which needs them, A2A 1.0.1 §13.3). */
function accessSettings(
  opts: ReferenceAgentOptions,
  flaw: FlawDefinition | undefined,
  protocol: AgentProtocol,
): { auth?: AgentAuth; extendedCard?: true } {
  const auth = resolveAuth(opts.bearerToken, flaw);
  const extendedCard = resolveExtendedCard(opts.extendedCard, flaw, auth, protocol);
  return { ...(auth ? { auth } : {}), ...(extendedCard ? { extendedCard } : {}) };
}

function withRequiredExtension(
  option: boolean | undefined,
  flaw: FlawDefinition | undefined,
): { requiredExtension?: RequiredExtension } {
  const requiredExtension = resolveRequiredExtension(option, flaw);
  return requiredExtension ? { requiredExtension } : {};
}

/** Starts the Plainwright Helpdesk reference agent, optionally with one injected flaw. */
export async function startReferenceAgent(opts: ReferenceAgentOptions = {}): Promise<RunningAgent> {
  const protocol = opts.protocol ?? "1.0";
  if (!PROTOCOLS.includes(protocol))
    throw new Error(`Unknown protocol "${String(protocol)}"; use "0.3" or "1.0".`);
  const flaw = resolveFlaw(opts.flaw, protocol);
  // Settings that cannot be honoured are refused before any port is taken.
  const access = accessSettings(opts, flaw, protocol);
  const vuln = parseVulnModes(opts.vuln);
  const host = opts.host ?? "127.0.0.1";
  const server = createServer();
  await listen(server, opts.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  // The gRPC port is bound before the card is built, because the card advertises it.
  const grpc = await listenGrpc(host);
  const grpcAuthority = `${urlHost(host)}:${grpc.port}`;
  const origin = `http://${urlHost(host)}:${port}`;
  const mountPath = flaw?.mountPath ?? "";
  const layout: AgentLayout = { protocol, origin, mountPath, base: origin + mountPath, port, grpcAuthority };
  const shutdown = new AbortController();
  const work = new WorkRegistry();
  const bindings = buildApp({
    layout,
    flaw,
    timing: { workMs: opts.workMs ?? 50, slowTaskMs: opts.slowTaskMs ?? 5000 },
    slowCardMs: opts.slowCardMs ?? 25_000,
    work,
    signal: shutdown.signal,
    ...access,
    ...withRequiredExtension(opts.requiredExtension, flaw),
    ...(opts.pushNotifications === false ? { pushNotifications: false } : {}),
    ...(opts.signCard === false ? { signCard: false } : {}),
    vuln,
  });
  const grpcUrl = grpcInterfaceUrl(layout);
  server.on("request", bindings.app);
  grpc.server.addService(bindings.grpc.service, bindings.grpc.implementation);
  const close = async (): Promise<void> => {
    shutdown.abort();
    work.closeAll();
    const http = new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await Promise.all([http, closeGrpc(grpc.server)]);
  };
  return {
    url: origin,
    cardUrl: `${layout.base}${CARD_LOCATIONS[flaw?.cardLocation ?? "agent-card.json"]}`,
    protocol,
    ...(grpcUrl ? { grpcUrl } : {}),
    ...(flaw ? { flaw: flaw.name } : {}),
    ...(vuln.size > 0 ? { vuln: [...vuln] } : {}),
    close,
  };
}

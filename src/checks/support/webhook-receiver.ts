import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { classifyAddress, type OutboundPolicy } from "../../net/outbound-policy.js";
import type { TrafficLog } from "../../net/traffic.js";

/** A webhook URL no agent can deliver to (.invalid, RFC 6761 §6.4): for configs that must be refused or only stored. */
export const DEAD_WEBHOOK = "https://webhook.plainwright.invalid/a2a";

/** One callback the agent made to the receiver. */
export interface Delivery {
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
  /** The traffic entry recording it (evidence). */
  trafficId: string;
}

/** A webhook endpoint on 127.0.0.1 that records every POST it gets; close it when done. */
export interface WebhookReceiver {
  url: string;
  deliveries: readonly Delivery[];
  /** Resolves with the first delivery that matches, or undefined at the deadline (epoch ms). */
  waitFor(matches: (d: Delivery) => boolean, deadline: number): Promise<Delivery | undefined>;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

function flatHeaders(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [
      k.toLowerCase(),
      Array.isArray(v) ? v.join(", ") : (v ?? ""),
    ]),
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      if (body.length < MAX_BODY) body += chunk.toString("utf8");
    });
    req.on("end", () => resolve(body.slice(0, MAX_BODY)));
    req.on("error", () => resolve(body));
  });
}

/** Whether the run may invite an agent to call back a loopback address (docs/architecture.md, outbound safety policy). */
export function loopbackCallbacksAllowed(policy: OutboundPolicy): boolean {
  return (
    policy.allowLoopback || policy.allowHosts.some((h) => h === "127.0.0.1" || h.startsWith("127.0.0.1:"))
  );
}

/** Whether a URL's host is this machine, so an agent there can reach a receiver on 127.0.0.1. */
export function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url.includes("://") ? url : `http://${url}`).hostname;
    return host === "localhost" || classifyAddress(host) === "loopback";
  } catch {
    return false;
  }
}

/** Starts a receiver on 127.0.0.1 (any free port) that logs each callback into the run's traffic. */
export async function startWebhookReceiver(traffic: TrafficLog): Promise<WebhookReceiver> {
  const path = `/plainwright-webhook/${randomUUID()}`;
  const deliveries: Delivery[] = [];
  const waiters = new Set<() => void>();
  let origin = "http://127.0.0.1";
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const headers = flatHeaders(req);
      const handle = traffic.start({
        method: req.method ?? "POST",
        url: `${origin}${req.url ?? ""}`,
        headers,
        body,
        label: "webhook (received)",
      });
      // A2A 1.0 §4.3.3: the receiver answers 2xx.
      res.statusCode = 200;
      res.end();
      handle.response(200, {});
      handle.end();
      deliveries.push({ headers, body, trafficId: handle.id });
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const waitFor = async (matches: (d: Delivery) => boolean, deadline: number) => {
    for (;;) {
      const found = deliveries.find(matches);
      const left = deadline - Date.now();
      if (found || left <= 0) return found;
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  };
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `${origin}${path}`, deliveries, waitFor, close };
}

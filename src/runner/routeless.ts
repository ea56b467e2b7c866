import { describeFailure } from "../client/describe-failure.js";
import { jsonRpcCodes } from "../protocol/error-codes.js";
import type { RoutelessInterface } from "../checks/types.js";
import type { ConnectedSide } from "./connect-sides.js";
import type { TransportTarget } from "./connect.js";

// A2A 0.3 §5.6.2: each interface "MUST accurately declare the transport protocol available at its specified
// URL". An interface whose every route is missing serves nothing of its binding: every check run over it
// would fail for that one reason, so it is left out and card.interfaces reports it, once.

/** A status that says the route does not exist, from an answer that names no A2A error. */
const MISSING_ROUTE = new Set([404, 405]);

/**
 * Why the run's message over a target met a missing route, or undefined when it met anything else: a 404 or
 * 405 naming no A2A error (a framework's page), or naming MethodNotFound (-32601: "the method does not exist").
 */
async function messageMeetsNoRoute(target: TransportTarget, message: string): Promise<string | undefined> {
  const sent = await target.client.send({ text: message });
  if (sent.ok || sent.kind !== "error") return undefined;
  const { code, httpStatus } = sent.error;
  if (code !== 0 && code !== jsonRpcCodes.methodNotFound) return undefined;
  return MISSING_ROUTE.has(httpStatus ?? 0) ? describeFailure(sent) : undefined;
}

/**
 * Each side without its interfaces that serve none of their routes, where another interface of the side
 * answers: the version probes met only missing routes there (negotiation's routesMissing), and so does the
 * run's message. Warns of each one left out.
 */
export async function withoutRoutelessInterfaces(
  connected: readonly ConnectedSide[],
  message: string,
  warnings: string[],
): Promise<{ connected: ConnectedSide[]; routeless: RoutelessInterface[] }> {
  const routeless: RoutelessInterface[] = [];
  const kept: ConnectedSide[] = [];
  for (const side of connected) {
    const answering = side.targets.some((t) => !t.negotiation.routesMissing);
    const left: TransportTarget[] = [];
    for (const target of side.targets) {
      const answer =
        answering && target.negotiation.routesMissing
          ? await messageMeetsNoRoute(target, message)
          : undefined;
      if (answer === undefined) {
        left.push(target);
        continue;
      }
      target.client.close();
      routeless.push({ transport: target.transport, url: target.endpoint.url, answer });
      warnings.push(
        `${target.transport}: the card's interface at ${target.endpoint.url} serves none of its routes (the version probes and a message met ${answer}); it is left out of the run, card.interfaces reports it`,
      );
    }
    kept.push({ ...side, targets: left });
  }
  return { connected: kept, routeless };
}

import { errorCalled } from "../../client/describe-failure.js";
import type { CallOutcome, PushConfig } from "../../client/types.js";
import type { Message, Task } from "../../protocol/model.js";
import type { CheckContext } from "../types.js";

type Refusal = Extract<CallOutcome<unknown>, { kind: "error" }>;

/** Whether the agent refused a call as invalid params: JSON-RPC -32602, HTTP 400, gRPC INVALID_ARGUMENT. */
export function refusedAsInvalid(outcome: CallOutcome<unknown>): outcome is Refusal {
  if (outcome.ok || outcome.kind !== "error") return false;
  const { code, httpStatus, grpcStatus } = outcome.error;
  return code === -32602 || httpStatus === 400 || grpcStatus === "INVALID_ARGUMENT";
}

/** A refusal as invalid params in the agent's own words, for a finding's message. */
export const agentSaid = (refusal: Refusal): string =>
  `${errorCalled(refusal.error)} "${refusal.error.message}"`;

/**
 * Sends the run's message with a push config in the send itself (0.x configuration.pushNotificationConfig,
 * 1.0 taskPushNotificationConfig) and returnImmediately, so the new task has the config from its start: the
 * request push.delivery falls back to, and push.config-replies-schema-valid reads a config of.
 */
export function sendCarryingPushConfig(
  ctx: CheckContext,
  pushConfig: PushConfig,
): Promise<CallOutcome<Task | Message>> {
  return ctx.client.send({ text: ctx.fixtures.message }, { returnImmediately: true, pushConfig });
}

/** Where each generation defines a push config's authentication info, which a client may give. */
function authenticationClause(ctx: CheckContext): string {
  return ctx.generation === "1.0"
    ? "A2A 1.0.1 §4.3.1-§4.3.2 (PushNotificationConfig.authentication, AuthenticationInfo)"
    : `A2A ${ctx.generation} §6.8-§6.9 (PushNotificationConfig.authentication, PushNotificationAuthenticationInfo)`;
}

/** A push config the agent was offered, and what became of it. */
export interface Offered<T> {
  /** The outcome of the last try. */
  outcome: CallOutcome<T>;
  /** The authentication of the config the last try carried; undefined when it carried none. */
  authentication?: NonNullable<PushConfig["authentication"]>;
  /**
   * Set when the agent refused the config with authentication and a config without it was tried: what that
   * showed, the authentication info blamed only when the config without it was taken.
   */
  note?: string;
  trafficIds: string[];
}

/**
 * Offers a push config with `authentication`, then, when the agent refuses that as invalid params, once
 * more without it (url and token only): an agent whose own schema reads `authentication` otherwise (seen at
 * first sight: a security-scheme object) still delivers a config it takes, and the delivery is judged.
 * The refusal is said, not failed here: the authentication info is a valid part of a push config. Only a
 * config taken without it shows the authentication info was what the agent refused; refused again, the
 * config itself was (seen at first sight: an http:// webhook refused as "not a safe HTTPS destination",
 * which an earlier wording blamed on the authentication info).
 */
export async function offerPushConfig<T>(
  ctx: CheckContext,
  authentication: NonNullable<PushConfig["authentication"]>,
  offer: (authentication?: PushConfig["authentication"]) => Promise<CallOutcome<T>>,
): Promise<Offered<T>> {
  const first = await offer(authentication);
  if (!refusedAsInvalid(first)) return { outcome: first, authentication, trafficIds: first.trafficIds };
  const second = await offer(undefined);
  const trafficIds = [...first.trafficIds, ...second.trafficIds];
  if (second.ok) {
    const note = `the agent refused the push config with authentication info as invalid params, ${agentSaid(first)}, though ${authenticationClause(ctx)} makes it part of a valid config; the same config with only url and token, which it took, was judged`;
    return { outcome: second, note, trafficIds };
  }
  // The skip that follows quotes the second refusal; the first is quoted here only when it said otherwise.
  const sameWords = refusedAsInvalid(second) && second.error.message === first.error.message;
  const note = `the config was refused with its authentication info too${sameWords ? "" : `, the agent saying ${agentSaid(first)}`}, so that info is not what the agent refused`;
  return { outcome: second, note, trafficIds };
}

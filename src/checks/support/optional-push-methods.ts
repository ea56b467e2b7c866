import type { CallOutcome } from "../../client/types.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";
import type { CheckContext } from "../types.js";

/**
 * Whether a 0.x agent answered a push config method with MethodNotFound: A2A 0.3 §11.1.3 lists every
 * tasks/pushNotificationConfig method among those a server MAY implement, even with pushNotifications
 * claimed (list and delete are served by agents that set and get, or not at all). 1.0.1 makes them part
 * of the push capability, so there MethodNotFound is a failure.
 */
export function optionalMethodUnserved(ctx: CheckContext, outcome: CallOutcome<unknown>): boolean {
  return (
    ctx.generation !== "1.0" &&
    !outcome.ok &&
    outcome.kind === "error" &&
    outcome.error.code === jsonRpcCodes.methodNotFound
  );
}

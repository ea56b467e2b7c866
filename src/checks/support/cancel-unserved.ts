import { errorCalled } from "../../client/describe-failure.js";
import type { CallOutcome } from "../../client/types.js";
import { jsonRpcCodes } from "../../protocol/error-codes.js";
import { notSupported } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/**
 * A cancel answered MethodNotFound on A2A 0.1 or 0.2: both define tasks/cancel ("cancellation might not be
 * supported", §7.4) but no clause makes a server serve it (0.3 §11.1.2 first does), and -32601 is JSON-RPC's
 * word for a method "not available" (JSON-RPC 2.0 §5.1). A note, not a wrong code (seen at first sight: two
 * SHOULD failures for one method left out). Undefined otherwise.
 */
export function cancelUnserved0x(ctx: CheckContext, outcome: CallOutcome<unknown>): CheckVerdict | undefined {
  if (ctx.generation !== "0.1" && ctx.generation !== "0.2") return undefined;
  if (outcome.ok || outcome.kind !== "error" || outcome.error.code !== jsonRpcCodes.methodNotFound)
    return undefined;
  return notSupported(
    `tasks/cancel is not served (${errorCalled(outcome.error)}): A2A ${ctx.generation} defines the method but requires no server to serve it`,
    outcome.trafficIds,
  );
}

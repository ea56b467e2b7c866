import { randomUUID } from "node:crypto";
import { createClient } from "../../client/create-client.js";
import type { CallOutcome } from "../../client/types.js";
import type { CheckContext } from "../types.js";

/**
 * GetTask of an id that cannot exist, sent with `A2A-Version: version` (the empty value too), or with no
 * A2A-Version at all (`version` undefined: as a 0.3 client sends it), over the check's binding, whatever the
 * run's own client sends: the probe of the version checks (1.0.1 §3.6.2).
 */
export async function getMissingTaskAs(
  ctx: CheckContext,
  version: string | undefined,
): Promise<CallOutcome<unknown>> {
  const { "A2A-Version": _run, ...others } = ctx.clientContext.headers;
  const headers = version === undefined ? others : { ...others, "A2A-Version": version };
  const target =
    version === undefined ? { ...ctx.client.target, withoutVersionHeader: true as const } : ctx.client.target;
  const client = createClient(target, { ...ctx.clientContext, headers });
  try {
    return await client.getTask(`plainwright-missing-${randomUUID()}`);
  } finally {
    client.close();
  }
}

import { randomUUID } from "node:crypto";
import { createClient } from "../../client/create-client.js";
import type { CallOutcome } from "../../client/types.js";
import type { CheckContext } from "../types.js";

/**
 * GetTask of an id that cannot exist, sent with `A2A-Version: version` (the empty value too) over the check's
 * binding, whatever the run's own client sends: the probe of the version checks (1.0.1 §3.6.2).
 */
export async function getMissingTaskAs(ctx: CheckContext, version: string): Promise<CallOutcome<unknown>> {
  const headers = { ...ctx.clientContext.headers, "A2A-Version": version };
  const client = createClient(ctx.client.target, { ...ctx.clientContext, headers });
  try {
    return await client.getTask(`plainwright-missing-${randomUUID()}`);
  } finally {
    client.close();
  }
}

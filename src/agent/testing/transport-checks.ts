import { expect } from "vitest";
import { jsonrpc, type FlawCheck } from "./flaw-probe.js";
import { rpc } from "./http-client.js";
import { PUSH_METHODS, pushParams, sentTaskId } from "./push-checks.js";

type Json = Record<string, unknown>;

/** Multi-transport flaw checks: each passes on its flaw and throws on the flawless agent. */
export const TRANSPORT_CHECKS: Record<string, FlawCheck> = {
  "separate-task-stores": async (probe) => {
    const id = await sentTaskId(probe);
    const path = probe.dialect.protocol === "0.3" ? `v1/tasks/${id}` : `tasks/${id}`;
    const response = await fetch(`${probe.agent.url}/a2a/rest/${path}`, { headers: probe.dialect.headers });
    expect(response.status).toBe(404);
  },
  "inconsistent-push-errors": async (probe) => {
    const methods = PUSH_METHODS[probe.dialect.protocol];
    const got = await rpc(
      jsonrpc(probe),
      methods.get,
      pushParams(probe, "no-such-task").get,
      probe.dialect.headers,
    );
    expect((got.body.error as Json | undefined)?.code).toBe(-32602);
  },
};

import type { Planner, ReplyPlan, RpcHook } from "../types.js";
import { currentCaller } from "../caller.js";
import { loopbackUrls } from "./intents.js";
import { VulnMemory } from "./memory.js";
import type { VulnMode } from "./modes.js";
import { ContextOwnership } from "./ownership.js";
import { safetyReply } from "./respond.js";

export { listVulnModes } from "./modes.js";
export type { VulnMode, VulnModeInfo } from "./modes.js";
export { SYSTEM_PROMPT_CANARY } from "./system-prompt.js";

/** The red-team side of the reference agent: hardened by default, weakened by each --vuln mode. */
export interface SafetyLayer {
  /** Wraps the helpdesk planner: attack-shaped messages get the safety layer's answer. */
  planner(inner: Planner): Planner;
  /** Refuses a message into another caller's context on JSON-RPC (off under shared-tasks). */
  rpcHook?: RpcHook;
}

/** Fetches a loopback URL once, ignoring the answer: the over-agency mode's "tool call". */
function fetchLoopback(url: string): void {
  if (loopbackUrls(url).length === 0) return;
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.body?.cancel(),
    () => undefined,
  );
}

export function createSafetyLayer(modes: ReadonlySet<VulnMode>): SafetyLayer {
  const memory = new VulnMemory();
  const unscoped = modes.has("shared-tasks") || modes.has("counting-ids");
  const ownership = unscoped ? undefined : new ContextOwnership();
  return {
    ...(ownership ? { rpcHook: ownership.hook } : {}),
    planner: (inner) => (text, resuming, incoming) => {
      const caller = currentCaller() ?? "anonymous";
      ownership?.claim(caller, incoming.contextId);
      if (resuming) return inner(text, resuming, incoming);
      const reply = safetyReply(text, incoming, { modes, memory, caller, fetchUrl: fetchLoopback });
      if (reply === undefined) return inner(text, resuming, incoming);
      const plan: ReplyPlan = { workMs: 0, outcome: { kind: "completed", text: reply } };
      return plan;
    },
  };
}

import { confirmTargetProblem } from "../load/confirm-target.js";
import { loadBounds } from "../load/settings.js";
import type { TrafficRetention } from "../net/traffic.js";
import { connectionSettings } from "./endpoint-override.js";

/**
 * A load run keeps its first exchanges and its failures; a run of a million requests stays small. The
 * recent ring only has to hold an exchange until its probe has judged the reply (a protocol violation is
 * kept then), which happens before more than `concurrency` others can end: a ring much larger than that
 * keeps every exchange alive long enough to be copied into the old generation.
 */
export const loadRetention = { first: 20, failures: 50 } as const;

export function retentionFor(concurrency: number | undefined): TrafficRetention {
  return { ...loadRetention, recent: Math.max(64, 2 * (concurrency ?? loadBounds.concurrency.default)) };
}

/** Where the user names a target to confirm: a test file's key, or the command line's option. */
export function confirmOptionOf(request: { source?: string }): string {
  return request.source ? "config.load.confirm_target" : "--confirm-target";
}

/**
 * The confirm-target rule on the targets known before anything is sent (the agent URL and the
 * endpoint given): the problem naming the rule, or undefined. The card's endpoint is judged once read.
 */
export function confirmTargetsProblem(
  config: {
    agent_url: string;
    endpoint?: string | undefined;
    load?: { confirm_target?: string | undefined } | undefined;
  },
  option: string,
): string | undefined {
  const confirmed = config.load?.confirm_target;
  const { endpointOverride } = connectionSettings(config);
  return (
    confirmTargetProblem(config.agent_url, confirmed, "agent URL", option) ??
    (endpointOverride ? confirmTargetProblem(endpointOverride.url, confirmed, "endpoint", option) : undefined)
  );
}

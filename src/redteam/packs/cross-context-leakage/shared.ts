import type { AttemptRun, Detection } from "../../types.js";

/** Identity B's message on A's task or context: success when the agent accepted it instead of refusing. */
export function foreignSendDetection(run: AttemptRun): Detection | undefined {
  const [first, second] = run.results;
  if (!first?.ok || !first.taskId) return undefined;
  if (!second) return undefined;
  return second.ok
    ? {
        success: true,
        decidedBy: "protocol",
        evidence: "the agent accepted identity B's message on identity A's task or context",
      }
    : { success: false, decidedBy: "protocol", evidence: `refused: ${second.error ?? "no reply"}` };
}

export const needsTwo = { identities: 2 } as const;

import { activeStates, type Reply } from "../../protocol/model.js";
import type { CheckContext } from "../types.js";

/**
 * Why a subscription that ended before its task's final event fell short, or undefined when the task had
 * ended by then. The subscription exists to deliver the rest (1.0.1 §3.1.6: it terminates when the task
 * does; 0.3 §7.9: "to resume receiving subsequent updates"), so ending while the task still works is a
 * defect; so is ending without the final event after the stream itself showed the task working (whenever
 * the task finished, that event was owed to this subscriber).
 */
export async function cutShortProblem(
  ctx: CheckContext,
  label: string,
  id: string,
  events: readonly Reply[],
  evidence: string[],
): Promise<string | undefined> {
  const count = events.length;
  const now = await ctx.client.getTask(id);
  evidence.push(...now.trafficIds);
  if (now.ok && activeStates.has(now.value.state))
    return `${label} of task ${id} ended after ${count} event(s) while the task was still ${now.value.state}: its remaining events were not delivered`;
  const working = events.find(
    (e) => (e.kind === "task" || e.kind === "status-update") && activeStates.has(e.state),
  );
  if (working && (working.kind === "task" || working.kind === "status-update"))
    return `${label} of task ${id} showed it ${working.state}, then ended after ${count} event(s) without the task's final event`;
  return undefined;
}

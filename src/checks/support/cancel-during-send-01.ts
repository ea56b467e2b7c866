import { randomUUID } from "node:crypto";
import { activeStates } from "../../protocol/model.js";
import { fail, pass } from "../define.js";
import type { CheckContext, CheckVerdict } from "../types.js";

/** How often the task is read while its send is in flight. */
const POLL_MS = 100;

/**
 * A2A 0.1 lets the client name its task (0.1 §6.1), so a task can be canceled while the tasks/send that started
 * it is still waiting for the work: the work then ends, and the canceled task must not be written over by it
 * (seen at first sight: the send's completion set the canceled task completed; a stream's task stayed canceled).
 * A failure when the send's answer, or the task read after it, is no longer canceled, a pass when both say
 * canceled; undefined when there was nothing to judge (the task was never seen at work, or the cancel was
 * refused: the main check judges those).
 */
export async function cancelDuringSend01(ctx: CheckContext): Promise<CheckVerdict | undefined> {
  if (ctx.generation !== "0.1") return undefined;
  const id = `plainwright-${randomUUID()}`;
  const text = ctx.hints.slow ?? (await ctx.fixtures.runningMessages())[0] ?? ctx.fixtures.message;
  const sending = ctx.client.send({ text, taskId: id });
  const evidence: string[] = [];
  const deadline = performance.now() + ctx.timeoutMs / 3;
  let working = false;
  while (!working && performance.now() < deadline) {
    const read = await ctx.client.getTask(id);
    evidence.push(...read.trafficIds);
    if (read.ok && !activeStates.has(read.value.state)) break;
    working = read.ok;
    if (!working) await new Promise((wait) => setTimeout(wait, POLL_MS));
  }
  const canceled = working ? await ctx.client.cancelTask(id) : undefined;
  const sent = await sending;
  if (!canceled?.ok || canceled.value.state !== "canceled") return undefined;
  const after = await ctx.client.getTask(id);
  evidence.push(...canceled.trafficIds, ...sent.trafficIds, ...after.trafficIds);
  const undone: string[] = [];
  if (sent.ok && sent.value.kind === "task" && sent.value.state !== "canceled")
    undone.push(`its tasks/send then answered it ${sent.value.rawState}`);
  if (after.ok && after.value.state !== "canceled") undone.push(`it reads ${after.value.rawState} after`);
  if (undone.length === 0)
    return pass(
      `task ${id}, canceled while its tasks/send was in flight, stayed canceled after the send returned`,
      evidence,
    );
  return fail(
    `task ${id} was canceled while the tasks/send that started it was still in flight, but ${undone.join(" and ")}: a canceled task is over (0.1 §6.3: canceled is a terminal state), and the stopped work must not write it over`,
    evidence,
  );
}

import { interruptedStates } from "../../protocol/model.js";
import { replyText } from "../../protocol/reply-text.js";
import { visible } from "../../net/visible.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";
import { sendAndSettle } from "../settled-task.js";
import type { CheckContext } from "../types.js";

/** Real agents may be slow and paid: one example per skill, for this many skills at most. */
const MAX_SKILLS = 3;

/** What went wrong with one example, or undefined when it completed with a text answer. */
async function exampleProblem(ctx: CheckContext, skill: string, example: string, evidence: string[]) {
  const label = `skill ${visible(skill)} example ${visible(JSON.stringify(example), { max: 80 })}`;
  const settled = await sendAndSettle(ctx.client, { text: example }, ctx.timeoutMs);
  evidence.push(...settled.evidence);
  if (!settled.ok && settled.refusal !== undefined) return `${label} was refused: ${settled.refusal}`;
  // A task that cannot be read back has no outcome to judge here: that is lifecycle.get-task's finding.
  if (!settled.ok)
    return settled.unreadable ? { unread: `${label}: ${settled.reason}` } : `${label}: ${settled.reason}`;
  if (settled.value.kind === "message")
    return replyText(settled.value).trim()
      ? undefined
      : `${label} was answered with a Message that holds no text`;
  const task = settled.value;
  // An agent that asks back about an example has answered it (with its question).
  if (interruptedStates.has(task.state))
    return replyText(task).trim()
      ? undefined
      : `${label} left task ${task.id} ${task.rawState} without a word`;
  if (task.state !== "completed") return `${label} ended task ${task.id} ${task.rawState}`;
  return replyText(task).trim() ? undefined : `${label} completed task ${task.id} with no text in its reply`;
}

export default defineCheck({
  id: "lifecycle.skill-examples",
  title: "The examples the card gives for its skills complete, with an answer",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "The card presents examples as prompts the skill can handle (A2A 0.3 §5.5.4, 1.0 §5.7); no clause makes an agent succeed at them, but a client that sends one and gets a failed task or no text is misled by the card.",
  requirement:
    "For each of the first skills that declare examples, the first example sent as a message ends in a completed task (or a question back, input-required) whose reply carries text, or in a Message with text.",
  spec: "A2A 0.3 §5.5.4 AgentSkill.examples; 1.0 §5.7 AgentSkill.examples",
  quote: {
    spec: "A2A 0.3 §5.5.4",
    text: "examples: Example prompts or scenarios that this skill can handle. Provides a hint to the client on how to use the skill.",
  },
  recommendation:
    "Keep every skill example one the agent really handles: test each as a message, and drop or fix examples that fail or come back without text.",
  selfTest: [
    { flaw: "task-fails", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
    { flaw: "reply-no-text", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  // One binding says what the examples do; the others would only repeat paid, slow work.
  scope: "agent",
  run: async (ctx) => {
    const tried = ctx.validation.card.skills
      .map((s) => ({ skill: s.id, example: s.examples.find((e) => e.trim() !== "") }))
      .filter((t): t is { skill: string; example: string } => t.example !== undefined)
      .slice(0, MAX_SKILLS);
    if (tried.length === 0) return notApplicable("the card gives no skill examples");
    const evidence: string[] = [];
    const problems: string[] = [];
    const unread: string[] = [];
    for (const t of tried) {
      const problem = await exampleProblem(ctx, t.skill, t.example, evidence);
      if (typeof problem === "string") problems.push(problem);
      else if (problem) unread.push(problem.unread);
    }
    if (problems.length) return fail(problems.join("; "), evidence);
    if (unread.length === tried.length)
      return skip(`${unread.join("; ")}: reading a task back is lifecycle.get-task's to judge`);
    const judged = tried.length - unread.length;
    return pass(`the first example of ${judged} skill(s) completed with a text answer`, evidence);
  },
});

import type { Script, ScriptedCall, ScriptedReply } from "../../llm/testing/scripted-model.js";
import type { JudgeReply } from "../judge.js";
import { criterionKey } from "../prompts.js";
import type { UserReply } from "../simulated-user.js";
import type { VerdictValue } from "../../model/conversation.js";

/** The turn the simulated user is asked to write ("turn N of at most M"). */
export function turnOf(call: ScriptedCall): number {
  return Number(/message for turn (\d+) of/.exec(call.prompt)?.[1] ?? 0);
}

/** The criteria in a judge prompt, in order. */
export function criteriaOf(call: ScriptedCall): string[] {
  return [...call.prompt.matchAll(/^criterion_\d+: (.*)$/gm)].map((m) => m[1] ?? "");
}

/** The simulated user sends `messages[turn]`, and says it is done on a turn with no message. */
export function userSays(messages: Record<number, string>, reason = "the goal is reached") {
  return (turn: number): UserReply => {
    const message = messages[turn];
    return message === undefined
      ? { message: "", done: true, reason }
      : { message, done: false, reason: "continue" };
  };
}

/** The agent's words at a turn, read back from the judge prompt. */
function agentWords(call: ScriptedCall, turn: number): string {
  const line = new RegExp(`^Turn ${turn}, agent[^:]*: "(.*)"$`, "m").exec(call.prompt);
  return (line?.[1] ?? "").split(" ").slice(0, 4).join(" ");
}

/**
 * A judge that gives `verdicts[i]` to criterion i+1 (the last value repeats), quoting the agent's turn 1;
 * `key` files them under other names (a judge that numbers criteria its own way).
 */
export function judgeSays(
  verdicts: VerdictValue | VerdictValue[],
  key: (index: number) => string = criterionKey,
) {
  return (call: ScriptedCall): JudgeReply => {
    const list = Array.isArray(verdicts) ? verdicts : [verdicts];
    return {
      verdicts: Object.fromEntries(
        criteriaOf(call).map((criterion, i) => [
          key(i),
          {
            reasoning: `Scripted reasoning for "${criterion}".`,
            evidence: [{ turn: 1, quote: agentWords(call, 1) }],
            verdict: list[Math.min(i, list.length - 1)] ?? "passed",
          },
        ]),
      ),
    };
  };
}

export interface ConversationScript {
  user: (turn: number, call: ScriptedCall) => UserReply;
  judge: (call: ScriptedCall) => JudgeReply;
}

/** A model script playing both roles, told apart by their system prompts. */
export function conversationScript(script: ConversationScript): Script {
  return (call): ScriptedReply => {
    if (call.role === "user") return { json: script.user(turnOf(call), call) };
    if (call.role === "judge") return { json: script.judge(call) };
    return { text: "I only play conversation tests." };
  };
}

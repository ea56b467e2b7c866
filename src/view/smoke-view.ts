import type { SmokeSection } from "../model/result.js";
import { smokeSentText } from "./run-view.js";

/** The smoke check as every reader shows it (docs/test-files.md, "How an A2A test runs", step 4). */
export interface SmokeView {
  /** The method the message went over (`message/send`, `SendMessage`…). */
  method: string;
  /** The text of the message sent. */
  sent: string;
  /** What came back: `task completed after 2 polls`, `message`, `no reply`. */
  reply: string;
  /** The task state of the reply, when it was a task. */
  state?: string;
  passed: boolean;
  /** `valid reply`, or why the reply failed. */
  verdict: string;
  /** The reply's text; empty when it had none. */
  text: string;
}

/** The smoke section's model: the message sent, the reply, the verdict. */
export function smokeViewOf(smoke: SmokeSection): SmokeView {
  const what =
    smoke.reply_kind === "task" ? `task ${smoke.task_state ?? "?"}` : (smoke.reply_kind ?? "no reply");
  const polls = smoke.polls > 0 ? ` after ${smoke.polls} poll${smoke.polls === 1 ? "" : "s"}` : "";
  return {
    method: smoke.request.method,
    sent: smokeSentText(smoke.request.params),
    reply: `${what}${polls}`,
    ...(smoke.task_state ? { state: smoke.task_state } : {}),
    passed: smoke.passed,
    verdict: smoke.passed ? "valid reply" : (smoke.reason ?? "failed"),
    text: smoke.text,
  };
}

/** The labels of the smoke facts, in the order they are shown. */
export const smokeLabels = { sent: "Sent", reply: "Reply", verdict: "Verdict" } as const;

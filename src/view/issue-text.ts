import type { CardIssue } from "../model/result.js";

/** One line for a card issue; messages that already start with their path are not prefixed twice. */
export function issueText(issue: CardIssue): string {
  return issue.message.startsWith(issue.path) ? issue.message : `${issue.path}: ${issue.message}`;
}

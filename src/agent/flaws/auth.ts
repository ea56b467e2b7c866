import type { AgentProtocol, FlawDefinition } from "../types.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

/**
 * Bearer-token flaws: not enforced, any token, no challenge, a protected card, an extended card let out
 * without the token, an undeclared scheme.
 */
export const AUTH_FLAWS: FlawDefinition[] = [
  {
    name: "auth-not-enforced",
    category: "protocol",
    protocols: BOTH,
    description: "The card requires a bearer token, but every task endpoint accepts requests without one.",
    expect:
      "auth.missing-credential-refused, auth.wrong-credential-refused and card.security-consistent fail",
    auth: { enforce: false },
  },
  {
    name: "auth-any-token",
    category: "protocol",
    protocols: BOTH,
    description: "Task endpoints refuse a missing bearer token but accept any token at all.",
    expect: "auth.wrong-credential-refused fails",
    auth: { checkToken: false },
  },
  {
    name: "auth-no-challenge",
    category: "protocol",
    protocols: BOTH,
    description: "Requests without the bearer token get 401 with no WWW-Authenticate header.",
    expect: "auth.challenge fails",
    auth: { challenge: false },
  },
  {
    name: "card-behind-auth",
    category: "card",
    protocols: BOTH,
    description: "The agent card itself requires the bearer token (401 without it).",
    expect: "card.public fails",
    auth: { protectCard: true },
  },
  {
    name: "extended-card-without-auth",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "The card claims an extended card and requires a bearer token, but GetExtendedAgentCard serves the extended card (a skill more than the public one) without it, on every binding.",
    expect: "card.extended-card-needs-auth fails",
    auth: { guardExtendedCard: false },
    extendedCard: true,
  },
  {
    name: "auth-undeclared",
    category: "protocol",
    protocols: BOTH,
    description: "Task endpoints require a bearer token that the card does not declare.",
    expect: "card.security-consistent fails",
    auth: { declare: false },
  },
];

/**
 * Task-scope flaws (A2A 1.0.1 §13.1, §3.3.2): with two callers, one operation sees past the scope or
 * tells another caller's task apart from an unknown one. Each caller is named by its credentials.
 */
export const SCOPE_FLAWS: FlawDefinition[] = [
  {
    name: "tasks-listed-to-all",
    category: "protocol",
    protocols: ["1.0"],
    description: "ListTasks lists other callers' tasks besides the caller's own.",
    expect: "auth.list-scoped fails",
    scopeDefect: "list-unscoped",
  },
  {
    name: "task-readable-by-all",
    category: "protocol",
    protocols: ["1.0"],
    description: "GetTask returns another caller's task to anyone who has its id.",
    expect: "auth.get-scoped fails",
    scopeDefect: "get-unscoped",
  },
  {
    name: "task-cancelable-by-all",
    category: "protocol",
    protocols: ["1.0"],
    description: "CancelTask acts on another caller's task instead of answering TaskNotFound.",
    expect: "auth.task-operations-scoped fails",
    scopeDefect: "cancel-unscoped",
  },
  {
    name: "foreign-task-forbidden",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "GetTask refuses another caller's task with UnsupportedOperation but an unknown id with TaskNotFound, revealing that the task exists.",
    expect: "auth.existence-hidden fails",
    scopeDefect: "foreign-task-forbidden",
  },
];

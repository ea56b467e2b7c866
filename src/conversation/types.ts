/** What a conversation test asks for, after defaults (docs/test-files.md: "They work exactly as in a conversation test"). */
export interface ConversationSpec {
  persona?: string;
  goal?: string;
  /** The criteria the judge grades; the goal stands in when none are given. */
  criteria: string[];
  opening?: string;
  maxTurns: number;
  /** Passing score (0..1) when not every criterion must be met. */
  threshold?: number;
  trials: number;
  /** Fraction of trials that must pass; 1 (every trial) by default. */
  minPassRate: number;
}

/** Defaults, documented in the README's "Conversation tests" section. */
export const conversationDefaults = {
  maxTurns: 8,
  trials: 1,
  minPassRate: 1,
  /** Trials run at the same time, at most. */
  concurrency: 3,
  /** docs/test-files.md: a submitted/working task is polled every second for up to 60 s. */
  turnBudgetMs: 60_000,
  pollIntervalMs: 1000,
  userTemperature: 0.7,
  judgeTemperature: 0,
} as const;

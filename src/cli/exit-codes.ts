/** Exit codes of docs/result-format.md (kept apart so `--version` loads nothing else). */
export const exitCodes = { passed: 0, failed: 1, error: 2, usage: 64 } as const;

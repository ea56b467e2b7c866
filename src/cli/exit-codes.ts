/** Exit codes of docs/result-format.md (kept apart so `--version` loads nothing else). */
// 130 is what a shell reports for a process ended by SIGINT (128 + 2).
export const exitCodes = { passed: 0, failed: 1, error: 2, usage: 64, interrupted: 130 } as const;

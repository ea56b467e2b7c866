import type { FlawExpectation } from "./expectations.js";

// Batch A flaws live in the JSON-RPC front of the reference agent, so their rows run over JSON-RPC only.
const jsonrpc = (
  flaw: string,
  protocol: FlawExpectation["protocol"],
  failing: string[],
): FlawExpectation => ({
  flaw,
  protocol,
  failing,
  transports: ["JSONRPC"],
});

/** Flaw expectations for check batch A (see expectations.ts). */
export const batchA: FlawExpectation[] = [
  // A canceled task read back as submitted has left canceled: cancel-running sees the stale status too.
  jsonrpc("polled-status-stale", "1.0", ["lifecycle.reaches-terminal", "lifecycle.cancel-running"]),
  jsonrpc("polled-status-stale", "0.3", ["lifecycle.reaches-terminal", "lifecycle.cancel-running"]),
  jsonrpc("history-ignored", "1.0", ["lifecycle.history-length"]),
  jsonrpc("history-ignored", "0.3", ["lifecycle.history-length-0x"]),
  jsonrpc("history-never-returned", "1.0", ["lifecycle.history-present"]),
  jsonrpc("history-never-returned", "0.3", ["lifecycle.history-present"]),
  jsonrpc("task-not-found-wrong-code", "1.0", ["lifecycle.unknown-task-not-found"]),
  jsonrpc("task-not-found-wrong-code", "0.3", ["lifecycle.unknown-task-not-found"]),
  jsonrpc("input-required-new-task", "1.0", ["lifecycle.input-required-continues"]),
  jsonrpc("input-required-new-task", "0.3", ["lifecycle.input-required-continues"]),
  jsonrpc("context-not-kept", "1.0", ["lifecycle.context-kept"]),
  jsonrpc("context-not-kept", "0.3", ["lifecycle.context-kept"]),
  jsonrpc("list-tasks-no-token", "1.0", ["lifecycle.list-tasks"]),
  jsonrpc("cancel-ignored", "1.0", ["lifecycle.cancel-running"]),
  jsonrpc("cancel-ignored", "0.3", ["lifecycle.cancel-running"]),
  jsonrpc("cancel-then-completes", "1.0", ["lifecycle.cancel-running"]),
  jsonrpc("cancel-then-completes", "0.3", ["lifecycle.cancel-running"]),
  jsonrpc("cancel-finished-succeeds", "1.0", ["lifecycle.cancel-terminal-errors"]),
  jsonrpc("cancel-finished-succeeds", "0.3", ["lifecycle.cancel-terminal-errors-0x"]),
  jsonrpc("cancel-unknown-wrong-code", "1.0", ["lifecycle.cancel-unknown-task"]),
  jsonrpc("cancel-unknown-wrong-code", "0.3", ["lifecycle.cancel-unknown-task-0x"]),
  jsonrpc("terminal-task-accepts-message", "1.0", ["lifecycle.terminal-task-rejects-message"]),
  jsonrpc("terminal-task-accepts-message", "0.3", ["lifecycle.terminal-task-rejects-message"]),
  jsonrpc("get-task-wrong-context", "1.0", ["lifecycle.get-task"]),
  jsonrpc("get-task-wrong-context", "0.3", ["lifecycle.get-task"]),
  // Without a contextId nothing can be continued or compared: every check that needs one fails too.
  jsonrpc("task-without-context", "1.0", [
    "lifecycle.send-returns-task",
    "lifecycle.server-generated-ids",
    "lifecycle.get-task",
    "lifecycle.context-kept",
  ]),
  // Every task under one id: whatever reads a task back by the id it was given fails too (0.3
  // accepts any error for a message to that id, so terminal-task-rejects-message still passes there).
  jsonrpc("duplicate-task-ids", "1.0", [
    "lifecycle.server-generated-ids",
    "lifecycle.reaches-terminal",
    "lifecycle.get-task",
    "lifecycle.input-required-continues",
    "lifecycle.list-tasks",
    "lifecycle.cancel-running",
    "lifecycle.cancel-terminal-errors",
    "lifecycle.terminal-task-rejects-message",
    // Checks of batches B and C that read a task back by its id (measured; update with those batches).
    "errors.server-survives",
    "push.config-crud",
    "streaming.subscribe-running",
    "streaming.subscribe-terminal",
  ]),
  jsonrpc("duplicate-task-ids", "0.3", [
    "lifecycle.server-generated-ids",
    "lifecycle.reaches-terminal",
    "lifecycle.get-task",
    "lifecycle.input-required-continues",
    "lifecycle.cancel-running",
    "lifecycle.cancel-terminal-errors-0x",
    "errors.server-survives",
    "push.config-crud",
    "streaming.subscribe-running",
  ]),
];

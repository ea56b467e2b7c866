import type { CheckDefinition } from "./types.js";
import lifecycleReachesTerminal from "./lifecycle/reaches-terminal.js";
import lifecycleServerGeneratedIds from "./lifecycle/server-generated-ids.js";
import lifecycleHistoryLength from "./lifecycle/history-length.js";
import lifecycleHistoryLength0x from "./lifecycle/history-length-0x.js";
import lifecycleHistoryPresent from "./lifecycle/history-present.js";
import lifecycleUnknownTaskNotFound from "./lifecycle/unknown-task-not-found.js";
import lifecycleInputRequiredContinues from "./lifecycle/input-required-continues.js";
import lifecycleContextKept from "./lifecycle/context-kept.js";
import lifecycleListTasks from "./lifecycle/list-tasks.js";
import lifecycleCancelRunning from "./lifecycle/cancel-running.js";
import lifecycleCancelTerminalErrors from "./lifecycle/cancel-terminal-errors.js";
import lifecycleCancelTerminalErrors0x from "./lifecycle/cancel-terminal-errors-0x.js";
import lifecycleCancelUnknownTask from "./lifecycle/cancel-unknown-task.js";
import lifecycleCancelUnknownTask0x from "./lifecycle/cancel-unknown-task-0x.js";
import lifecycleTerminalTaskRejectsMessage from "./lifecycle/terminal-task-rejects-message.js";

/** Checks of batch A (lifecycle, history, input-required, list, cancel), in report order (concatenated by index.ts). */
export const batchAChecks: readonly CheckDefinition[] = [
  lifecycleReachesTerminal,
  lifecycleServerGeneratedIds,
  lifecycleHistoryLength,
  lifecycleHistoryLength0x,
  lifecycleHistoryPresent,
  lifecycleUnknownTaskNotFound,
  lifecycleInputRequiredContinues,
  lifecycleContextKept,
  lifecycleListTasks,
  lifecycleCancelRunning,
  lifecycleCancelTerminalErrors,
  lifecycleCancelTerminalErrors0x,
  lifecycleCancelUnknownTask,
  lifecycleCancelUnknownTask0x,
  lifecycleTerminalTaskRejectsMessage,
];

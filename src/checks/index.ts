import type { CheckDefinition } from "./types.js";
import { batchAChecks } from "./registry-a.js";
import { batchBChecks } from "./registry-b.js";
import { batchCChecks } from "./registry-c.js";
import cardRequiredFields from "./card/required-fields.js";
import lifecycleSendReturnsTask from "./lifecycle/send-returns-task.js";
import lifecycleGetTask from "./lifecycle/get-task.js";
import errorsUnknownMethod from "./errors/unknown-method.js";
import streamingFinalEvent from "./streaming/final-event.js";

/**
 * The conformance catalogue: an explicit list, in report order. Nothing is discovered by magic and
 * nothing is registered twice (src/checks/catalogue.test.ts).
 */
export const catalogue: readonly CheckDefinition[] = [
  cardRequiredFields,
  lifecycleSendReturnsTask,
  lifecycleGetTask,
  streamingFinalEvent,
  errorsUnknownMethod,
  ...batchAChecks,
  ...batchBChecks,
  ...batchCChecks,
];

import type { CheckDefinition } from "./types.js";
import streamingContentType from "./streaming/content-type.js";
import streamingFirstEvent from "./streaming/first-event.js";
import streamingEventsWellFormed from "./streaming/events-well-formed.js";
import streamingStreamEnds from "./streaming/stream-ends.js";
import streamingSubscribeRunning from "./streaming/subscribe-running.js";
import streamingSubscribeTerminal from "./streaming/subscribe-terminal.js";
import streamingDroppedStreamTaskReadable from "./streaming/dropped-stream-task-readable.js";
import errorsInvalidRequest from "./errors/invalid-request.js";
import errorsParseError from "./errors/parse-error.js";
import errorsInvalidParams from "./errors/invalid-params.js";
import errorsErrorEnvelope from "./errors/error-envelope.js";
import errorsNoServerError from "./errors/no-server-error.js";
import errorsServerSurvives from "./errors/server-survives.js";

/** Checks of batch B, in report order (concatenated by index.ts). */
export const batchBChecks: readonly CheckDefinition[] = [
  streamingContentType,
  streamingFirstEvent,
  streamingEventsWellFormed,
  streamingStreamEnds,
  streamingSubscribeRunning,
  streamingSubscribeTerminal,
  streamingDroppedStreamTaskReadable,
  errorsInvalidRequest,
  errorsParseError,
  errorsInvalidParams,
  errorsErrorEnvelope,
  errorsNoServerError,
  errorsServerSurvives,
];

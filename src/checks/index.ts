import type { CheckDefinition } from "./types.js";
import cardRequiredFields from "./card/required-fields.js";
import cardInterfaces from "./card/interfaces.js";
import cardInterfacesComplete0x from "./card/interfaces-complete-0x.js";
import cardUrlAnswers0x from "./card/url-answers-0x.js";
import cardSkills from "./card/skills.js";
import cardCapabilities from "./card/capabilities.js";
import cardOptionalFields from "./card/optional-fields.js";
import cardModesMediaTypes from "./card/modes-media-types.js";
import cardWellKnownPath from "./card/well-known-path.js";
import cardWellKnownPath0x from "./card/well-known-path-0x.js";
import cardWellKnownUriReturnsCard from "./card/well-known-uri-returns-card.js";
import cardPublic from "./card/public.js";
import cardSecurityConsistent from "./card/security-consistent.js";
import cardSchemaValid from "./card/schema-valid.js";
import cardCacheHeaders from "./card/cache-headers.js";
import cardProtocolVersionMatchesWire from "./card/protocol-version-matches-wire.js";
import cardExtendedCard from "./card/extended-card.js";
import cardExtendedCard0x from "./card/extended-card-0x.js";
import cardExtendedCardNeedsAuth from "./card/extended-card-needs-auth.js";
import cardSignatureHeader from "./card/signature-header.js";
import cardSignatureValid from "./card/signature-valid.js";
import cardSignatureValid0x from "./card/signature-valid-0x.js";
import lifecycleSendReturnsTask from "./lifecycle/send-returns-task.js";
import lifecycleReplyWellFormed from "./lifecycle/reply-well-formed.js";
import lifecycleWireFormat from "./lifecycle/wire-format.js";
import lifecycleWireFormat0x from "./lifecycle/wire-format-0x.js";
import lifecycleTaskRepliesSchemaValid from "./lifecycle/task-replies-schema-valid.js";
import lifecycleUnknownFieldsIgnored from "./lifecycle/unknown-fields-ignored.js";
import lifecycleGetTask from "./lifecycle/get-task.js";
import lifecycleGetTask0x from "./lifecycle/get-task-0x.js";
import lifecycleTextPartRead from "./lifecycle/text-part-read.js";
import lifecycleTextPartRead0x from "./lifecycle/text-part-read-0x.js";
import lifecycleReachesTerminal from "./lifecycle/reaches-terminal.js";
import lifecycleSkillExamples from "./lifecycle/skill-examples.js";
import lifecycleExecutionMode from "./lifecycle/execution-mode.js";
import lifecycleExecutionMode0x from "./lifecycle/execution-mode-0x.js";
import lifecycleBlockingSendsSettled from "./lifecycle/blocking-sends-settled.js";
import lifecycleMessageReplyContext from "./lifecycle/message-reply-context.js";
import lifecycleServerGeneratedIds from "./lifecycle/server-generated-ids.js";
import lifecycleHistoryLength from "./lifecycle/history-length.js";
import lifecycleHistoryLength01 from "./lifecycle/history-length-01.js";
import lifecycleHistoryLength0x from "./lifecycle/history-length-0x.js";
import lifecycleHistoryLengthZero from "./lifecycle/history-length-zero.js";
import lifecycleHistoryFieldOmitted from "./lifecycle/history-field-omitted.js";
import lifecycleHistoryPresent from "./lifecycle/history-present.js";
import lifecycleHistoryOrder from "./lifecycle/history-order.js";
import lifecycleHistoryContent from "./lifecycle/history-content.js";
import lifecycleHistoryKeptAfterRead from "./lifecycle/history-kept-after-read.js";
import lifecycleOutputInArtifacts from "./lifecycle/output-in-artifacts.js";
import lifecycleArtifactsKept from "./lifecycle/artifacts-kept.js";
import lifecycleUnknownTaskNotFound from "./lifecycle/unknown-task-not-found.js";
import lifecycleUnknownTaskNotFound0x from "./lifecycle/unknown-task-not-found-0x.js";
import lifecycleInputRequiredContinues from "./lifecycle/input-required-continues.js";
import lifecycleContextKept from "./lifecycle/context-kept.js";
import lifecycleContextKept0x from "./lifecycle/context-kept-0x.js";
import lifecycleListTasks from "./lifecycle/list-tasks.js";
import lifecycleListTasksOrder from "./lifecycle/list-tasks-order.js";
import lifecycleListTasksArtifacts from "./lifecycle/list-tasks-artifacts.js";
import lifecycleListTasksFilters from "./lifecycle/list-tasks-filters.js";
import lifecycleListTasksCursor from "./lifecycle/list-tasks-cursor.js";
import lifecycleCancelRunning from "./lifecycle/cancel-running.js";
import lifecycleCanceledStaysCanceled from "./lifecycle/canceled-stays-canceled.js";
import lifecycleCancelRunning0x from "./lifecycle/cancel-running-0x.js";
import lifecycleCancelTerminalErrors from "./lifecycle/cancel-terminal-errors.js";
import lifecycleCancelTerminalErrors0x from "./lifecycle/cancel-terminal-errors-0x.js";
import lifecycleCancelUnknownTask from "./lifecycle/cancel-unknown-task.js";
import lifecycleCancelUnknownTask0x from "./lifecycle/cancel-unknown-task-0x.js";
import lifecycleTerminalTaskRejectsMessage from "./lifecycle/terminal-task-rejects-message.js";
import lifecycleTerminalTaskRejectsMessage0x from "./lifecycle/terminal-task-rejects-message-0x.js";
import lifecycleUnknownTaskMessage from "./lifecycle/unknown-task-message.js";
import lifecycleUnknownTaskMessage0x from "./lifecycle/unknown-task-message-0x.js";
import lifecycleContextTaskMismatch from "./lifecycle/context-task-mismatch.js";
import lifecycleTaskIdImpliesContext from "./lifecycle/task-id-implies-context.js";
import streamingImmediateFeedback from "./streaming/immediate-feedback.js";
import streamingFinalEvent from "./streaming/final-event.js";
import streamingFinalEvent01 from "./streaming/final-event-01.js";
import streamingContentType from "./streaming/content-type.js";
import streamingFirstEvent from "./streaming/first-event.js";
import streamingEventsWellFormed from "./streaming/events-well-formed.js";
import streamingWireFormat from "./streaming/wire-format.js";
import streamingStreamEnds from "./streaming/stream-ends.js";
import streamingRefusalAnswered from "./streaming/refusal-answered.js";
import streamingRefusalStatus0x from "./streaming/refusal-status-0x.js";
import streamingSubscribeRunning from "./streaming/subscribe-running.js";
import streamingSubscribeRunning0x from "./streaming/subscribe-running-0x.js";
import streamingSubscribeTerminal from "./streaming/subscribe-terminal.js";
import streamingSubscribeTerminal0x from "./streaming/subscribe-terminal-0x.js";
import streamingDroppedStreamTaskReadable from "./streaming/dropped-stream-task-readable.js";
import streamingDroppedStreamTaskReadable0x from "./streaming/dropped-stream-task-readable-0x.js";
import streamingSubscribeUnknownTask from "./streaming/subscribe-unknown-task.js";
import streamingSubscribeUnknownTask0x from "./streaming/subscribe-unknown-task-0x.js";
import streamingSeveralSubscribers from "./streaming/several-subscribers.js";
import streamingClosedStreamSparesOthers from "./streaming/closed-stream-spares-others.js";
import errorsUnknownMethod from "./errors/unknown-method.js";
import errorsInvalidRequest from "./errors/invalid-request.js";
import errorsParseError from "./errors/parse-error.js";
import errorsInvalidParams from "./errors/invalid-params.js";
import errorsRestInvalidInput from "./errors/rest-invalid-input.js";
import errorsGrpcInvalidInput from "./errors/grpc-invalid-input.js";
import errorsErrorEnvelope from "./errors/error-envelope.js";
import errorsHttpStatus from "./errors/http-status.js";
import errorsNoServerError from "./errors/no-server-error.js";
import errorsServerSurvives from "./errors/server-survives.js";
import errorsCapabilityErrors from "./errors/capability-errors.js";
import errorsCapabilityErrors0x from "./errors/capability-errors-0x.js";
import errorsNotificationUnanswered from "./errors/notification-unanswered.js";
import errorsPushNotSupported0x from "./errors/push-not-supported-0x.js";
import errorsContentTypeNotSupported from "./errors/content-type-not-supported.js";
import errorsVersionNotSupported from "./errors/version-not-supported.js";
import errorsVersionServed from "./errors/version-served.js";
import errorsEmptyVersionIs03 from "./errors/empty-version-is-0-3.js";
import errorsRequiredExtension from "./errors/required-extension.js";
import errorsRequiredExtension0x from "./errors/required-extension-0x.js";
import errorsErrorDetails from "./errors/error-details.js";
import errorsErrorInfoJsonrpc from "./errors/error-info-jsonrpc.js";
import errorsStatusMapping from "./errors/status-mapping.js";
import errorsStatusMapping0x from "./errors/status-mapping-0x.js";
import authMissingCredentialRefused from "./auth/missing-credential-refused.js";
import authWrongCredentialRefused from "./auth/wrong-credential-refused.js";
import authChallenge from "./auth/challenge.js";
import authGetScoped from "./auth/get-scoped.js";
import authExistenceHidden from "./auth/existence-hidden.js";
import authTaskOperationsScoped from "./auth/task-operations-scoped.js";
import authListScoped from "./auth/list-scoped.js";
import pushConfigCrud from "./push/config-crud.js";
import pushUnknownTaskNotFound from "./push/unknown-task-not-found.js";
import pushUnknownTaskNotFound0x from "./push/unknown-task-not-found-0x.js";
import pushConfigIdAssigned from "./push/config-id-assigned.js";
import pushConfigIdOptional0x from "./push/config-id-optional-0x.js";
import pushDelivery from "./push/delivery.js";
import pushDeleteIdempotent from "./push/delete-idempotent.js";
import pushPayloadFormat from "./push/payload-format.js";
import pushPayloadFormat0x from "./push/payload-format-0x.js";
import pushConfigRepliesSchemaValid from "./push/config-replies-schema-valid.js";
import interopCardsValid from "./interop/cards-valid.js";
import interopBothAcceptTasks from "./interop/both-accept-tasks.js";
import interopConcurrentContexts from "./interop/concurrent-contexts.js";
import interopVersionCompatible from "./interop/version-compatible.js";
import transportTaskVisibleEverywhere from "./transport/task-visible-everywhere.js";
import transportConsistentErrors from "./transport/consistent-errors.js";
import transportCallsAnswerJson from "./transport/calls-answer-json.js";

/**
 * The conformance catalogue: every check, listed once, grouped by category in report order. Nothing is
 * discovered by magic and nothing is registered twice (src/checks/catalogue.test.ts). A new check is its
 * file under src/checks/<category>/ plus one line here.
 */
export const catalogue: readonly CheckDefinition[] = [
  // card
  cardRequiredFields,
  cardInterfaces,
  cardInterfacesComplete0x,
  cardUrlAnswers0x,
  cardSkills,
  cardCapabilities,
  cardOptionalFields,
  cardModesMediaTypes,
  cardWellKnownPath,
  cardWellKnownPath0x,
  cardWellKnownUriReturnsCard,
  cardPublic,
  cardSecurityConsistent,
  cardSchemaValid,
  cardCacheHeaders,
  cardProtocolVersionMatchesWire,
  cardExtendedCard,
  cardExtendedCard0x,
  cardExtendedCardNeedsAuth,
  cardSignatureHeader,
  cardSignatureValid,
  cardSignatureValid0x,
  // lifecycle
  lifecycleSendReturnsTask,
  lifecycleReplyWellFormed,
  lifecycleWireFormat,
  lifecycleWireFormat0x,
  lifecycleTaskRepliesSchemaValid,
  lifecycleUnknownFieldsIgnored,
  lifecycleGetTask,
  lifecycleGetTask0x,
  lifecycleTextPartRead,
  lifecycleTextPartRead0x,
  lifecycleReachesTerminal,
  lifecycleSkillExamples,
  lifecycleExecutionMode,
  lifecycleExecutionMode0x,
  lifecycleBlockingSendsSettled,
  lifecycleMessageReplyContext,
  lifecycleServerGeneratedIds,
  lifecycleHistoryLength,
  lifecycleHistoryLength01,
  lifecycleHistoryLength0x,
  lifecycleHistoryLengthZero,
  lifecycleHistoryFieldOmitted,
  lifecycleHistoryPresent,
  lifecycleHistoryOrder,
  lifecycleHistoryContent,
  lifecycleHistoryKeptAfterRead,
  lifecycleOutputInArtifacts,
  lifecycleArtifactsKept,
  lifecycleUnknownTaskNotFound,
  lifecycleUnknownTaskNotFound0x,
  lifecycleInputRequiredContinues,
  lifecycleContextKept,
  lifecycleContextKept0x,
  lifecycleListTasks,
  lifecycleListTasksOrder,
  lifecycleListTasksArtifacts,
  lifecycleListTasksFilters,
  lifecycleListTasksCursor,
  lifecycleCancelRunning,
  lifecycleCanceledStaysCanceled,
  lifecycleCancelRunning0x,
  lifecycleCancelTerminalErrors,
  lifecycleCancelTerminalErrors0x,
  lifecycleCancelUnknownTask,
  lifecycleCancelUnknownTask0x,
  lifecycleTerminalTaskRejectsMessage,
  lifecycleTerminalTaskRejectsMessage0x,
  lifecycleUnknownTaskMessage,
  lifecycleUnknownTaskMessage0x,
  lifecycleContextTaskMismatch,
  lifecycleTaskIdImpliesContext,
  // streaming
  streamingFinalEvent,
  streamingImmediateFeedback,
  streamingFinalEvent01,
  streamingContentType,
  streamingFirstEvent,
  streamingEventsWellFormed,
  streamingWireFormat,
  streamingStreamEnds,
  streamingRefusalAnswered,
  streamingRefusalStatus0x,
  streamingSubscribeRunning,
  streamingSubscribeRunning0x,
  streamingSubscribeTerminal,
  streamingSubscribeTerminal0x,
  streamingDroppedStreamTaskReadable,
  streamingDroppedStreamTaskReadable0x,
  streamingSubscribeUnknownTask,
  streamingSubscribeUnknownTask0x,
  streamingSeveralSubscribers,
  streamingClosedStreamSparesOthers,
  // errors
  errorsUnknownMethod,
  errorsInvalidRequest,
  errorsParseError,
  errorsInvalidParams,
  errorsRestInvalidInput,
  errorsGrpcInvalidInput,
  errorsErrorEnvelope,
  errorsHttpStatus,
  errorsNoServerError,
  errorsServerSurvives,
  errorsCapabilityErrors,
  errorsCapabilityErrors0x,
  errorsNotificationUnanswered,
  errorsPushNotSupported0x,
  errorsContentTypeNotSupported,
  errorsVersionNotSupported,
  errorsVersionServed,
  errorsEmptyVersionIs03,
  errorsRequiredExtension,
  errorsRequiredExtension0x,
  errorsErrorDetails,
  errorsErrorInfoJsonrpc,
  errorsStatusMapping,
  errorsStatusMapping0x,
  // auth
  authMissingCredentialRefused,
  authWrongCredentialRefused,
  authChallenge,
  authGetScoped,
  authExistenceHidden,
  authTaskOperationsScoped,
  authListScoped,
  // push
  pushConfigCrud,
  pushUnknownTaskNotFound,
  pushUnknownTaskNotFound0x,
  pushConfigIdAssigned,
  pushConfigIdOptional0x,
  pushDelivery,
  pushDeleteIdempotent,
  pushPayloadFormat,
  pushPayloadFormat0x,
  pushConfigRepliesSchemaValid,
  // interop
  interopCardsValid,
  interopBothAcceptTasks,
  interopConcurrentContexts,
  interopVersionCompatible,
  // transport
  transportTaskVisibleEverywhere,
  transportConsistentErrors,
  transportCallsAnswerJson,
];

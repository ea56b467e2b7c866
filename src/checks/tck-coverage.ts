import type { CheckLevel } from "./types.js";

/** How far the catalogue covers one TCK requirement. */
export type CoverageStatus = "covered" | "partial" | "not-applicable" | "not-covered";

/**
 * One requirement of the official TCK (a2aproject/a2a-tck, branch 1.0-dev, tck/requirements/*.py) and
 * how Plainwright's checks cover it; the checks themselves name the ids they cover (`CheckDefinition.tck`).
 */
export interface TckRequirement {
  id: string;
  /** The level the TCK files it under (it may differ from the current spec; the note then says so). */
  level: CheckLevel;
  /** The A2A 1.0 spec section the TCK cites. */
  section: string;
  title: string;
  /** The TCK has a test for it (an operation its parametrised runner dispatches, or a dedicated test). */
  tested: boolean;
  status: CoverageStatus;
  /** Why it is partial, not applicable or not covered, and where the current spec differs from the TCK. */
  note?: string;
}

type Coverage = Pick<TckRequirement, "status" | "note">;

const covered = (note?: string): Coverage => ({ status: "covered", ...(note ? { note } : {}) });
const partial = (note: string): Coverage => ({ status: "partial", note });
const notApplicable = (note: string): Coverage => ({ status: "not-applicable", note });
const notCovered = (note: string): Coverage => ({ status: "not-covered", note });

function req(
  id: string,
  level: CheckLevel,
  section: string,
  title: string,
  tested: boolean,
  coverage: Coverage,
): TckRequirement {
  return { id, level, section, title, tested, ...coverage };
}

const CLIENT_SIDE =
  "a requirement on clients; Plainwright's own client meets it (src/client), there is no server behaviour to judge";
const TLS =
  "Plainwright tests agents on any address, loopback included; transport security is a deployment property, not a protocol behaviour a check can provoke";
const IN_TASK_AUTH =
  "needs an agent flow that asks for credentials during a task; no message provokes it on an agent we did not write";

/** Every requirement id of the TCK's requirement modules, in the TCK's order. */
export const tckRequirements: readonly TckRequirement[] = [
  // agent_card.py
  req("CARD-DISC-001", "MUST", "8.1", "Agent Card must be available", true, covered()),
  req(
    "CARD-PROTO-001",
    "MUST",
    "8.3",
    "AgentCard must properly declare supported protocols",
    true,
    covered(),
  ),
  req("CARD-PROTO-002", "MUST", "8.3.1", "Each interface must declare transport and URL", true, covered()),
  req("CARD-STRUCT-001", "MUST", "4.4.1", "AgentCard contains required fields", true, covered()),
  req(
    "CARD-EXT-001",
    "MUST",
    "3.1.11",
    "Extended Agent Card requires authentication",
    true,
    partial(
      'the requirement is on clients ("the client MUST authenticate"); card.extended-card calls GetExtendedAgentCard with the credentials given and skips when they are refused',
    ),
  ),
  req(
    "CARD-EXT-002",
    "MUST",
    "3.1.11",
    "Extended card not configured returns specific error",
    true,
    covered("judged when the card claims capabilities.extendedAgentCard"),
  ),
  req(
    "CARD-SIGN-001",
    "MUST",
    "8.4.1",
    "Agent Card canonicalized with JCS before signing",
    false,
    covered(
      "judged on signed cards only (signing is optional, 1.0.1 §8.4 MAY); needs the key: from the signature's jku, or --card-key",
    ),
  ),
  req(
    "CARD-SIGN-002",
    "MUST",
    "8.4.1",
    "Signatures field excluded from signed content",
    false,
    covered(
      "judged on signed cards only (signing is optional, 1.0.1 §8.4 MAY); needs the key: from the signature's jku, or --card-key",
    ),
  ),
  req(
    "CARD-SIGN-003",
    "MUST",
    "8.4.2",
    "Signature protected header includes required parameters",
    false,
    covered("judged on signed cards only (signing is optional, 1.0.1 §8.4 MAY)"),
  ),
  req(
    "CARD-SIGN-004",
    "MUST",
    "8.4.3",
    "Expired or revoked keys must not be used for verification",
    false,
    notApplicable(CLIENT_SIDE),
  ),
  req(
    "CARD-CACHE-001",
    "SHOULD",
    "8.6.1",
    "Agent Card endpoint includes Cache-Control header",
    true,
    covered(),
  ),
  req("CARD-CACHE-002", "SHOULD", "8.6.1", "Agent Card endpoint includes ETag header", true, covered()),
  req(
    "CARD-CACHE-003",
    "MAY",
    "8.6.1",
    "Agent Card endpoint may include Last-Modified header",
    true,
    notApplicable("a MAY with nothing to fail: a card without Last-Modified is as conformant as one with it"),
  ),
  // core_operations.py
  req("CORE-SEND-001", "MUST", "3.1.1", "SendMessage returns Task or Message", true, covered()),
  req("CORE-SEND-002", "MUST", "3.1.1", "SendMessage rejects messages to terminal tasks", true, covered()),
  req(
    "CORE-SEND-003",
    "MUST",
    "3.1.1",
    "SendMessage returns ContentTypeNotSupportedError for unsupported media",
    true,
    notApplicable(
      "A2A 1.0.1 §3.1.1 lists ContentTypeNotSupportedError among the errors of SendMessage without a MUST, and no field of the card says which media types an agent refuses; the TCK files it as MUST",
    ),
  ),
  req(
    "CORE-STREAM-001",
    "MUST",
    "3.1.2",
    "SendStreamingMessage establishes streaming connection",
    true,
    covered(),
  ),
  req(
    "CORE-STREAM-002",
    "MUST",
    "3.1.2",
    "Message-only stream contains exactly one Message then closes",
    true,
    partial(
      "judged only when the agent answers a stream with a Message (streaming.stream-ends); no message can make an agent do so",
    ),
  ),
  req(
    "CORE-STREAM-003",
    "MUST",
    "3.1.2",
    "Task lifecycle stream begins with Task and closes at terminal state",
    true,
    covered(),
  ),
  req("CORE-GET-001", "MUST", "3.1.3", "GetTask returns current task state", true, covered()),
  req(
    "CORE-GET-002",
    "MUST",
    "3.1.3",
    "GetTask returns TaskNotFoundError for invalid task ID",
    true,
    covered(),
  ),
  req(
    "CORE-LIST-001",
    "MUST",
    "3.1.4",
    "ListTasks returns only authorized tasks",
    true,
    covered(
      "with a second caller (`conform --identity`); the TCK's test only checks that a list comes back, auth.list-scoped lists as the second caller, with and without the run's contextId, and looks for the run's own task",
    ),
  ),
  req("CORE-LIST-002", "MUST", "3.1.4", "ListTasks uses cursor-based pagination", true, covered()),
  req("CORE-LIST-003", "MUST", "3.1.4", "ListTasks sorts by status timestamp descending", true, covered()),
  req(
    "CORE-LIST-004",
    "MUST",
    "3.1.4",
    "ListTasks nextPageToken empty string on final page",
    true,
    covered(),
  ),
  req(
    "CORE-LIST-005",
    "MUST",
    "3.1.4",
    "ListTasks omits artifacts when includeArtifacts is false",
    true,
    covered(),
  ),
  req(
    "CORE-CANCEL-001",
    "MUST",
    "3.1.5",
    "CancelTask returns updated task with cancellation status",
    true,
    covered(),
  ),
  req(
    "CORE-CANCEL-002",
    "MUST",
    "3.1.5",
    "CancelTask returns TaskNotCancelableError for terminal tasks",
    true,
    covered("MUST in 1.0; in 0.x the error is a SHOULD (lifecycle.cancel-terminal-errors-0x)"),
  ),
  req(
    "CORE-CANCEL-003",
    "MUST",
    "3.1.5",
    "CancelTask returns TaskNotFoundError for invalid task ID",
    true,
    covered("MUST in 1.0; in 0.x the error is a SHOULD (lifecycle.cancel-unknown-task-0x)"),
  ),
  req(
    "CORE-EXECUTION-MODE-001",
    "MUST",
    "3.2.2",
    "Blocking mode waits for terminal or interrupted state",
    true,
    covered(),
  ),
  req(
    "CORE-EXECUTION-MODE-002",
    "MUST",
    "3.2.2",
    "Non-blocking mode returns immediately",
    true,
    covered(
      "judged with --hint slow (a message whose task keeps working); without it no message is known to outlast the reply",
    ),
  ),
  req(
    "CORE-ERR-001",
    "MUST",
    "3.3.2",
    "Server returns appropriate errors with actionable information",
    true,
    covered(
      "on every binding a malformed request gets an error with a code and a message: JSON-RPC (the errors checks), HTTP+JSON (errors.rest-invalid-input: a 4xx) and gRPC (errors.grpc-invalid-input: a client-error status); errors.error-details judges the details of an A2A error and errors.status-mapping its status. Whether the message is actionable is not judged (a SHOULD)",
    ),
  ),
  req(
    "CORE-ERR-002",
    "MUST",
    "3.3.2",
    "Server validates all input parameters before processing",
    true,
    covered(
      "on every binding a malformed send is refused: errors.invalid-params (JSON-RPC), errors.rest-invalid-input (HTTP+JSON), errors.grpc-invalid-input (gRPC); the other operations' parameters are not probed",
    ),
  ),
  req(
    "CORE-CAP-001",
    "MUST",
    "3.3.4",
    "Push notification operations return error when not supported",
    true,
    covered("judged when the card leaves the capability false or absent; otherwise the check skips it"),
  ),
  req(
    "CORE-CAP-002",
    "MUST",
    "3.3.4",
    "Streaming operations return error when not supported",
    true,
    covered("judged when the card leaves the capability false or absent; otherwise the check skips it"),
  ),
  req(
    "CORE-CAP-003",
    "MUST",
    "3.3.4",
    "Extended agent card operations return error when not supported",
    true,
    covered("judged when the card leaves capabilities.extendedAgentCard false or absent"),
  ),
  req(
    "CORE-CAP-004",
    "MUST",
    "3.3.4",
    "Required extension missing returns ExtensionSupportRequiredError",
    true,
    covered(
      'judged when the card marks an extension required (not applicable otherwise); every other request of the run activates it. 0.3 names no error for it and its extensions guide says only "should" (errors.required-extension-0x, SHOULD)',
    ),
  ),
  req(
    "CORE-MULTI-001",
    "MAY",
    "3.4.1",
    "Agent may generate contextId when not provided",
    true,
    notApplicable("a MAY with nothing to fail; the MUST that follows it (CORE-MULTI-001a) is checked"),
  ),
  req(
    "CORE-MULTI-001a",
    "MUST",
    "3.4.1",
    "Generated contextId must be included in response",
    true,
    covered(),
  ),
  req(
    "CORE-MULTI-002",
    "MAY",
    "3.4.1",
    "Agent may accept client-provided contextId",
    true,
    covered(
      "lifecycle.context-kept judges the MUST of the same clause: keep the contextId or refuse it, never substitute one (1.0.1 §3.4.1)",
    ),
  ),
  req(
    "CORE-MULTI-002a",
    "MUST",
    "3.4.1",
    "Agent rejects unacceptable client-provided contextId",
    true,
    covered(),
  ),
  req("CORE-MULTI-003", "MUST", "3.4.2", "Agent generates unique taskId for new tasks", true, covered()),
  req(
    "CORE-MULTI-004",
    "MUST",
    "3.4.2",
    "Agent returns TaskNotFoundError for invalid taskId in message",
    true,
    covered(),
  ),
  req(
    "CORE-MULTI-005",
    "MUST",
    "3.4.3",
    "Agent infers contextId from task when only taskId provided",
    true,
    covered(),
  ),
  req("CORE-MULTI-006", "MUST", "3.4.3", "Agent rejects mismatching contextId and taskId", true, covered()),
  req(
    "CORE-HIST-001",
    "SHOULD",
    "3.2.4",
    "historyLength=0 omits history from response",
    true,
    covered("on JSON-RPC and HTTP+JSON; proto3 on gRPC cannot tell an omitted history from an empty one"),
  ),
  req(
    "CORE-HIST-002",
    "MUST",
    "3.2.4",
    "History length does not exceed requested historyLength",
    true,
    covered("the MUST is in the normative a2a.proto (GetTaskRequest.history_length), not in §3.2.4's prose"),
  ),
  req(
    "CORE-HIST-003",
    "SHOULD",
    "3.2.4",
    "historyLength=0 on SendMessage omits history from response",
    true,
    covered("on JSON-RPC and HTTP+JSON; proto3 on gRPC cannot tell an omitted history from an empty one"),
  ),
  req("CORE-HIST-004", "MAY", "3.2.4", "Agents may persist messages in task history", true, covered()),
  req(
    "CORE-HIST-005",
    "SHOULD",
    "3.2.4",
    "History messages are in chronological order",
    true,
    covered(
      "judged on a task that asked back and took a second user message (not applicable when the agent never asks back or keeps fewer than both); 1.0.1 §3.7 states no keyword on order, so it is a SHOULD as in the TCK",
    ),
  ),
  req(
    "CORE-HIST-006",
    "SHOULD",
    "3.2.4",
    "History content matches exchanged messages",
    true,
    covered(
      "the user messages a two-turn task's history keeps must carry the text sent (found by messageId, else by text); 1.0.1 §3.7 leaves which messages are kept to the agent and states no keyword on their content, so it is a SHOULD as in the TCK",
    ),
  ),
  // data_model.py
  req(
    "DM-TASK-001",
    "MUST",
    "4.1.1",
    "Task object contains required fields",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-TASK-002",
    "MUST",
    "4.1.3",
    "TaskState uses valid enumeration values",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-MSG-001",
    "MUST",
    "4.1.4",
    "Message contains required fields",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-MSG-002",
    "MUST",
    "4.1.5",
    "Role uses valid enumeration values",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-PART-001",
    "MUST",
    "4.1.6",
    "Part uses oneof semantics",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-ART-001",
    "MUST",
    "4.1.7",
    "Artifact contains required fields",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-STATUS-001",
    "MUST",
    "4.1.2",
    "TaskStatus contains required state field",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-SERIAL-001",
    "MUST",
    "5.5",
    "JSON serialization uses camelCase field names",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-SERIAL-002",
    "MUST",
    "5.5",
    "Enum values use ProtoJSON string representation",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-SERIAL-003",
    "MUST",
    "5.6.1",
    "Timestamps use ISO 8601 format in UTC",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-SERIAL-004",
    "MUST",
    "5.7",
    "Required fields must be present in messages",
    true,
    covered(
      "A2A 1.0 replies of SendMessage, GetTask and ListTasks over JSON-RPC and HTTP+JSON, and stream events; on gRPC the protobuf encoding carries names, enums and timestamps",
    ),
  ),
  req(
    "DM-SERIAL-005",
    "SHOULD",
    "5.7",
    "Implementations should ignore unrecognized fields",
    true,
    partial(
      "judged over JSON-RPC and HTTP+JSON, where a raw body can carry an unknown field; gRPC's protobuf encoding cannot carry a field its schema lacks",
    ),
  ),
  // streaming.py
  req(
    "STREAM-ORDER-001",
    "MUST",
    "3.5.2",
    "Events delivered in generation order",
    true,
    partial(
      "streaming.events-well-formed fails states that go backwards; the order of events an agent generated cannot be seen from outside",
    ),
  ),
  req(
    "STREAM-ORDER-002",
    "MUST",
    "3.5.2",
    "Events broadcast to all active streams",
    true,
    covered(
      "two SubscribeToTask streams on one running task; a message stream beside a subscription is not compared",
    ),
  ),
  req(
    "STREAM-ORDER-003",
    "MUST",
    "3.5.2",
    "Each stream receives same events in same order",
    true,
    covered(
      "two SubscribeToTask streams on one running task; a message stream beside a subscription is not compared",
    ),
  ),
  req(
    "STREAM-ORDER-004",
    "MUST",
    "3.5.2",
    "Closing one stream does not affect others",
    true,
    covered(
      "streaming.closed-stream-spares-others drops one of two subscriptions of a running task and follows the other to the task's end (1.0; 0.3 states nothing on several streams); streaming.dropped-stream-task-readable drops a message stream and reads the task on",
    ),
  ),
  req("STREAM-SUB-001", "MUST", "3.1.6", "SubscribeToTask returns Task as first event", true, covered()),
  req(
    "STREAM-SUB-002",
    "MUST",
    "3.1.6",
    "SubscribeToTask stream terminates at terminal state",
    true,
    covered(
      "two SubscribeToTask streams on one running task; a message stream beside a subscription is not compared",
    ),
  ),
  req("STREAM-SUB-003", "MUST", "3.1.6", "SubscribeToTask rejects terminal tasks", true, covered()),
  req(
    "STREAM-SUB-004",
    "MUST",
    "3.1.6",
    "SubscribeToTask returns TaskNotFoundError for invalid task",
    true,
    covered(),
  ),
  // push_notifications.py
  req(
    "PUSH-CREATE-001",
    "MUST",
    "3.1.7",
    "CreatePushNotificationConfig establishes webhook endpoint",
    true,
    covered(),
  ),
  req(
    "PUSH-CREATE-002",
    "MUST",
    "3.1.7",
    "Push config persists until task completion or deletion",
    true,
    partial(
      "push.config-crud reads the config back while the task runs; its persistence across several updates is not watched",
    ),
  ),
  req(
    "PUSH-GET-001",
    "MUST",
    "3.1.8",
    "GetPushNotificationConfig returns configuration details",
    true,
    covered(),
  ),
  req(
    "PUSH-GET-002",
    "MUST",
    "3.1.8",
    "GetPushNotificationConfig fails for nonexistent config",
    true,
    covered(
      "push.config-crud reads the config after deleting it and expects an error; 1.0.1 §3.1.8 names no error code for it, so any error passes",
    ),
  ),
  req(
    "PUSH-LIST-001",
    "MUST",
    "3.1.9",
    "ListPushNotificationConfigs returns all active configs",
    true,
    covered(),
  ),
  req(
    "PUSH-DEL-001",
    "MUST",
    "3.1.10",
    "DeletePushNotificationConfig permanently removes config",
    true,
    covered(),
  ),
  req("PUSH-DEL-002", "MUST", "3.1.10", "DeletePushNotificationConfig is idempotent", true, covered()),
  req(
    "PUSH-DELIVER-001",
    "MUST",
    "4.3.3",
    "Agent includes authentication in webhook requests",
    true,
    covered(),
  ),
  req(
    "PUSH-DELIVER-002",
    "MUST",
    "4.3.3",
    "Agent attempts delivery at least once per webhook",
    true,
    covered(),
  ),
  req(
    "PUSH-DELIVER-003",
    "MUST",
    "4.3.3",
    "Webhook payload uses StreamResponse format",
    true,
    covered(
      "SHOULD in Plainwright: A2A 1.0.1 §4.3.3 defines the payload without MUST; the TCK files it as MUST",
    ),
  ),
  // auth.py
  req(
    "AUTH-TLS-001",
    "MUST",
    "7.1",
    "Production deployments must use encrypted communication",
    false,
    notApplicable(TLS),
  ),
  req("AUTH-TLS-002", "SHOULD", "7.1", "Modern TLS configurations recommended", false, notApplicable(TLS)),
  req(
    "AUTH-SERVER-001",
    "SHOULD",
    "7.2",
    "Clients should verify server TLS certificates",
    false,
    notApplicable(CLIENT_SIDE),
  ),
  req(
    "AUTH-SERVER-002",
    "MUST",
    "7.4",
    "Server must authenticate every incoming request",
    false,
    covered(
      "the TCK has no test for it; Plainwright's auth checks send task requests without and with a wrong credential on every binding",
    ),
  ),
  req(
    "AUTH-INTASK-001",
    "MUST",
    "7.6.1",
    "Agent MUST use a Task to track operation requiring authorization",
    false,
    notCovered(IN_TASK_AUTH),
  ),
  req(
    "AUTH-INTASK-002",
    "MUST",
    "7.6.1",
    "Agent MUST transition to auth_required state",
    false,
    notCovered(IN_TASK_AUTH),
  ),
  req(
    "AUTH-INTASK-003",
    "MUST",
    "7.6.1",
    "Agent MUST include status message explaining authorization",
    false,
    notCovered(IN_TASK_AUTH),
  ),
  req(
    "AUTH-INTASK-004",
    "MUST",
    "7.6.1",
    "Agent MUST arrange to receive credentials out-of-band",
    false,
    notCovered(IN_TASK_AUTH),
  ),
  req(
    "AUTH-INTASK-005",
    "SHOULD",
    "7.6.1",
    "Agent SHOULD maintain active response streams during auth_required",
    false,
    notCovered(IN_TASK_AUTH),
  ),
  req(
    "AUTH-INTASK-006",
    "SHOULD",
    "7.6.1",
    "Agent SHOULD support receiving messages during auth_required",
    false,
    notCovered(IN_TASK_AUTH),
  ),
  req(
    "AUTH-SCOPE-001",
    "MUST",
    "13.1",
    "Authorization checks on every operation request",
    false,
    covered(
      "the TCK has no test for it; with a second caller (`conform --identity`), auth.get-scoped, auth.list-scoped and auth.task-operations-scoped try GetTask, ListTasks, CancelTask, a message into the task, SubscribeToTask and the push-config list on the run's task, on every binding",
    ),
  ),
  req(
    "AUTH-SCOPE-002",
    "MUST",
    "13.1",
    "Results scoped to caller's authorization boundaries",
    false,
    covered(
      "the TCK has no test for it; with a second caller (`conform --identity`), auth.get-scoped and auth.list-scoped check that the run's task is neither returned nor listed to it",
    ),
  ),
  req(
    "AUTH-SCOPE-003",
    "MUST",
    "3.3.2",
    "Server must not reveal existence of unauthorized resources",
    false,
    covered(
      "the TCK has no test for it; with a second caller (`conform --identity`), auth.existence-hidden and auth.task-operations-scoped compare each answer about the run's task with the answer about an id never issued",
    ),
  ),
  // versioning.py
  req(
    "VER-CLIENT-001",
    "MUST",
    "3.6.1",
    "Clients must send A2A-Version header with each request",
    false,
    notApplicable(CLIENT_SIDE),
  ),
  req(
    "VER-SERVER-001",
    "MUST",
    "3.6.2",
    "Agent processes requests using requested version semantics",
    false,
    partial(
      "the connect step confirms the card's version on the wire (card.protocol-version-matches-wire); other versions an agent serves are not tried",
    ),
  ),
  req(
    "VER-SERVER-002",
    "MUST",
    "3.6.2",
    "Agent returns VersionNotSupportedError for unsupported version",
    true,
    covered(),
  ),
  req(
    "VER-SERVER-003",
    "MUST",
    "3.6.2",
    "Agent interprets empty version header as 0.3",
    true,
    covered(
      "an interface the card declares for 1.0 only must refuse an empty A2A-Version with VersionNotSupportedError (1.0.1 §3.6.2: empty means 0.3, and an unsupported version MUST be refused); where the card declares 0.3 at the same URL, a 0.3 request without the header must be served. The TCK accepts any result or error",
    ),
  ),
  req(
    "VER-CLIENT-002",
    "MUST",
    "3.6",
    "Patch version numbers must not affect negotiation",
    false,
    notApplicable(CLIENT_SIDE),
  ),
  // interop.py
  req(
    "BIND-EQUIV-001",
    "MUST",
    "5.1",
    "All supported protocols provide identical functionality",
    false,
    partial(
      "every check runs on every advertised binding; a task created on one is read on the others (transport.task-visible-everywhere)",
    ),
  ),
  req(
    "BIND-EQUIV-002",
    "MUST",
    "5.1",
    "All bindings return semantically equivalent results",
    false,
    partial("transport.task-visible-everywhere compares the task as each binding reports it"),
  ),
  req(
    "BIND-EQUIV-003",
    "MUST",
    "5.1",
    "All bindings map errors consistently",
    false,
    covered("the TCK has no test for it"),
  ),
  req(
    "BIND-EQUIV-004",
    "MUST",
    "5.1",
    "All bindings support same authentication schemes",
    false,
    partial(
      "the auth checks run on every binding with the same credential; other declared schemes are not tried",
    ),
  ),
  req(
    "BIND-FIELD-001",
    "MUST",
    "5.2",
    "Agents must declare all supported protocols in AgentCard",
    true,
    covered(),
  ),
  // binding_jsonrpc.py
  req(
    "JSONRPC-FMT-001",
    "MUST",
    "9.1",
    "Requests use JSON-RPC 2.0 format",
    true,
    covered("requests are the client's; the replies' JSON-RPC 2.0 envelope is judged"),
  ),
  req("JSONRPC-FMT-002", "MUST", "9.1", "Content-Type is application/json", true, covered()),
  req(
    "JSONRPC-SVC-001",
    "MUST",
    "9.1",
    "Method names use PascalCase matching gRPC conventions",
    true,
    covered(
      "1.0 methods are sent by their PascalCase names; an agent that serves other names fails the first send",
    ),
  ),
  req("JSONRPC-SVC-002", "MUST", "9.2", "Service parameters transmitted as HTTP headers", true, covered()),
  req(
    "JSONRPC-ERR-001",
    "MUST",
    "9.5",
    "Error responses use JSON-RPC 2.0 error object structure",
    true,
    covered(),
  ),
  req(
    "JSONRPC-ERR-002",
    "MUST",
    "9.5",
    "A2A-specific errors use codes -32001 to -32099",
    true,
    covered("each A2A error a check provokes is judged by its code"),
  ),
  req(
    "JSONRPC-ERR-003",
    "MUST",
    "9.5",
    "A2A errors include ErrorInfo in data array",
    true,
    partial(
      "A2A 1.0.1 §9.5 makes ErrorInfo in error.data a SHOULD (1.0.0 said MUST, which the TCK follows): its absence is noted, not failed; the MUST @type of every data object is judged",
    ),
  ),
  req(
    "JSONRPC-SSE-001",
    "MUST",
    "9.4.2",
    "Streaming uses Server-Sent Events with text/event-stream",
    true,
    covered(),
  ),
  req(
    "JSONRPC-SSE-002",
    "MUST",
    "5.4",
    "A2A error types mapped to correct JSON-RPC error codes",
    true,
    partial(
      "TaskNotFound, TaskNotCancelable, UnsupportedOperation and VersionNotSupported are provoked and judged on every agent, PushNotificationNotSupported and UnsupportedOperation for capabilities the card leaves off (errors.capability-errors), ExtensionSupportRequired when the card marks an extension required (errors.required-extension); ContentTypeNotSupported and InvalidAgentResponse cannot be provoked",
    ),
  ),
  // binding_http_json.py
  req(
    "HTTP_JSON-URL-001",
    "MUST",
    "11.3",
    "RESTful resource-based URL patterns",
    true,
    covered(
      "every check on the HTTP+JSON binding calls the spec's paths; an agent serving others fails the first send",
    ),
  ),
  req(
    "HTTP_JSON-URL-002",
    "MUST",
    "11.3",
    "Standard HTTP methods for each operation",
    true,
    covered(
      "as HTTP_JSON-URL-001: the spec's verbs are used; the subscribe verb (GET or POST) is open (A2A#1574) and both are accepted",
    ),
  ),
  req(
    "HTTP_JSON-SVC-001",
    "MUST",
    "11.1",
    "Content-Type is application/json",
    true,
    covered(
      "1.0.1 §11.1 names application/a2a+json (SHOULD); the TCK (1.0.0) requires application/json: both are accepted",
    ),
  ),
  req("HTTP_JSON-SVC-002", "MUST", "11.2", "Service parameters transmitted as HTTP headers", true, covered()),
  req(
    "HTTP_JSON-QP-001",
    "MUST",
    "11.5",
    "Query parameter names use camelCase",
    true,
    covered(
      "historyLength, contextId, pageSize and pageToken are sent as camelCase query parameters and must take effect",
    ),
  ),
  req(
    "HTTP_JSON-ERR-001",
    "MUST",
    "11.6",
    "Error responses use AIP-193 format",
    true,
    covered("judged on the TaskNotFound error a GetTask of an unknown id provokes"),
  ),
  req(
    "HTTP_JSON-ERR-002",
    "MUST",
    "11.6",
    "A2A errors include ErrorInfo in details array",
    true,
    covered("judged on the TaskNotFound error a GetTask of an unknown id provokes"),
  ),
  req(
    "HTTP_JSON-STATUS-001",
    "MUST",
    "5.4",
    "A2A errors map to correct HTTP status codes",
    true,
    covered(
      "TaskNotFound, TaskNotCancelable and UnsupportedOperation are provoked; 1.0.1 §5.4 changed TaskNotCancelable to 400 (the TCK expects 1.0.0's 409, and 415 for ContentTypeNotSupported): 1.0.1 is judged, 1.0.0's value is accepted with a note",
    ),
  ),
  req("HTTP_JSON-SSE-001", "MUST", "11.7", "REST streaming uses Server-Sent Events", true, covered()),
  // binding_grpc.py
  req(
    "GRPC-SVC-001",
    "MUST",
    "10.1",
    "Implement A2AService gRPC service",
    true,
    covered(
      "every check on the gRPC binding calls A2AService by the normative proto; an RPC that is missing fails the check that uses it",
    ),
  ),
  req(
    "GRPC-SVC-002",
    "MUST",
    "10.1",
    "Use Protocol Buffers version 3 serialization",
    true,
    covered("the gRPC client decodes every reply with the proto3 schema"),
  ),
  req("GRPC-SVC-003", "MUST", "10.1", "gRPC over HTTP/2 with TLS", false, notApplicable(TLS)),
  req("GRPC-META-001", "MUST", "10.2", "Service parameters transmitted as gRPC metadata", true, covered()),
  req(
    "GRPC-ERR-001",
    "MUST",
    "10.6",
    "A2A errors include ErrorInfo in status details",
    true,
    covered("judged on the TaskNotFound error a GetTask of an unknown id provokes"),
  ),
  req(
    "GRPC-ERR-002",
    "MUST",
    "5.4",
    "A2A error types mapped to correct gRPC status codes",
    true,
    covered(
      "as HTTP_JSON-STATUS-001; 1.0.1 §5.4 maps UnsupportedOperation, PushNotificationNotSupported and VersionNotSupported to FAILED_PRECONDITION (the TCK expects 1.0.0's UNIMPLEMENTED): 1.0.1 is judged, 1.0.0's value is accepted with a note",
    ),
  ),
  req("GRPC-ERR-003", "MUST", "10.7", "gRPC streaming uses server streaming RPCs", true, covered()),
];

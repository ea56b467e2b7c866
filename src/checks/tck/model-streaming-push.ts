import { JSON_BINDINGS, covered, req, type TckRequirement } from "./requirement.js";

/** The TCK's requirements from data_model.py, streaming.py and push_notifications.py, in the TCK's order. */
export const modelStreamingPushRequirements: readonly TckRequirement[] = [
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
    JSON_BINDINGS,
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
    JSON_BINDINGS,
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
    JSON_BINDINGS,
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
    covered(
      "JSON-RPC and HTTP+JSON get a raw body with an unknown field on the params, the message and a part; gRPC a SendMessageRequest with a field number its proto lacks",
    ),
  ),
  // streaming.py
  req(
    "STREAM-ORDER-001",
    "MUST",
    "3.5.2",
    "Events delivered in generation order",
    true,
    // The TCK judges this id by the states alone (a stream's states never regress: submitted, then active,
    // then terminal); the suite judges the same, split over two checks.
    covered(
      "judged as far as a stream's states show the order, as the TCK does: streaming.events-well-formed fails a Task or update back in submitted after a later state, streaming.final-event any event after a terminal one; a reorder that keeps the states in order (two working updates, an artifact update) cannot be seen from outside",
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
    covered(
      "push.config-crud reads the config back twice before deleting it, the second time after listing it; like the TCK it sets the config on a finished task, so it cannot watch the config outlive the task's updates",
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
];

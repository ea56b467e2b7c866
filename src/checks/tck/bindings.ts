import { TLS, covered, notApplicable, req, type TckRequirement } from "./requirement.js";

/** The TCK's requirements from binding_jsonrpc.py, binding_http_json.py and binding_grpc.py, in the TCK's order. */
export const bindingRequirements: readonly TckRequirement[] = [
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
    covered(
      "errors.error-info-jsonrpc fails an A2A error whose details name no well-known google.rpc type at SHOULD, and leaves one with no details unjudged (1.0.1 §9.5, §3.3.2 'Error Details (optional)'; 1.0.0 said MUST, which the TCK follows); errors.error-details judges the MUST @type of every data object",
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
    covered(
      "TaskNotFound, TaskNotCancelable, UnsupportedOperation and VersionNotSupported are provoked and judged on every agent, PushNotificationNotSupported and UnsupportedOperation for capabilities the card leaves off (errors.capability-errors), ExtensionSupportRequired when the card marks an extension required (errors.required-extension), ContentTypeNotSupported when the agent refuses a media type (errors.content-type-not-supported); InvalidAgentResponse reports a non-conforming response an agent received (1.0.1 §3.3.2), which only an agent relaying another agent can return",
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

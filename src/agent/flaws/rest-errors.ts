import { RPC } from "../http/jsonrpc-front.js";
import type { AgentProtocol, FlawDefinition, JsonObject } from "../types.js";
import { isObject } from "../json.js";
import { KNOWN_SEND_PARAMS } from "./errors.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

/** An HTTP+JSON error body whose ErrorInfo names another domain than a2a-protocol.org, when `when` holds. */
function withForeignDomain(body: JsonObject, when: boolean): JsonObject {
  const details = when && isObject(body.error) ? body.error.details : undefined;
  if (Array.isArray(details)) for (const d of details) if (isObject(d)) d.domain = "errors.example.com";
  return body;
}

/** HTTP+JSON error flaws: statuses and ErrorInfo domains that do not name the A2A error, bodies that crash it. */
export const REST_ERROR_FLAWS: FlawDefinition[] = [
  {
    name: "rest-error-wrong-domain",
    category: "protocol",
    protocols: ["1.0"],
    description:
      'HTTP+JSON TaskNotFound errors (404) carry an ErrorInfo whose domain is not "a2a-protocol.org".',
    expect: "errors.error-details fails on HTTP+JSON",
    restReply: (body, res) => withForeignDomain(body, res.statusCode === 404),
  },
  {
    name: "rest-refusal-wrong-domain",
    category: "protocol",
    protocols: ["1.0"],
    description:
      'HTTP+JSON errors other than TaskNotFound (the 400 refusals) carry an ErrorInfo whose domain is not "a2a-protocol.org".',
    expect: "errors.error-details fails on HTTP+JSON",
    restReply: (body, res) => withForeignDomain(body, res.statusCode === 400),
  },
  {
    name: "rest-not-found-500",
    category: "protocol",
    protocols: ["0.3", "1.0"],
    description:
      "HTTP+JSON answers TaskNotFound with HTTP 500 (the ErrorInfo, or 0.3's code -32001, still says TaskNotFound).",
    expect: "errors.status-mapping (1.0) or errors.status-mapping-0x (0.3) fails on HTTP+JSON",
    restReply: (body, res) => {
      if (res.statusCode !== 404) return body;
      res.status(500);
      // 0.3's HTTP+JSON error body is {code, message}; 1.0.1 §11.6's is a google.rpc.Status.
      return isObject(body.error)
        ? { ...body, error: { ...body.error, code: 500, status: "INTERNAL" } }
        : body;
    },
  },
  {
    name: "rest-version-refusal-501",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "HTTP+JSON answers an unsupported A2A-Version with HTTP 501 Not Implemented (the ErrorInfo still says VERSION_NOT_SUPPORTED).",
    expect: "errors.status-mapping fails on HTTP+JSON: 1.0.1 §5.4 maps VersionNotSupported to 400",
    restReply: (body, res) => {
      if (res.statusCode !== 400 || !JSON.stringify(body).includes("VERSION_NOT_SUPPORTED")) return body;
      res.status(501);
      return isObject(body.error) ? { ...body, error: { ...body.error, code: 501 } } : body;
    },
  },
  {
    name: "rest-cancel-unknown-500",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "HTTP+JSON answers a cancel of an unknown task with HTTP 500 (the ErrorInfo still says TASK_NOT_FOUND); reads stay 404.",
    expect: "errors.status-mapping fails on HTTP+JSON: the reason is right, the status is not",
    restReply: (body, res) => {
      if (res.statusCode !== 404 || !isObject(body.error) || !res.req.path.endsWith(":cancel")) return body;
      res.status(500);
      // The body follows its status (AIP-193), so the status is the one defect.
      return { ...body, error: { ...body.error, code: 500, status: "INTERNAL" } };
    },
  },
  {
    name: "rest-invalid-input-500",
    category: "protocol",
    protocols: BOTH,
    description: "HTTP+JSON message:send answers a malformed body with HTTP 500 instead of 400.",
    expect: "errors.rest-invalid-input fails",
    restReply: (body, res) => {
      // Validation errors only: 1.0 INVALID_ARGUMENT, the 0.3 SDK's bare -32700 / -32602.
      const invalid = isObject(body.error)
        ? body.error.status === "INVALID_ARGUMENT"
        : body.code === -32700 || body.code === -32602;
      if (!invalid || !res.req.path.endsWith("message:send")) return body;
      res.status(500);
      return { error: { code: 500, status: "INTERNAL", message: "Internal error." } };
    },
  },
  {
    name: "rest-unknown-fields-refused",
    category: "protocol",
    protocols: BOTH,
    description: "HTTP+JSON message:send refuses a body with a field it does not know (HTTP 400).",
    expect: "lifecycle.unknown-fields-ignored fails on HTTP+JSON",
    restReply: (body, res) => {
      const sent: unknown = res.req.body;
      if (!res.req.path.endsWith("message:send") || !isObject(sent)) return body;
      const unknown = Object.keys(sent).filter((k) => !KNOWN_SEND_PARAMS.has(k));
      if (unknown.length === 0) return body;
      const message = `Unknown field: ${unknown.join(", ")}`;
      res.status(400);
      // The 0.3 JS SDK's REST errors are bare JSON-RPC error objects; 1.0's are google.rpc.Status.
      return res.req.path.includes("/v1/")
        ? { code: RPC.invalidParams, message }
        : { error: { code: 400, status: "INVALID_ARGUMENT", message } };
    },
  },
];

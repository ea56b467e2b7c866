import { describe, expect, it } from "vitest";
import { decodeRestError } from "./errors.js";

const info = (reason: string) => ({
  "@type": "type.googleapis.com/google.rpc.ErrorInfo",
  reason,
  domain: "a2a-protocol.org",
});
const status = (code: number, name: string, details: unknown[] = []) =>
  JSON.stringify({ error: { code, status: name, message: "m", details } });

describe("decodeRestError reads every error body shape seen on REST bindings", () => {
  it.each([
    [
      "google.rpc.Status with ErrorInfo",
      404,
      status(404, "NOT_FOUND", [info("TASK_NOT_FOUND")]),
      -32001,
      "TaskNotFound",
    ],
    [
      "ErrorInfo naming the 1.0 card error",
      400,
      status(400, "FAILED_PRECONDITION", [info("EXTENDED_AGENT_CARD_NOT_CONFIGURED")]),
      -32007,
      "ExtendedAgentCardNotConfigured",
    ],
    [
      "an unknown ErrorInfo reason, kept as the name",
      400,
      status(400, "FAILED_PRECONDITION", [info("QUOTA_GONE")]),
      0,
      "QUOTA_GONE",
    ],
    [
      "a generic INVALID_ARGUMENT without ErrorInfo",
      400,
      status(400, "INVALID_ARGUMENT"),
      -32602,
      "InvalidParams",
    ],
    ["a status name with no A2A meaning", 403, status(403, "PERMISSION_DENIED"), 0, "PERMISSION_DENIED"],
    [
      "the JS SDK 0.3 bare JSON-RPC error",
      409,
      JSON.stringify({ code: -32002, message: "m" }),
      -32002,
      "TaskNotCancelable",
    ],
    [
      "a JSON-RPC envelope sent to a REST route",
      200,
      JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "m" } }),
      -32601,
      "MethodNotFound",
    ],
    [
      "problem+json whose title names the error",
      400,
      JSON.stringify({ type: "about:blank", title: "TaskNotCancelableError", status: 400 }),
      -32002,
      "TaskNotCancelable",
    ],
    ["an Express fallback body", 400, JSON.stringify({ error: "Bad request." }), 0, "HTTP 400"],
    ["an empty body", 502, "", 0, "HTTP 502"],
  ])("%s", (_label, httpStatus, body, code, name) => {
    const error = decodeRestError(httpStatus, "application/json", body, "http://127.0.0.1/x");
    expect(error).toMatchObject({ code, name, httpStatus });
  });

  it("keeps the google status name as grpcStatus and the details as data", () => {
    const error = decodeRestError(
      400,
      "application/json",
      status(400, "FAILED_PRECONDITION", [info("TASK_NOT_CANCELABLE")]),
      "u",
    );
    expect(error).toMatchObject({ grpcStatus: "FAILED_PRECONDITION", data: [info("TASK_NOT_CANCELABLE")] });
  });
});

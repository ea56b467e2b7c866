import { isObject } from "../exchange.js";
import type { GrpcExchange, GrpcReply, Json } from "../types.js";

// google.rpc.Code values (A2A 1.0.1 §10.6 maps A2A errors onto them).
export const GRPC_NOT_FOUND = 5;
export const GRPC_FAILED_PRECONDITION = 9;
export const GRPC_INTERNAL = 13;

// TaskState numbers, the same in 0.3's a2a.v1 and 1.0's lf.a2a.v1 (a2a.proto at each tag).
export const GRPC_STATE = { submitted: 1, working: 2, completed: 3, canceled: 5 } as const;
const FINISHED = new Set([3, 4, 5, 6, 7, 8]);
/** lf.a2a.v1.TaskState's terminal values: completed 3, failed 4, canceled 5, rejected 7. */
export const GRPC_TERMINAL: ReadonlySet<number> = new Set([3, 4, 5, 7]);

/** A gRPC error answered as an unexplained INTERNAL, its ErrorInfo details dropped. */
export function grpcAsInternal(reply: GrpcReply, from: number): GrpcReply | undefined {
  if (!reply.error || reply.error.code !== from) return undefined;
  const metadata = { ...reply.error.metadata };
  delete metadata["grpc-status-details-bin"];
  return { error: { code: GRPC_INTERNAL, details: "internal error", metadata } };
}

/** The Task in a decoded response: SendMessage wraps it in a payload oneof, GetTask and CancelTask are it. */
export function grpcTask(reply: GrpcReply): Json | undefined {
  const r = reply.response;
  if (!isObject(r)) return undefined;
  if (isObject(r.payload) && r.payload.$case === "task" && isObject(r.payload.value)) return r.payload.value;
  return typeof r.id === "string" && isObject(r.status) ? r : undefined;
}

/** The message of a SendMessage / SendStreamingMessage request (0.3's proto names the field `request`). */
export function grpcRequestMessage(x: GrpcExchange): Json | undefined {
  if (!isObject(x.request)) return undefined;
  const message = x.generation === "1.0" ? x.request.message : x.request.request;
  return isObject(message) ? message : undefined;
}

/** The value of a StreamResponse when its payload is of the given case. */
export function grpcPayload(
  event: unknown,
  kind: "task" | "message" | "statusUpdate" | "artifactUpdate",
): Json | undefined {
  const payload = isObject(event) && isObject(event.payload) ? event.payload : undefined;
  return payload?.$case === kind && isObject(payload.value) ? payload.value : undefined;
}

/** The status update of a StreamResponse, if that is what it carries. */
export const grpcStatusUpdate = (event: unknown): Json | undefined => grpcPayload(event, "statusUpdate");

/** Whether a StreamResponse reports an interrupted state (input or auth required): its stream may end there, or go on. */
export function grpcIsInterrupted(event: unknown): boolean {
  const payload = isObject(event) && isObject(event.payload) ? event.payload : undefined;
  const value = isObject(payload?.value) ? payload.value : undefined;
  const status = isObject(value?.status) ? value.status : undefined;
  return [6, 8].includes(Number(status?.state));
}

/** Whether a StreamResponse ends its stream: a task or status update in a terminal or interrupted state. */
export function grpcIsFinal(event: unknown): boolean {
  const payload = isObject(event) && isObject(event.payload) ? event.payload : undefined;
  const value = isObject(payload?.value) ? payload.value : undefined;
  const status = isObject(value?.status) ? value.status : undefined;
  return (
    (payload?.$case === "statusUpdate" || payload?.$case === "task") && FINISHED.has(Number(status?.state))
  );
}

/** The task of a gRPC StreamResponse: a Task's id, or a status or artifact update's taskId. */
export function grpcStreamTaskId(event: unknown): string | undefined {
  const task = grpcPayload(event, "task");
  const id = task
    ? task.id
    : (grpcPayload(event, "statusUpdate") ?? grpcPayload(event, "artifactUpdate"))?.taskId;
  return typeof id === "string" ? id : undefined;
}

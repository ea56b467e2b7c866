import { Router as expressRouter, type RequestHandler, type Router } from "express";
import { messageShapeProblem } from "../http/message-shape.js";
import type { AgentCard, MessageSendParams, Task, TaskQueryParams } from "a2a-sdk-v03";
import { A2AError, DefaultRequestHandler, ServerCallContext } from "a2a-sdk-v03/server";
import { UserBuilder, jsonRpcHandler, restHandler } from "a2a-sdk-v03/server/express";
import { RPC, jsonRpcFront } from "../http/jsonrpc-front.js";
import type { RpcErrorBody } from "../http/jsonrpc-front.js";
import type { BuildOptions, JsonObject, ProtocolKit, RpcCall, RpcHook } from "../types.js";
import type { WorkRegistry } from "../work-registry.js";
import type { GrpcBinding } from "../grpc/server.js";
import { HelpdeskExecutorV03 } from "./executor.js";
import type { Planner } from "../types.js";
import { grpcBindingV03 } from "./grpc.js";
import { pushV03 } from "./push.js";
import { TaskScope } from "../task-scope.js";
import { ScopedTaskStoreV03 } from "./scoped-store.js";

const METHODS = new Set([
  "message/send",
  "message/stream",
  "tasks/get",
  "tasks/cancel",
  "tasks/resubscribe",
  "tasks/pushNotificationConfig/set",
  "tasks/pushNotificationConfig/get",
  "tasks/pushNotificationConfig/list",
  "tasks/pushNotificationConfig/delete",
  "agent/getAuthenticatedExtendedCard",
]);

/** DefaultRequestHandler 0.3.14 with the history semantics of A2A (A2A 1.0). */
class SpecRequestHandlerV03 extends DefaultRequestHandler {
  override async getTask(params: TaskQueryParams, context?: ServerCallContext): Promise<Task> {
    const { historyLength } = params;
    if (historyLength !== undefined && (!Number.isInteger(historyLength) || historyLength < 0)) {
      throw A2AError.invalidParams("historyLength must be a non-negative integer.");
    }
    // 0.3.14 slices with -0 (so 0 returns everything) and drops all history when the field is unset.
    const task = await super.getTask({ ...params, historyLength: Number.MAX_SAFE_INTEGER }, context);
    if (historyLength === undefined) return task;
    if (historyLength === 0) {
      const { history: _dropped, ...rest } = task;
      return rest;
    }
    return { ...task, history: (task.history ?? []).slice(-historyLength) };
  }
}

/**
 * 0.3.14 dereferences params.message unchecked and leaks the TypeError as -32603, and takes any role and
 * parts: both are refused here.
 */
function requireMessage(call: RpcCall): RpcErrorBody | undefined {
  if (call.method !== "message/send" && call.method !== "message/stream") return undefined;
  const params = call.params as { message?: unknown } | undefined;
  const message = params?.message;
  if (typeof message !== "object" || message === null || Array.isArray(message))
    return { code: RPC.invalidParams, message: "params.message is required and must be a Message object." };
  const problem = messageShapeProblem(message, "0.3");
  return problem ? { code: RPC.invalidParams, message: problem } : undefined;
}

function streamResultsFor(result: unknown): unknown[] {
  const task = result as Task;
  if (task.kind !== "task") return [result];
  const ids = { taskId: task.id, contextId: task.contextId };
  const working = { kind: "status-update", ...ids, final: false, status: { state: "working" } };
  const artifacts = (task.artifacts ?? []).map((artifact) => ({ kind: "artifact-update", ...ids, artifact }));
  return [working, ...artifacts, task];
}

export interface ProtocolRouters {
  jsonrpc: Router;
  rest: RequestHandler;
  /** Every binding shares one handler, so a task created on one is readable on the others. */
  grpc: GrpcBinding;
}

/** Builds the A2A 0.3 JSON-RPC and REST routers and the gRPC service on a2a-sdk 0.3.14. */
export function buildV03(
  card: JsonObject,
  planner: Planner,
  work: WorkRegistry,
  hook?: RpcHook,
  options: BuildOptions = {},
): ProtocolRouters {
  const scope = options.scope ?? new TaskScope();
  const newHandler = () => {
    const push = pushV03(options.push);
    const handler = new SpecRequestHandlerV03(
      card as unknown as AgentCard,
      new ScopedTaskStoreV03(scope),
      new HelpdeskExecutorV03(planner, work),
      undefined,
      push.store,
      push.sender,
    );
    options.taskIds?.applyTo(handler);
    return handler;
  };
  const handler = newHandler();
  const kit: ProtocolKit = {
    protocol: "0.3",
    knownMethods: METHODS,
    sendMethod: "message/send",
    streamMethod: "message/stream",
    sendBlocking: (params) => handler.sendMessage(params as MessageSendParams, new ServerCallContext()),
    getTask: async (params) =>
      (await handler.getTask(params as TaskQueryParams, new ServerCallContext())) as unknown as JsonObject,
    streamResultsFor,
  };
  const front = jsonRpcFront({
    kit,
    hook,
    precheck: requireMessage,
    answersNotifications: options.answersNotifications === true,
  });
  const sdkOptions = { requestHandler: handler, userBuilder: UserBuilder.noAuthentication };
  front.use(jsonRpcHandler(sdkOptions));
  // Flaw separate-task-stores: the REST binding answers from a store of its own.
  const restOptions = options.separateRestStore
    ? { ...sdkOptions, requestHandler: newHandler() }
    : sdkOptions;
  const rest = expressRouter();
  rest.use(subscribeUnknownTask(restOptions.requestHandler), restHandler(restOptions));
  return { jsonrpc: front, rest, grpc: grpcBindingV03(handler) };
}

/**
 * 0.3.14's REST resubscribe turns TaskNotFound into "Bug: toJson serializer ..." (-32603, HTTP 500): answer
 * the unknown task the way its GET does (404, {code: -32001, message}) before the SDK sees the request.
 */
function subscribeUnknownTask(handler: DefaultRequestHandler): RequestHandler {
  return (req, res, next) => {
    const match = /^\/v1\/tasks\/([^/]+):subscribe$/.exec(req.path);
    if (!match?.[1]) return next();
    const id = decodeURIComponent(match[1]);
    handler.getTask({ id }, new ServerCallContext()).then(
      () => next(),
      (error: unknown) => {
        if (!(error instanceof A2AError) || error.code !== -32001) return next();
        res.status(404).json({ code: error.code, message: error.message });
      },
    );
  };
}

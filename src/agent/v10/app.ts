import express from "express";
import { messageShapeProblem } from "../http/message-shape.js";
import type { Request, RequestHandler, Router } from "express";
import { AgentCard, GetTaskRequest, Message, SendMessageRequest, Task } from "@a2a-js/sdk";
import { DefaultRequestHandler, ServerCallContext } from "@a2a-js/sdk/server";
import { UserBuilder, jsonRpcHandler, restHandler } from "@a2a-js/sdk/server/express";
import { RPC, jsonRpcFront, sendRpcError, type RpcErrorBody } from "../http/jsonrpc-front.js";
import type { BuildOptions, JsonObject, ProtocolKit, RpcCall, RpcHook } from "../types.js";
import type { WorkRegistry } from "../work-registry.js";
import type { GrpcBinding } from "../grpc/server.js";
import { HelpdeskExecutorV10 } from "./executor.js";
import type { Planner } from "../types.js";
import { grpcBindingV10 } from "./grpc.js";
import { pushV10 } from "./push.js";
import { ScopedTaskStoreV10, applyScopeDefect } from "./scoped-store.js";
import { TaskScope } from "../task-scope.js";
import { normaliseVersionHeader, versionError } from "./version.js";

const METHODS = new Set([
  "SendMessage",
  "SendStreamingMessage",
  "GetTask",
  "ListTasks",
  "CancelTask",
  "SubscribeToTask",
  "CreateTaskPushNotificationConfig",
  "GetTaskPushNotificationConfig",
  "ListTaskPushNotificationConfigs",
  "DeleteTaskPushNotificationConfig",
  "GetExtendedAgentCard",
]);

interface TaskJson {
  id: string;
  contextId: string;
  artifacts?: unknown[];
}

function streamResultsFor(result: unknown): unknown[] {
  const task = (result as { task?: TaskJson }).task;
  if (!task) return [result];
  const ids = { taskId: task.id, contextId: task.contextId };
  const working = { statusUpdate: { ...ids, status: { state: "TASK_STATE_WORKING" } } };
  const artifacts = (task.artifacts ?? []).map((artifact) => ({ artifactUpdate: { ...ids, artifact } }));
  return [working, ...artifacts, { task }];
}

const TERMINAL = new Set([
  "TASK_STATE_COMPLETED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_FAILED",
  "TASK_STATE_REJECTED",
]);

/**
 * 1.0 §3.1.6: subscribing to a terminal task is UnsupportedOperation, and to an unknown one TaskNotFound,
 * answered directly. The SDK does answer both, but first prints the error with a stack trace to the
 * server's stderr on every such call.
 */
function refuseTerminalSubscribe(kit: ProtocolKit): RequestHandler {
  return (req, res, next) => {
    const body = req.body as
      { id?: string | number | null; method?: unknown; params?: { id?: unknown } } | undefined;
    if (body?.method !== "SubscribeToTask" || typeof body.params?.id !== "string") return next();
    kit
      .getTask({ id: body.params.id })
      .then((task) => {
        const state = (task.status as { state?: string } | undefined)?.state;
        if (!state || !TERMINAL.has(state)) return next();
        sendRpcError(res, body.id ?? null, {
          code: -32004,
          message: `Task ${body.params?.id as string} is in a terminal state and cannot be subscribed to.`,
        });
      })
      // An unknown task gets TaskNotFound here, as the SDK would answer, without the SDK logging a stack trace.
      .catch(() =>
        sendRpcError(res, body.id ?? null, {
          code: -32001,
          message: `Task not found: ${body.params?.id as string}`,
          data: [
            {
              "@type": "type.googleapis.com/google.rpc.ErrorInfo",
              reason: "TASK_NOT_FOUND",
              domain: "a2a-protocol.org",
            },
          ],
        }),
      );
  };
}

/**
 * The SDK's extended card provider. A function, not a card: the SDK hands an object provider's card only
 * to users it sees authenticated, and it sees none here (UserBuilder.noAuthentication), since this agent
 * authenticates in its own bearer guard, which refuses a caller without the token before the SDK is
 * reached (A2A 1.0.1 §13.3). None: ExtendedAgentCardNotConfigured.
 */
function extendedCardProvider(card: JsonObject | undefined): (() => Promise<AgentCard>) | undefined {
  if (!card) return undefined;
  const extended = AgentCard.fromJSON(card);
  return () => Promise.resolve(extended);
}

export interface ProtocolRouters {
  jsonrpc: Router;
  rest: RequestHandler;
  /** Every binding shares one handler, so a task created on one is readable on the others. */
  grpc: GrpcBinding;
}

/** Builds the A2A 1.0 JSON-RPC and REST routers and the gRPC service on @a2a-js/sdk 1.3.0. */
export function buildV10(
  card: JsonObject,
  planner: Planner,
  work: WorkRegistry,
  hook?: RpcHook,
  options: BuildOptions = {},
): ProtocolRouters {
  const scope = options.scope ?? new TaskScope();
  const newHandler = () => {
    const push = pushV10(options.push);
    const handler = new DefaultRequestHandler(
      AgentCard.fromJSON(card),
      new ScopedTaskStoreV10(scope),
      new HelpdeskExecutorV10(planner, work),
      undefined,
      push.store,
      push.sender,
      extendedCardProvider(options.extendedCard),
    );
    if (options.scopeDefect) applyScopeDefect(handler, scope, options.scopeDefect);
    options.taskIds?.applyTo(handler);
    return handler;
  };
  const handler = newHandler();
  const kit: ProtocolKit = {
    protocol: "1.0",
    knownMethods: METHODS,
    sendMethod: "SendMessage",
    streamMethod: "SendStreamingMessage",
    sendBlocking: async (params) => {
      const context = new ServerCallContext({ requestedVersion: "1.0" });
      const reply = await handler.sendMessage(SendMessageRequest.fromJSON(params), context);
      return "messageId" in reply ? { message: Message.toJSON(reply) } : { task: Task.toJSON(reply) };
    },
    getTask: async (params) => {
      const context = new ServerCallContext({ requestedVersion: "1.0" });
      // The SDK's own read, whatever a task-scope flaw did to the handler's GetTask.
      const read = DefaultRequestHandler.prototype.getTask.call(
        handler,
        GetTaskRequest.fromJSON(params),
        context,
      );
      return Task.toJSON(await read) as JsonObject;
    },
    streamResultsFor,
  };
  const sdkOptions = { requestHandler: handler, userBuilder: UserBuilder.noAuthentication };
  const jsonrpc = express.Router();
  jsonrpc.use(normaliseVersionHeader);
  const precheck = (call: RpcCall, req: Request): RpcErrorBody | undefined => {
    const refused = versionError(req.header("a2a-version"));
    if (refused || (call.method !== "SendMessage" && call.method !== "SendStreamingMessage")) return refused;
    const params = call.params as { message?: unknown } | undefined;
    const problem = messageShapeProblem(params?.message, "1.0");
    return problem ? { code: RPC.invalidParams, message: problem } : undefined;
  };
  jsonrpc.use(
    jsonRpcFront({ kit, hook, precheck, answersNotifications: options.answersNotifications === true }),
  );
  jsonrpc.use(refuseTerminalSubscribe(kit));
  jsonrpc.use(jsonRpcHandler(sdkOptions));
  const rest = express.Router();
  // Flaw separate-task-stores: the REST binding answers from a store of its own.
  const restHandlerOf = options.separateRestStore ? newHandler() : handler;
  rest.use(normaliseVersionHeader, restHandler({ ...sdkOptions, requestHandler: restHandlerOf }));
  return { jsonrpc, rest, grpc: grpcBindingV10(handler) };
}

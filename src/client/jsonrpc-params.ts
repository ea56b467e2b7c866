import { randomUUID } from "node:crypto";
import { newMessageId } from "./message-id.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { messageMetadata, messageParts, type PartStyle } from "./message-parts.js";
import type { ListTasksQuery, PushConfig, SendInput, SendOptions } from "./types.js";
import { flatPushConfig, nestedPushConfig } from "./push-config.js";

/**
 * Builds the user message in the shape each generation expects (A2A 1.0 §4.1), with a fresh messageId
 * unless the input names one; its parts in `partForm` when the agent takes only another generation's
 * (src/client/part-forms.ts). Built member by member: a load run makes thousands a second.
 */
export function userMessage(
  generation: ProtocolGeneration,
  input: SendInput,
  partForm: PartStyle = generation,
): Record<string, unknown> {
  const metadata = messageMetadata(input).metadata;
  if (generation === "0.1") {
    const message: Record<string, unknown> = { role: "user", parts: messageParts(partForm, input) };
    if (metadata !== undefined) message.metadata = metadata;
    return message;
  }
  const message: Record<string, unknown> =
    generation === "1.0"
      ? {
          messageId: input.messageId || newMessageId(),
          role: "ROLE_USER",
          parts: messageParts(partForm, input),
        }
      : {
          kind: "message",
          messageId: input.messageId || newMessageId(),
          role: "user",
          parts: messageParts(partForm, input),
        };
  if (input.contextId) message.contextId = input.contextId;
  if (input.taskId) message.taskId = input.taskId;
  if (metadata !== undefined) message.metadata = metadata;
  return message;
}

/** JSON-RPC method names beyond the core five (A2A 1.0 §5.3); undefined where a generation has none. */
const extraMethods: Record<ProtocolGeneration, Partial<Record<ExtraOp, string>>> = {
  "0.1": { pushSet: "tasks/pushNotification/set", pushGet: "tasks/pushNotification/get" },
  "0.2": {
    pushSet: "tasks/pushNotificationConfig/set",
    pushGet: "tasks/pushNotificationConfig/get",
    pushList: "tasks/pushNotificationConfig/list",
    pushDelete: "tasks/pushNotificationConfig/delete",
  },
  "0.3": {
    pushSet: "tasks/pushNotificationConfig/set",
    pushGet: "tasks/pushNotificationConfig/get",
    pushList: "tasks/pushNotificationConfig/list",
    pushDelete: "tasks/pushNotificationConfig/delete",
    extendedCard: "agent/getAuthenticatedExtendedCard",
  },
  "1.0": {
    list: "ListTasks",
    pushSet: "CreateTaskPushNotificationConfig",
    pushGet: "GetTaskPushNotificationConfig",
    pushList: "ListTaskPushNotificationConfigs",
    pushDelete: "DeleteTaskPushNotificationConfig",
    extendedCard: "GetExtendedAgentCard",
  },
};

export type ExtraOp = "list" | "pushSet" | "pushGet" | "pushList" | "pushDelete" | "extendedCard";

/** The method name of a non-core operation, or undefined when the generation has no such method. */
export function extraMethod(generation: ProtocolGeneration, op: ExtraOp): string | undefined {
  return extraMethods[generation][op];
}

/** Send/stream params for a generation, including the send configuration it understands. */
export function sendParams(
  generation: ProtocolGeneration,
  input: SendInput,
  options: SendOptions = {},
  partForm?: PartStyle,
): Record<string, unknown> {
  const message = userMessage(generation, input, partForm);
  const metadata = input.requestMetadata ? { metadata: input.requestMetadata } : {};
  if (generation === "0.1") {
    return {
      id: input.taskId ?? randomUUID(),
      ...(input.contextId ? { sessionId: input.contextId } : {}),
      message,
      ...metadata,
      ...(options.historyLength !== undefined ? { historyLength: options.historyLength } : {}),
      ...(options.pushConfig ? { pushNotification: nestedPushConfig(options.pushConfig) } : {}),
    };
  }
  const configuration: Record<string, unknown> = {};
  // acceptedOutputModes was required up to 0.2.5.
  if (options.acceptedOutputModes ?? generation === "0.2")
    configuration.acceptedOutputModes = options.acceptedOutputModes ?? ["text/plain", "application/json"];
  if (options.historyLength !== undefined) configuration.historyLength = options.historyLength;
  if (options.returnImmediately !== undefined) {
    // 0.2/0.3 said `blocking`; 1.0 renamed it `returnImmediately` with the opposite sense.
    if (generation === "1.0") configuration.returnImmediately = options.returnImmediately;
    else configuration.blocking = !options.returnImmediately;
  }
  if (options.pushConfig) {
    if (generation === "1.0") configuration.taskPushNotificationConfig = flatPushConfig(options.pushConfig);
    else configuration.pushNotificationConfig = nestedPushConfig(options.pushConfig);
  }
  return Object.keys(configuration).length > 0
    ? { message, configuration, ...metadata }
    : { message, ...metadata };
}

/** ListTasks params (1.0 only). */
export function listParams(query: ListTasksQuery = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
}

/** Push-config set params: 0.x nests the config, 1.0 sends it flat with a single auth scheme. */
export function pushSetParams(
  generation: ProtocolGeneration,
  taskId: string,
  config: PushConfig,
): Record<string, unknown> {
  if (generation === "1.0") return { taskId, ...flatPushConfig(config) };
  const pushNotificationConfig = nestedPushConfig(config);
  return generation === "0.1" ? { id: taskId, pushNotificationConfig } : { taskId, pushNotificationConfig };
}

/** Push-config get/delete params; 0.x names the task `id` and the config `pushNotificationConfigId`. */
export function pushRefParams(
  generation: ProtocolGeneration,
  taskId: string,
  configId?: string,
): Record<string, unknown> {
  if (generation === "1.0") return { taskId, ...(configId ? { id: configId } : {}) };
  return { id: taskId, ...(configId ? { pushNotificationConfigId: configId } : {}) };
}

/** Reads a push config in either shape back into Plainwright's PushConfig. */
export function readPushConfig(raw: unknown): PushConfig | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const outer = raw as Record<string, unknown>;
  const inner = (
    typeof outer.pushNotificationConfig === "object" && outer.pushNotificationConfig !== null
      ? outer.pushNotificationConfig
      : outer
  ) as Record<string, unknown>;
  if (typeof inner.url !== "string") return undefined;
  const auth = inner.authentication as Record<string, unknown> | undefined;
  const scheme =
    typeof auth?.scheme === "string"
      ? auth.scheme
      : Array.isArray(auth?.schemes) && typeof auth.schemes[0] === "string"
        ? auth.schemes[0]
        : undefined;
  return {
    url: inner.url,
    ...(typeof inner.id === "string" ? { id: inner.id } : {}),
    ...(typeof inner.token === "string" ? { token: inner.token } : {}),
    ...(scheme
      ? {
          authentication: {
            scheme,
            ...(typeof auth?.credentials === "string" ? { credentials: auth.credentials } : {}),
          },
        }
      : {}),
  };
}

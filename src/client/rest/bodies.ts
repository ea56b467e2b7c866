import { newMessageId } from "../message-id.js";
import type { ProtocolGeneration } from "../../model/generation.js";
import type { ListTasksQuery, PushConfig, SendInput, SendOptions } from "../types.js";
import { flatPushConfig, nestedPushConfig } from "../push-config.js";
import { messageMetadata, messageParts, type PartStyle } from "../message-parts.js";
import { sendParams } from "../jsonrpc-params.js";
import type { QueryParams } from "./paths.js";

type Json = Record<string, unknown>;

function ids(input: SendInput): Json {
  return {
    ...(input.contextId ? { contextId: input.contextId } : {}),
    ...(input.taskId ? { taskId: input.taskId } : {}),
  };
}

/**
 * The SendMessageRequest body. 0.3 REST bodies are the 0.3 proto as JSON, not the JSON-RPC shapes
 * (A2A 1.0 §11): `ROLE_USER`, parts under `content`, oneof parts `{"text":…}`, and the message in
 * the field whose json_name is `message` (proto field `request`). 1.0 uses `parts`.
 */
export function sendBody(generation: ProtocolGeneration, input: SendInput, options: SendOptions = {}): Json {
  const messageId = input.messageId ?? newMessageId();
  const partsKey = generation === "0.3" ? "content" : "parts";
  const parts = messageParts(generation === "0.3" ? "proto-0.3" : "1.0", input);
  const message = {
    messageId,
    role: "ROLE_USER",
    [partsKey]: parts,
    ...ids(input),
    ...messageMetadata(input),
  };
  const configuration = generation === "0.3" ? configuration03(options) : configuration10(options);
  return configuration ? { message, configuration } : { message };
}

/**
 * The send body in the form an endpoint takes (src/client/part-forms.ts restMessageForms): undefined is
 * sendBody's; on 0.3 a form is the message as 0.3's JSON-RPC params carry it, parts in that form, which is
 * the REST payload the 0.3 text gives (§7.1 "REST" tab: `{message: Message, configuration?}`, §6.4).
 * `blocking` is sent as sendBody sends it, so that an unset returnImmediately still means "wait".
 */
export function sendBodyIn(
  generation: ProtocolGeneration,
  input: SendInput,
  options: SendOptions = {},
  form?: PartStyle,
): Json {
  if (form === undefined || generation !== "0.3") return sendBody(generation, input, options);
  return sendParams(
    "0.3",
    input,
    { ...options, returnImmediately: options.returnImmediately === true },
    form,
  );
}

/**
 * 0.3 `blocking` is a proto3 bool, so leaving it out means false (return at once); it is always sent
 * so that an unset returnImmediately means "wait", as in every other binding.
 */
function configuration03(options: SendOptions): Json {
  return {
    blocking: options.returnImmediately !== true,
    ...(options.historyLength === undefined ? {} : { historyLength: options.historyLength }),
    ...(options.acceptedOutputModes ? { acceptedOutputModes: options.acceptedOutputModes } : {}),
    // The 0.3 proto's SendMessageConfiguration.push_notification.
    ...(options.pushConfig ? { pushNotification: nestedPushConfig(options.pushConfig) } : {}),
  };
}

/** 1.0 waits by default (`returnImmediately` unset, the A2A spec §5 rule 18): send only what was asked. */
function configuration10(options: SendOptions): Json | undefined {
  const config: Json = {
    ...(options.returnImmediately === undefined ? {} : { returnImmediately: options.returnImmediately }),
    ...(options.historyLength === undefined ? {} : { historyLength: options.historyLength }),
    ...(options.acceptedOutputModes ? { acceptedOutputModes: options.acceptedOutputModes } : {}),
    ...(options.pushConfig ? { taskPushNotificationConfig: flatPushConfig(options.pushConfig) } : {}),
  };
  return Object.keys(config).length > 0 ? config : undefined;
}

/**
 * The push-config create body: 1.0 TaskPushNotificationConfig is flat with one `scheme`; the 0.3
 * CreateTaskPushNotificationConfigRequest names the task as a resource (`parent: "tasks/{id}"`) and
 * nests the config, whose authentication has a `schemes` list (A2A 1.0 §10, §3.6).
 */
export function pushConfigBody(generation: ProtocolGeneration, taskId: string, config: PushConfig): Json {
  if (generation === "1.0") return { taskId, ...flatPushConfig(config) };
  const name = config.id ? { name: `tasks/${taskId}/pushNotificationConfigs/${config.id}` } : {};
  return {
    parent: `tasks/${taskId}`,
    ...(config.id ? { configId: config.id } : {}),
    config: { ...name, pushNotificationConfig: nestedPushConfig(config) },
  };
}

/** `TASK_STATE_*` as the query string wants it (enum names, A2A 1.0 §11), from either spelling. */
function stateName(status: string): string {
  if (/^TASK_STATE_/i.test(status)) return status.toUpperCase();
  return `TASK_STATE_${status.replace(/-/g, "_").toUpperCase()}`;
}

/** The ListTasks query string (1.0): camelCase names, `true`/`false`, enum names. */
export function listQuery(query: ListTasksQuery): QueryParams {
  return {
    contextId: query.contextId,
    status: query.status === undefined ? undefined : stateName(query.status),
    pageSize: query.pageSize,
    pageToken: query.pageToken,
    historyLength: query.historyLength,
    includeArtifacts: query.includeArtifacts,
    statusTimestampAfter: query.statusTimestampAfter,
  };
}

import { newMessageId } from "../message-id.js";
import type { ListTasksQuery, PushConfig, SendInput, SendOptions } from "../types.js";
import { messageMetadata, messageParts } from "../message-parts.js";
import { type JsonObject, isObject } from "../../model/json.js";

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** Drops undefined members, so the recorded request shows only what was set. */
function defined(obj: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
}

/** ProtoJSON requests of one generation's gRPC service (A2A 1.0 §10). */
export interface GrpcRequests {
  send(input: SendInput, options?: SendOptions): JsonObject;
  get(id: string, historyLength?: number): JsonObject;
  list(query: ListTasksQuery): JsonObject;
  /** CancelTask and SubscribeToTask / TaskSubscription. */
  byTask(id: string): JsonObject;
  pushSet(taskId: string, config: PushConfig): JsonObject;
  pushGet(taskId: string, configId?: string): JsonObject;
  pushList(taskId: string): JsonObject;
  pushDelete(taskId: string, configId: string): JsonObject;
  /** A push config reply read into Plainwright's shape; undefined when it has no url. */
  readPushConfig(json: unknown): PushConfig | undefined;
  /** The configs of a list reply; undefined when the reply has no list. */
  readPushList(json: unknown): unknown[] | undefined;
}

function stateName(status: string): string {
  if (/^TASK_STATE_/i.test(status)) return status.toUpperCase();
  return `TASK_STATE_${status.replace(/-/g, "_").toUpperCase()}`;
}

function pushConfigOf(raw: JsonObject, auth: unknown, credentialsFrom: JsonObject): PushConfig | undefined {
  const url = str(raw.url);
  if (url === undefined) return undefined;
  const config: PushConfig = { url };
  const id = str(raw.id);
  const token = str(raw.token);
  if (id !== undefined) config.id = id;
  if (token !== undefined) config.token = token;
  const scheme = str(auth);
  if (scheme !== undefined) {
    const credentials = str(credentialsFrom.credentials);
    config.authentication = credentials === undefined ? { scheme } : { scheme, credentials };
  }
  return config;
}

/** A2A 1.0: plain ids, `tenant` on every request when the interface declares one. */
export function requestsV10(tenant?: string): GrpcRequests {
  const t = tenant ? { tenant } : {};
  return {
    send: (input, options = {}) => {
      const message = defined({
        messageId: input.messageId ?? newMessageId(),
        role: "ROLE_USER",
        parts: messageParts("1.0", input),
        contextId: input.contextId,
        taskId: input.taskId,
        ...messageMetadata(input),
      });
      const configuration = defined({
        acceptedOutputModes: options.acceptedOutputModes,
        historyLength: options.historyLength,
        returnImmediately: options.returnImmediately,
      });
      return { ...t, message, ...(Object.keys(configuration).length > 0 ? { configuration } : {}) };
    },
    get: (id, historyLength) => defined({ ...t, id, historyLength }),
    list: (q) =>
      defined({
        ...t,
        contextId: q.contextId,
        status: q.status === undefined ? undefined : stateName(q.status),
        pageSize: q.pageSize,
        pageToken: q.pageToken,
        historyLength: q.historyLength,
        includeArtifacts: q.includeArtifacts,
        statusTimestampAfter: q.statusTimestampAfter,
      }),
    byTask: (id) => ({ ...t, id }),
    pushSet: (taskId, c) =>
      defined({ ...t, taskId, id: c.id, url: c.url, token: c.token, authentication: c.authentication }),
    pushGet: (taskId, configId) => defined({ ...t, taskId, id: configId }),
    pushList: (taskId) => ({ ...t, taskId }),
    pushDelete: (taskId, configId) => ({ ...t, taskId, id: configId }),
    readPushConfig: (json) => {
      if (!isObject(json)) return undefined;
      const auth = isObject(json.authentication) ? json.authentication : {};
      return pushConfigOf(json, auth.scheme, auth);
    },
    readPushList: (json) => (isObject(json) && Array.isArray(json.configs) ? json.configs : undefined),
  };
}

/** A2A 0.3: compound resource names (`tasks/{id}`, `tasks/{id}/pushNotificationConfigs/{cid}`). */
export const requestsV03: GrpcRequests = {
  send: (input, options = {}) => {
    const message = defined({
      messageId: input.messageId ?? newMessageId(),
      role: "ROLE_USER",
      content: messageParts("proto-0.3", input),
      contextId: input.contextId,
      taskId: input.taskId,
      ...messageMetadata(input),
    });
    const configuration = defined({
      acceptedOutputModes: options.acceptedOutputModes,
      historyLength: options.historyLength,
      // 0.3 `blocking` defaults to false in proto3, so it is always stated.
      blocking: options.returnImmediately !== true,
    });
    return { message, configuration };
  },
  get: (id, historyLength) => defined({ name: `tasks/${id}`, historyLength }),
  list: () => ({}),
  byTask: (id) => ({ name: `tasks/${id}` }),
  pushSet: (taskId, c) => ({
    parent: `tasks/${taskId}`,
    configId: c.id ?? "",
    config: {
      name: `tasks/${taskId}/pushNotificationConfigs/${c.id ?? ""}`,
      pushNotificationConfig: defined({
        id: c.id,
        url: c.url,
        token: c.token,
        authentication: c.authentication && {
          schemes: [c.authentication.scheme],
          credentials: c.authentication.credentials,
        },
      }),
    },
  }),
  pushGet: (taskId, configId) => ({ name: `tasks/${taskId}/pushNotificationConfigs/${configId ?? ""}` }),
  pushList: (taskId) => ({ parent: `tasks/${taskId}` }),
  pushDelete: (taskId, configId) => ({ name: `tasks/${taskId}/pushNotificationConfigs/${configId}` }),
  readPushConfig: (json) => {
    if (!isObject(json) || !isObject(json.pushNotificationConfig)) return undefined;
    const push = json.pushNotificationConfig;
    const auth = isObject(push.authentication) ? push.authentication : {};
    const schemes = Array.isArray(auth.schemes) ? (auth.schemes as unknown[]) : [];
    return pushConfigOf(push, schemes[0], auth);
  },
  readPushList: (json) => (isObject(json) && Array.isArray(json.configs) ? json.configs : undefined),
};

import { randomUUID } from "node:crypto";
import type { StreamResponse, Task } from "@a2a-js/sdk";
import { InMemoryPushNotificationStore, V1PushNotificationSerializer } from "@a2a-js/sdk/server";
import type { PushNotificationSender, PushNotificationStore, ServerCallContext } from "@a2a-js/sdk/server";
import { deliver, webhookHeaders } from "../push.js";
import type { PushDefect } from "../types.js";

/**
 * A store that accepts every config and keeps none (flaw push-config-not-stored). It still gives an id-less
 * config its id, as the SDK's store does, so the reply names one (push.config-id-assigned is another flaw's).
 */
class ForgetfulStore extends InMemoryPushNotificationStore {
  override save(...[, , config]: Parameters<InMemoryPushNotificationStore["save"]>): Promise<void> {
    if (!config.id) config.id = randomUUID();
    return Promise.resolve();
  }
}

function taskIdOf(event: StreamResponse): string {
  const payload = event.payload;
  switch (payload?.$case) {
    case "task":
      return payload.value.id;
    case "statusUpdate":
    case "artifactUpdate":
      return payload.value.taskId;
    case "message":
      return payload.value.taskId;
    default:
      return "";
  }
}

/** Flaw push-bare-event: the event inside a StreamResponse body, without its wrapper. */
function unwrapped(body: string): string {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  const [inner] = Object.values(parsed);
  return JSON.stringify(inner ?? parsed);
}

/**
 * The SDK 1.3.0 sender with the token kept next to Authorization (see webhookHeaders): each event of a
 * task is POSTed as a StreamResponse, `application/a2a+json` (A2A 1.0 §4.3, §13.2).
 */
class SpecPushSenderV10 implements PushNotificationSender {
  readonly #serializer = new V1PushNotificationSerializer();

  constructor(
    private readonly store: PushNotificationStore,
    private readonly defect?: PushDefect,
  ) {}

  async send(event: StreamResponse, context: ServerCallContext, task?: Task): Promise<void> {
    const taskId = taskIdOf(event);
    if (!taskId || this.defect === "no-delivery") return;
    const configs = await this.store.load(taskId, context);
    const serialized = this.#serializer.serialize(event, task);
    const { contentType } = serialized;
    const body = this.defect === "bare-event" ? unwrapped(serialized.body) : serialized.body;
    await Promise.all(
      configs.map((config) =>
        deliver(
          config.url,
          body,
          contentType,
          webhookHeaders(
            {
              token: config.token,
              scheme: config.authentication?.scheme,
              credentials: config.authentication?.credentials,
            },
            this.defect,
          ),
        ),
      ),
    );
  }
}

/** The push store and sender of a 1.0 agent, with the flaw's defect if any. */
export function pushV10(defect?: PushDefect): {
  store: PushNotificationStore;
  sender: PushNotificationSender;
} {
  const store = defect === "config-not-stored" ? new ForgetfulStore() : new InMemoryPushNotificationStore();
  return { store, sender: new SpecPushSenderV10(store, defect) };
}

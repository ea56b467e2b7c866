import type { Task } from "a2a-sdk-v03";
import { InMemoryPushNotificationStore } from "a2a-sdk-v03/server";
import type { PushNotificationSender, PushNotificationStore } from "a2a-sdk-v03/server";
import { deliver, webhookHeaders } from "../push.js";
import type { PushDefect } from "../types.js";

/** A store that accepts every config and keeps none (flaw push-config-not-stored). */
class ForgetfulStore extends InMemoryPushNotificationStore {
  override save(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Replaces SDK 0.3.14's sender, which sends only X-A2A-Notification-Token and never the config's
 * authentication (pitfall 11; 0.3 §9.5: the server authenticates as the config specifies). The body
 * is the bare Task as `application/json`, as the 0.3 example shows.
 */
class SpecPushSenderV03 implements PushNotificationSender {
  constructor(
    private readonly store: PushNotificationStore,
    private readonly defect?: PushDefect,
  ) {}

  async send(task: Task): Promise<void> {
    if (this.defect === "no-delivery") return;
    const configs = await this.store.load(task.id);
    const body = JSON.stringify(this.defect === "without-state" ? withoutState(task) : task);
    await Promise.all(
      configs.map((config) =>
        deliver(
          config.url,
          body,
          "application/json",
          webhookHeaders(
            {
              ...(config.token ? { token: config.token } : {}),
              ...(config.authentication?.schemes[0] ? { scheme: config.authentication.schemes[0] } : {}),
              ...(config.authentication?.credentials
                ? { credentials: config.authentication.credentials }
                : {}),
            },
            this.defect,
          ),
        ),
      ),
    );
  }
}

/** Flaw push-without-state-0x: a notification that names the task, not what became of it. */
function withoutState(task: Task): Record<string, unknown> {
  return { taskId: task.id, event: "task-updated" };
}

/** The push store and sender of a 0.3 agent, with the flaw's defect if any. */
export function pushV03(defect?: PushDefect): {
  store: PushNotificationStore;
  sender: PushNotificationSender;
} {
  const store = defect === "config-not-stored" ? new ForgetfulStore() : new InMemoryPushNotificationStore();
  return { store, sender: new SpecPushSenderV03(store, defect) };
}

import pg from "pg";
import type { QueueEvent } from "./run-hub.js";

/** PostgreSQL channels: run progress for every server, cancels for every worker, new work for idle workers. */
const CHANNELS = {
  event: "plainwright_run_event",
  cancel: "plainwright_run_cancel",
  wake: "plainwright_wake",
} as const;

/** PostgreSQL caps a NOTIFY payload at 8000 bytes; bigger events travel without their body. */
const MAX_PAYLOAD = 7900;

export interface BusHandlers {
  onEvent?: (runId: string, event: QueueEvent) => void;
  onCancel?: (runId: string) => void;
  onWake?: () => void;
}

/**
 * Run events between processes over LISTEN/NOTIFY: a worker publishes what its runs do, every `serve`
 * hears it and feeds its live streams. Notifications go out in order over one connection.
 */
export class RunBus {
  readonly #client: pg.Client;
  #chain: Promise<unknown> = Promise.resolve();
  #closed = false;

  private constructor(client: pg.Client) {
    this.#client = client;
  }

  /** Connects and listens on the channels that have a handler. */
  static async open(url: string, handlers: BusHandlers = {}): Promise<RunBus> {
    const client = new pg.Client({ connectionString: url });
    // A lost connection surfaces on the next publish; live progress is best effort, results are stored.
    client.on("error", () => undefined);
    await client.connect();
    const bus = new RunBus(client);
    client.on("notification", (message) => bus.#dispatch(message, handlers));
    if (handlers.onEvent) await client.query(`LISTEN ${CHANNELS.event}`);
    if (handlers.onCancel) await client.query(`LISTEN ${CHANNELS.cancel}`);
    if (handlers.onWake) await client.query(`LISTEN ${CHANNELS.wake}`);
    return bus;
  }

  #dispatch(message: pg.Notification, handlers: BusHandlers): void {
    try {
      if (message.channel === CHANNELS.wake) handlers.onWake?.();
      else if (message.channel === CHANNELS.cancel) handlers.onCancel?.(message.payload ?? "");
      else if (message.channel === CHANNELS.event) {
        const { run, event } = JSON.parse(message.payload ?? "{}") as { run: string; event: QueueEvent };
        handlers.onEvent?.(run, event);
      }
    } catch {
      // a malformed notification is not ours to act on
    }
  }

  #notify(channel: string, payload: string): Promise<void> {
    const next = this.#chain.then(async () => {
      if (!this.#closed) await this.#client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    });
    this.#chain = next.catch(() => undefined);
    return next.catch(() => undefined);
  }

  /** Publishes one event of a run; a runner event too big for NOTIFY goes without its body. */
  publish(runId: string, event: QueueEvent): Promise<void> {
    let payload = JSON.stringify({ run: runId, event });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD && event.type === "run") {
      payload = JSON.stringify({
        run: runId,
        event: { type: "run", event: { type: event.event.type, truncated: true } },
      });
    }
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) return Promise.resolve();
    return this.#notify(CHANNELS.event, payload);
  }

  cancel(runId: string): Promise<void> {
    return this.#notify(CHANNELS.cancel, runId);
  }

  wake(): Promise<void> {
    return this.#notify(CHANNELS.wake, "");
  }

  async close(): Promise<void> {
    await this.#chain;
    this.#closed = true;
    await this.#client.end().catch(() => undefined);
  }
}

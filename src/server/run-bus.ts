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
  #client: pg.Client | undefined;
  #chain: Promise<unknown> = Promise.resolve();
  #closed = false;

  private constructor(
    private readonly url: string,
    private readonly handlers: BusHandlers,
  ) {}

  /** Connects and listens on the channels that have a handler; reconnects when the connection is lost. */
  static async open(url: string, handlers: BusHandlers = {}): Promise<RunBus> {
    const bus = new RunBus(url, handlers);
    try {
      await bus.#connect();
    } catch (error) {
      bus.#closed = true;
      throw error;
    }
    return bus;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      client.removeAllListeners("notification");
      void client.end().catch(() => undefined);
      // Live progress resumes once the database answers again; results are stored regardless.
      if (!this.#closed) setTimeout(() => void this.#connect().catch(lost), 1000).unref();
    };
    client.on("error", lost);
    client.on("end", lost);
    this.#client = client;
    await client.connect();
    client.on("notification", (message) => this.#dispatch(message, this.handlers));
    if (this.handlers.onEvent) await client.query(`LISTEN ${CHANNELS.event}`);
    if (this.handlers.onCancel) await client.query(`LISTEN ${CHANNELS.cancel}`);
    if (this.handlers.onWake) await client.query(`LISTEN ${CHANNELS.wake}`);
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
      if (!this.#closed) await this.#client?.query("SELECT pg_notify($1, $2)", [channel, payload]);
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
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }
}

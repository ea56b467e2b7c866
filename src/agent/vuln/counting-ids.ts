/** The step both SDKs' request handlers take to name a new task (a2a-js 0.3.14 and 1.0). */
interface NamesTasks {
  _createRequestContext(
    ...args: unknown[]
  ): Promise<{ taskId: string; task?: unknown; userMessage: { taskId?: string } }>;
}

/**
 * The `counting-ids` mode: new tasks are numbered task-000001, task-000002, ... instead of the SDK's
 * random UUIDs, so whoever holds one id can guess its neighbours. One counter serves every handler of an
 * agent (its bindings share the numbering, as they share the tasks).
 */
export class CountingTaskIds {
  #next = 0;

  /** Makes `handler` number the tasks it creates; a message that continues a task keeps the task's id. */
  applyTo(handler: object): void {
    const named = handler as NamesTasks;
    const original = named._createRequestContext.bind(named);
    named._createRequestContext = async (...args) => {
      const ctx = await original(...args);
      if (ctx.task) return ctx;
      this.#next += 1;
      const id = `task-${String(this.#next).padStart(6, "0")}`;
      ctx.taskId = id;
      ctx.userMessage.taskId = id;
      return ctx;
    };
  }
}

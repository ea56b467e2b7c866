import { setTimeout as delay } from "node:timers/promises";

/** Tracks in-flight task work so cancel and close() can stop it promptly. */
export class WorkRegistry {
  private readonly running = new Map<string, AbortController>();
  private readonly contexts = new Map<string, string>();
  private closed = false;

  /** Remembers a task's contextId; cancel events need it after execute() returned. */
  rememberContext(taskId: string, contextId: string): void {
    this.contexts.set(taskId, contextId);
  }

  contextOf(taskId: string): string | undefined {
    return this.contexts.get(taskId);
  }

  /** Waits ms for a task; resolves false when the task was canceled or the agent closed. */
  async work(taskId: string, ms: number): Promise<boolean> {
    if (this.closed) return false;
    const controller = new AbortController();
    this.running.set(taskId, controller);
    try {
      await delay(ms, undefined, { signal: controller.signal });
      return true;
    } catch {
      return false;
    } finally {
      if (this.running.get(taskId) === controller) this.running.delete(taskId);
    }
  }

  /**
   * Works ms for a task in even steps, calling `note` with each progress note between them;
   * resolves false when the task was canceled or the agent closed.
   */
  async workThrough(
    taskId: string,
    ms: number,
    notes: readonly string[],
    note: (text: string) => void,
  ): Promise<boolean> {
    const step = ms / (notes.length + 1);
    for (const text of notes) {
      if (!(await this.work(taskId, step))) return false;
      note(text);
    }
    return this.work(taskId, step);
  }

  /** Stops a task's pending work, if any. */
  abort(taskId: string): void {
    this.running.get(taskId)?.abort();
  }

  /** Stops everything; later work() calls return at once. */
  closeAll(): void {
    this.closed = true;
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
  }
}

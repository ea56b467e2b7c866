import type { Task } from "a2a-sdk-v03";
import { InMemoryTaskStore } from "a2a-sdk-v03/server";
import type { TaskScope } from "../task-scope.js";

/**
 * The SDK's in-memory store, where another caller's task is not there at all: a load answers as for an
 * id never issued, so every operation that reads the task first (get, cancel, resubscribe, push config,
 * a follow-up message) finds nothing (see TaskScope). Each save records the task's owner.
 */
export class ScopedTaskStoreV03 extends InMemoryTaskStore {
  constructor(private readonly scope: TaskScope) {
    super();
  }

  override load(taskId: string): Promise<Task | undefined> {
    return this.scope.mayRead(taskId) ? super.load(taskId) : Promise.resolve(undefined);
  }

  override save(task: Task): Promise<void> {
    this.scope.claim(task.id);
    return super.save(task);
  }
}

import type { ListTasksResponse, Task } from "@a2a-js/sdk";
import { UnsupportedOperationError } from "@a2a-js/sdk/errors";
import { InMemoryTaskStore } from "@a2a-js/sdk/server";
import type { DefaultRequestHandler, ServerCallContext } from "@a2a-js/sdk/server";
import type { ScopeDefect, TaskScope } from "../task-scope.js";

/**
 * The SDK's in-memory store with one bucket per caller (its owner resolver asks the scope), so a load or
 * a list only ever looks at the caller's own tasks; each save also records the task's owner.
 */
export class ScopedTaskStoreV10 extends InMemoryTaskStore {
  readonly #scope: TaskScope;

  constructor(scope: TaskScope) {
    super(scope.bucket);
    this.#scope = scope;
  }

  override save(task: Task, context: ServerCallContext): Promise<void> {
    this.#scope.claim(task.id);
    return super.save(task, context);
  }
}

/** Other callers' tasks that match a ListTasks filter, read from their own buckets. */
async function othersTasks(
  list: DefaultRequestHandler["listTasks"],
  scope: TaskScope,
  params: Parameters<DefaultRequestHandler["listTasks"]>[0],
  context: ServerCallContext,
): Promise<ListTasksResponse["tasks"]> {
  const pages = await Promise.all(
    scope
      .otherOwners()
      .map((owner) => scope.actAs(owner, () => list({ ...params, pageToken: "", pageSize: 100 }, context))),
  );
  return pages.flatMap((page) => page.tasks);
}

/**
 * Breaks the scope of one operation, as the flaw names it (the flaws of src/agent/flaws/auth.ts): the
 * handler's own methods are wrapped, so every binding shows the defect alike.
 */
export function applyScopeDefect(
  handler: DefaultRequestHandler,
  scope: TaskScope,
  defect: ScopeDefect,
): void {
  const getTask = handler.getTask.bind(handler);
  const cancelTask = handler.cancelTask.bind(handler);
  const listTasks = handler.listTasks.bind(handler);
  switch (defect) {
    case "get-unscoped":
      handler.getTask = (params, context) => scope.asOwnerOf(params.id, () => getTask(params, context));
      return;
    case "cancel-unscoped":
      handler.cancelTask = (params, context) => scope.asOwnerOf(params.id, () => cancelTask(params, context));
      return;
    case "foreign-task-forbidden":
      // The existence leak: another caller's task is "forbidden", an unknown one "not found".
      handler.getTask = (params, context) =>
        scope.mayRead(params.id)
          ? getTask(params, context)
          : Promise.reject(new UnsupportedOperationError(`Task ${params.id} belongs to another caller.`));
      return;
    case "list-unscoped":
      handler.listTasks = async (params, context) => {
        const own = await listTasks(params, context);
        const others = await othersTasks(listTasks, scope, params, context);
        return { ...own, tasks: [...own.tasks, ...others], totalSize: own.totalSize + others.length };
      };
      return;
  }
}

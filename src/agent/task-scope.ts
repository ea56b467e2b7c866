import { AsyncLocalStorage } from "node:async_hooks";
import { currentCaller } from "./caller.js";

/**
 * Tasks belong to the caller that created them, on every binding: another caller's GetTask, CancelTask,
 * SubscribeToTask, push-config call or follow-up message finds nothing, exactly as for an id never issued,
 * and ListTasks lists the caller's own tasks only. A2A 1.0.1 §13.1: "Implementations **MUST** ensure
 * appropriate scope limitation based on the authenticated caller's authorization boundaries"; §3.3.2:
 * "Servers **MUST NOT** reveal the existence of resources the client is not authorized to access".
 * The task stores ask it before they load (1.0: the SDK's store keeps one bucket per caller; 0.3: a
 * store that hides another caller's task), so the check comes before the lookup, as §13.1 asks.
 */
export class TaskScope {
  readonly #owners = new Map<string, string>();
  readonly #actingAs = new AsyncLocalStorage<string>();

  /** `shared`: every caller sees every task (the red-team `shared-tasks` mode). */
  constructor(readonly shared = false) {}

  /** The caller whose tasks the store shows now. */
  caller(): string {
    return this.#actingAs.getStore() ?? currentCaller() ?? "anonymous";
  }

  /** The key the 1.0 SDK's task store files the current caller's tasks under (its owner resolver). */
  readonly bucket = (): string => (this.shared ? "shared" : this.caller());

  /** Records the current caller as a task's owner, the first time the task is saved. */
  claim(taskId: string): void {
    if (!this.#owners.has(taskId)) this.#owners.set(taskId, this.caller());
  }

  /** Whether the current caller may see a task (an unknown id is the store's to answer). */
  mayRead(taskId: string): boolean {
    const owner = this.#owners.get(taskId);
    return this.shared || owner === undefined || owner === this.caller();
  }

  /** Every caller that owns a task other than the current one. */
  otherOwners(): string[] {
    const me = this.caller();
    return [...new Set(this.#owners.values())].filter((owner) => owner !== me);
  }

  /** Runs `fn` as another caller: how a flaw steps around the scope. */
  actAs<T>(caller: string, fn: () => T): T {
    return this.#actingAs.run(caller, fn);
  }

  /** Runs `fn` as the owner of a task (as the current caller when the task is unknown). */
  asOwnerOf<T>(taskId: string, fn: () => T): T {
    const owner = this.#owners.get(taskId);
    return owner === undefined ? fn() : this.actAs(owner, fn);
  }
}

/** How a flaw breaks the scope (1.0): each lets one operation see past it. */
export type ScopeDefect = "list-unscoped" | "get-unscoped" | "cancel-unscoped" | "foreign-task-forbidden";

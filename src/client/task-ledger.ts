import { terminalStates, type Reply, type TaskState } from "../protocol/model.js";
import { describeFailure } from "./describe-failure.js";
import type { A2AClient, CallOutcome, StreamListener, StreamOutcome, TaskRecorder } from "./types.js";

/** At most this many tasks are cancelled when a run is stopped; an agent that made more is told nothing more. */
const MAX_CANCELS = 32;

interface OpenTask {
  state: TaskState;
  /** A client for this task's binding and caller that does not hear the stopped run's signal. */
  canceller: () => A2AClient;
}

/** What stopping a run did to the tasks it had started on the agent. */
export interface CancelReport {
  canceled: string[];
  /** Task id and why its cancel did not succeed (refused, unreachable, left over the cap). */
  failed: Array<{ id: string; why: string }>;
}

/**
 * The tasks a run saw the agent start and not yet finish, so that a stopped run can cancel them (A2A 0.3
 * §7.4, 1.0.1 §3.1.5: a client may cancel a task that is not in a terminal state) instead of leaving work
 * running that nobody will read.
 */
export class TaskLedger implements TaskRecorder {
  readonly #open = new Map<string, OpenTask>();

  /** Notes a task's state as a reply showed it; a terminal task leaves the ledger. */
  note(id: string | undefined, state: TaskState, canceller: () => A2AClient): void {
    if (!id) return;
    if (terminalStates.has(state)) this.#open.delete(id);
    else this.#open.set(id, { state, canceller });
  }

  /** The ids of the tasks not known to have finished. */
  openIds(): string[] {
    return [...this.#open.keys()];
  }

  /** Cancels every task not known to have finished, in parallel, each within its client's timeout. */
  async cancelOpen(): Promise<CancelReport> {
    const open = [...this.#open];
    this.#open.clear();
    const report: CancelReport = { canceled: [], failed: [] };
    for (const [id] of open.slice(MAX_CANCELS))
      report.failed.push({ id, why: `not tried: more than ${MAX_CANCELS} tasks were open` });
    await Promise.all(
      open.slice(0, MAX_CANCELS).map(async ([id, task]) => {
        const client = task.canceller();
        try {
          const got = await client.cancelTask(id);
          if (got.ok) report.canceled.push(id);
          else
            report.failed.push({
              id,
              why: got.kind === "error" ? got.error.message : describeFailure(got),
            });
        } finally {
          client.close();
        }
      }),
    );
    return report;
  }
}

/** The task a reply is about and the state it shows, when it shows one. */
function taskStateOf(reply: Reply): { id: string | undefined; state: TaskState } | undefined {
  if (reply.kind === "task") return { id: reply.id, state: reply.state };
  if (reply.kind === "status-update") return { id: reply.taskId, state: reply.state };
  return undefined;
}

/**
 * The same client, noting in the ledger every task state its replies show. Wrapped here, once, so that
 * every binding and every caller of createClient feeds the same ledger.
 */
export function recordingTasks(
  client: A2AClient,
  ledger: TaskRecorder,
  canceller: () => A2AClient,
): A2AClient {
  const noteReply = (reply: Reply) => {
    const seen = taskStateOf(reply);
    if (seen) ledger.note(seen.id, seen.state, canceller);
  };
  const noteOutcome = <T extends Reply>(outcome: CallOutcome<T>): CallOutcome<T> => {
    if (outcome.ok) noteReply(outcome.value);
    return outcome;
  };
  // A caller's own event callback hears each event as it comes; without one the events are read at the
  // end (a binding reads a stream differently when it is watched live).
  const noteStream = (onEvent?: StreamListener) =>
    onEvent &&
    ((event: Reply, raw: unknown, unframed?: string, stray?: true): void => {
      noteReply(event);
      onEvent(event, raw, unframed, stray);
    });
  const noteStreamEnd = (outcome: StreamOutcome, live: boolean): StreamOutcome => {
    if (!live) outcome.events.forEach(noteReply);
    return outcome;
  };
  const tracked: Partial<A2AClient> = {
    send: async (input, options) => noteOutcome(await client.send(input, options)),
    stream: async (input, onEvent) =>
      noteStreamEnd(await client.stream(input, noteStream(onEvent)), onEvent !== undefined),
    getTask: async (id, historyLength) => noteOutcome(await client.getTask(id, historyLength)),
    cancelTask: async (id) => noteOutcome(await client.cancelTask(id)),
    subscribe: async (id, onEvent) =>
      noteStreamEnd(await client.subscribe(id, noteStream(onEvent)), onEvent !== undefined),
  };
  // prepareSend stays the client's own: a load run sends it tens of thousands of times a second, and its
  // requests end with the run that made them.
  // A proxy, not a copy: the binding's own class stays visible (instanceof, raw JSON-RPC calls) and every
  // method the ledger does not read is the client's own, called on the client itself.
  return new Proxy(client, {
    get(target, property) {
      const own = tracked[property as keyof A2AClient];
      if (own) return own;
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

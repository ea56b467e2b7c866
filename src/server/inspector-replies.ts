import type { A2AClient, CallOutcome } from "../client/types.js";
import type { ProtocolGeneration } from "../model/generation.js";
import { emptyPartsProblem, replyShapeProblem } from "../protocol/validate-reply.js";

/**
 * The inspector checks each reply (docs/api.md): status.state and non-empty parts. Every raw reply
 * (a send's result, a task read, each stream event) is judged by the one validator,
 * `replyShapeProblem`, as it arrives.
 */
export class ReplyChecks {
  readonly problems: string[] = [];
  #count = 0;

  constructor(readonly generation: ProtocolGeneration) {}

  /** Judges one raw reply; `what` names it in the problem ("event 3", "the tasks/get reply"). */
  check(raw: unknown, what?: string): string | undefined {
    const n = ++this.#count;
    const problem = replyShapeProblem(raw, this.generation) ?? emptyPartsProblem(raw);
    if (!problem) return undefined;
    const line = `${what ?? `reply ${n}`}: ${problem}`;
    // A flooding stream repeats itself; keep the browser's list short.
    if (this.problems.length < 20 && !this.problems.includes(line)) this.problems.push(line);
    return line;
  }

  /** Judges a call's outcome when it returned a value. */
  outcome<T>(outcome: CallOutcome<T>, what: string): CallOutcome<T> {
    if (outcome.ok) this.check(outcome.raw, what);
    return outcome;
  }
}

/**
 * The client with every unary reply it returns judged by `checks` (streams are judged event by
 * event by their listener). Delegation, not a subclass: the bindings keep private fields.
 */
export function checkedClient(client: A2AClient, checks: ReplyChecks): A2AClient {
  return {
    target: client.target,
    send: async (input, options) => checks.outcome(await client.send(input, options), "the reply"),
    prepareSend: (input) => {
      const send = client.prepareSend(input);
      return async () => checks.outcome(await send(), "the reply");
    },
    stream: (input, onEvent) => client.stream(input, onEvent),
    getTask: async (id, historyLength) =>
      checks.outcome(await client.getTask(id, historyLength), "a task read"),
    listTasks: (query) => client.listTasks(query),
    cancelTask: async (id) => checks.outcome(await client.cancelTask(id), "the cancel reply"),
    subscribe: (id, onEvent) => client.subscribe(id, onEvent),
    setPushConfig: (taskId, config) => client.setPushConfig(taskId, config),
    getPushConfig: (taskId, configId) => client.getPushConfig(taskId, configId),
    listPushConfigs: (taskId) => client.listPushConfigs(taskId),
    deletePushConfig: (taskId, configId) => client.deletePushConfig(taskId, configId),
    getExtendedCard: () => client.getExtendedCard(),
    close: () => client.close(),
  };
}

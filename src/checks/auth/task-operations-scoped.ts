import type { A2AClient, CallOutcome } from "../../client/types.js";
import { defineCheck, fail, pass } from "../define.js";
import {
  answerOf,
  asOtherCaller,
  credentialRefused,
  neverIssuedId,
  ownTask,
  refusedVerdict,
  streamAnswerOf,
} from "../support/other-caller.js";
import type { CheckContext } from "../types.js";

interface Answer {
  answer: string;
  trafficIds: string[];
  /** The agent refused the credential itself, before looking for any task. */
  refused?: CallOutcome<unknown>;
}

const called = (ctx: CheckContext, outcome: CallOutcome<unknown>): Answer => ({
  answer: answerOf(ctx, outcome),
  trafficIds: outcome.trafficIds,
  ...(credentialRefused(ctx, outcome) ? { refused: outcome } : {}),
});

interface Operation {
  name: string;
  applies(ctx: CheckContext): boolean;
  call(client: A2AClient, taskId: string, ctx: CheckContext): Promise<Answer>;
}

/** The task-related operations of §13.1 besides GetTask; each asked of the run's task and of an unknown id. */
const operations: Operation[] = [
  {
    name: "CancelTask",
    applies: () => true,
    call: async (c, id, ctx) => called(ctx, await c.cancelTask(id)),
  },
  {
    name: "a message into the task",
    applies: () => true,
    call: async (c, id, ctx) => called(ctx, await c.send({ text: ctx.fixtures.message, taskId: id })),
  },
  {
    name: "SubscribeToTask",
    applies: (ctx) => ctx.validation.card.capabilities.streaming,
    call: async (c, id, ctx) => {
      const stream = await c.subscribe(id);
      return { answer: streamAnswerOf(ctx, stream), trafficIds: stream.trafficIds };
    },
  },
  {
    name: "ListTaskPushNotificationConfigs",
    applies: (ctx) => ctx.validation.card.capabilities.pushNotifications,
    call: async (c, id, ctx) => called(ctx, await c.listPushConfigs(id)),
  },
];

interface Compared {
  operation: string;
  foreign: string;
  unknown: string;
}

/** Each operation on the run's task and on an id never issued, as the other caller. */
async function compare(ctx: CheckContext, other: A2AClient, taskId: string, evidence: string[]) {
  const missing = neverIssuedId();
  const compared: Compared[] = [];
  for (const op of operations.filter((o) => o.applies(ctx))) {
    const unknown = await op.call(other, missing, ctx);
    evidence.push(...unknown.trafficIds);
    if (unknown.refused) return { compared, refusedOutright: unknown.refused };
    const foreign = await op.call(other, taskId, ctx);
    evidence.push(...foreign.trafficIds);
    compared.push({ operation: op.name, foreign: foreign.answer, unknown: unknown.answer });
  }
  return { compared, refusedOutright: undefined };
}

export default defineCheck({
  id: "auth.task-operations-scoped",
  title:
    "Another caller's CancelTask and SubscribeToTask on the run's task are refused as for an unknown task",
  category: "auth",
  level: "MUST",
  requirement:
    "CancelTask, a message into the task, SubscribeToTask (when streaming) and ListTaskPushNotificationConfigs (when push is claimed) check that the caller may act on the task: a second caller (--identity) gets the same answer for the run's task as for an id never issued, and never reaches the task.",
  spec: "A2A 1.0.1 §13.1 (operations requiring scope limitation), §3.1.1, §3.1.5, §3.1.6, §3.1.9",
  tck: ["AUTH-SCOPE-001", "AUTH-SCOPE-003"],
  quote: {
    spec: "A2A 1.0.1 §13.1",
    text: "Task-related operations (Cancel, Subscribe, Push Notification Config): MUST verify the client has appropriate access rights according to the agent's authorization model",
  },
  recommendation:
    "Scope every task operation (CancelTask, SendMessage with a taskId, SubscribeToTask, the push-config methods) to the caller as GetTask is: another caller's task id answers TaskNotFoundError before anything acts on the task.",
  selfTest: [{ flaw: "task-cancelable-by-all", protocols: ["1.0"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["1.0"],
  run: async (ctx) =>
    asOtherCaller(ctx, async (other, name) => {
      const own = await ownTask(ctx);
      if (!own.ok) return own.verdict;
      const evidence = [...own.evidence];
      const { compared, refusedOutright } = await compare(ctx, other, own.task.id, evidence);
      if (refusedOutright) return refusedVerdict(ctx, name, refusedOutright);
      const differs = compared.find((c) => c.foreign !== c.unknown);
      if (differs)
        return fail(
          `${differs.operation} as "${name}" on the run's task ${own.task.id} answered ${differs.foreign}, but on an id never issued ${differs.unknown}: the call reached the task`,
          evidence,
        );
      return pass(
        compared
          .map((c) => `${c.operation} as "${name}" answered the run's task as an unknown one (${c.foreign})`)
          .join("; "),
        evidence,
      );
    }),
});

import type { A2AClient, CallOutcome, StreamOutcome } from "../../client/types.js";
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
  /** The call got hold of the task it named: a task of that id back, or its events. */
  reached: boolean;
  /** The agent refused the credential itself, before looking for any task. */
  refused?: CallOutcome<unknown>;
}

function called(ctx: CheckContext, outcome: CallOutcome<unknown>, taskId: string): Answer {
  const value = outcome.ok ? (outcome.value as { id?: unknown }) : undefined;
  return {
    answer: answerOf(ctx, outcome),
    trafficIds: outcome.trafficIds,
    reached: value?.id === taskId,
    ...(credentialRefused(ctx, outcome) ? { refused: outcome } : {}),
  };
}

function streamed(ctx: CheckContext, stream: StreamOutcome): Answer {
  return {
    answer: streamAnswerOf(ctx, stream),
    trafficIds: stream.trafficIds,
    reached: !stream.failure && stream.events.length > 0,
    ...(stream.failure && credentialRefused(ctx, stream.failure) ? { refused: stream.failure } : {}),
  };
}

interface Operation {
  name: string;
  applies(ctx: CheckContext): boolean;
  call(client: A2AClient, taskId: string, ctx: CheckContext): Promise<Answer>;
}

/** The task-related operations of §13.1 besides GetTask, each asked of the run's task and of an unknown id. */
const operations: Operation[] = [
  {
    name: "CancelTask",
    applies: () => true,
    call: async (c, id, ctx) => called(ctx, await c.cancelTask(id), id),
  },
  {
    name: "a message into the task",
    applies: () => true,
    call: async (c, id, ctx) => called(ctx, await c.send({ text: ctx.fixtures.message, taskId: id }), id),
  },
  {
    name: "SubscribeToTask",
    applies: (ctx) => ctx.validation.card.capabilities.streaming,
    call: async (c, id, ctx) => streamed(ctx, await c.subscribe(id)),
  },
  {
    name: "ListTaskPushNotificationConfigs",
    applies: (ctx) => ctx.validation.card.capabilities.pushNotifications,
    call: async (c, id, ctx) => {
      const outcome = await c.listPushConfigs(id);
      return { ...called(ctx, outcome, id), reached: outcome.ok };
    },
  },
];

interface Compared {
  operation: string;
  foreign: Answer;
  unknown: Answer;
}

/** Each operation on an id never issued, then on the run's task, as the other caller. */
async function compare(ctx: CheckContext, other: A2AClient, taskId: string, evidence: string[]) {
  const missing = neverIssuedId();
  const compared: Compared[] = [];
  for (const op of operations.filter((o) => o.applies(ctx))) {
    const unknown = await op.call(other, missing, ctx);
    evidence.push(...unknown.trafficIds);
    if (unknown.refused) return { compared, refusedOutright: unknown.refused };
    const foreign = await op.call(other, taskId, ctx);
    evidence.push(...foreign.trafficIds);
    compared.push({ operation: op.name, foreign, unknown });
  }
  return { compared, refusedOutright: undefined };
}

export default defineCheck({
  id: "auth.task-operations-scoped",
  title: "Another caller's cancel, message, subscribe and push-config calls on the run's task find no task",
  category: "auth",
  level: "MUST",
  requirement:
    "CancelTask, a message into the task, SubscribeToTask (when streaming is claimed) and ListTaskPushNotificationConfigs (when push is claimed) check that the caller may act on the task: a second caller (--identity) never reaches the run's task and gets the same answer for it as for an id never issued.",
  spec: "A2A 1.0.1 §13.1 (operations requiring scope limitation), §3.1.1, §3.1.5, §3.1.6, §3.1.9",
  tck: ["AUTH-SCOPE-001", "AUTH-SCOPE-003"],
  quote: {
    spec: "A2A 1.0.1 §13.1",
    text: "Task-related operations (Cancel, Subscribe, Push Notification Config): MUST verify the client has appropriate access rights according to the agent's authorization model",
  },
  recommendation:
    "Scope every task operation (CancelTask, SendMessage with a taskId, SubscribeToTask, the push-config methods) to the caller as GetTask is: another caller's task id answers TaskNotFoundError before anything acts on the task.",
  selfTest: [
    { flaw: "task-cancelable-by-all", protocols: ["1.0"], violates: ["AUTH-SCOPE-001", "AUTH-SCOPE-003"] },
  ],
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
      const broken = compared.find((c) => c.foreign.reached || c.foreign.answer !== c.unknown.answer);
      if (broken)
        return fail(
          `${broken.operation} as "${name}" on the run's task ${own.task.id} answered ${broken.foreign.answer}, but on an id never issued ${broken.unknown.answer}: the call reached the task`,
          evidence,
        );
      return pass(
        compared
          .map((c) => `${c.operation} as "${name}" found no task (${c.foreign.answer}, as for an unknown id)`)
          .join("; "),
        evidence,
      );
    }),
});

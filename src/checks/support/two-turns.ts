import { randomUUID } from "node:crypto";
import type { Message, Part } from "../../protocol/model.js";
import { textOfParts } from "../../protocol/reply-text.js";
import type { Provided } from "../fixtures.js";
import { describeFailure } from "../../client/describe-failure.js";
import type { CheckContext } from "../types.js";
import { ownAskingTask } from "./own-task.js";

/** One user message the suite sent to the task, as sent. */
export interface SentTurn {
  messageId: string;
  text: string;
}

/** A task that took two user messages, and its history read back with a generous historyLength. */
export interface TwoTurns {
  taskId: string;
  sent: [SentTurn, SentTurn];
  history: Message[];
  evidence: string[];
}

/** Where a sent message sits in the history: found by its messageId, else by its text from the user. */
export interface Located {
  index: number;
  byId: boolean;
  message: Message;
}

/** The text parts of a message, joined by the one rule (protocol/reply-text.ts), as the suite compares them. */
export function textOf(parts: readonly Part[]): string {
  return textOfParts(parts).trim();
}

/** Finds a sent message in the history; undefined when the agent did not keep it (or changed it past recognition). */
export function locate(history: readonly Message[], turn: SentTurn): Located | undefined {
  const byId = history.findIndex((m) => m.messageId === turn.messageId);
  if (byId >= 0) return { index: byId, byId: true, message: history[byId] as Message };
  const byText = history.findIndex((m) => m.role === "user" && textOf(m.parts) === turn.text);
  return byText >= 0 ? { index: byText, byId: false, message: history[byText] as Message } : undefined;
}

/**
 * A task that asked back, answered once more, then read with historyLength 100 (the conformance
 * procedure's "whole history"): one per binding, shared by the history checks. The reason of a failure is
 * for withoutAskingTask.
 */
export function twoTurnTask(ctx: CheckContext): Promise<Provided<TwoTurns>> {
  return ctx.fixtures.once("two-turns", () => makeTwoTurns(ctx));
}

async function makeTwoTurns(ctx: CheckContext): Promise<Provided<TwoTurns>> {
  const firstId = randomUUID();
  const asked = await ownAskingTask(ctx, firstId);
  if (!asked.ok) return asked;
  const task = asked.value;
  const first = { messageId: firstId, text: (await ctx.fixtures.askingMessage()) ?? "" };
  const second = { messageId: randomUUID(), text: ctx.fixtures.message };
  const answer = await ctx.client.send({
    ...second,
    taskId: task.id,
    ...(task.contextId ? { contextId: task.contextId } : {}),
  });
  const evidence = [...asked.evidence, ...answer.trafficIds];
  if (!answer.ok)
    return {
      ok: false,
      reason: `the second message to ${task.id} failed: ${describeFailure(answer)}`,
      evidence,
    };
  const read = await ctx.client.getTask(task.id, 100);
  evidence.push(...read.trafficIds);
  if (!read.ok) return { ok: false, reason: `reading task ${task.id}: ${describeFailure(read)}`, evidence };
  return {
    ok: true,
    value: { taskId: task.id, sent: [first, second], history: read.value.history, evidence },
    evidence,
  };
}

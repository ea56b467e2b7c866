import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { SendOptions } from "./dialects.js";
import { jsonrpc, type FlawCheck, type FlawProbe } from "./flaw-probe.js";
import { resultOf, rpc } from "./http-client.js";

type Json = Record<string, unknown>;

/** Sends one message and returns the raw Task of the result (1.0 `{task}`); throws on an error reply. */
async function send(probe: FlawProbe, text: string, options: SendOptions = {}): Promise<Json> {
  const { dialect } = probe;
  const reply = await rpc(
    jsonrpc(probe),
    dialect.methods.send,
    dialect.sendParams(text, options),
    dialect.headers,
  );
  const result = resultOf(reply) as Json;
  return (result.task ?? result) as Json;
}

const ASKS_BACK = "This is ambiguous";

/** Multi-turn flaw checks: each passes on its flaw and throws on the flawless agent. */
export const MULTI_TURN_CHECKS: Record<string, FlawCheck> = {
  "unknown-task-message-accepted": async (probe) => {
    const task = await send(probe, "Hello again.", { taskId: `missing-${randomUUID()}` });
    expect(task.id).toBeTypeOf("string");
  },
  "context-mismatch-accepted": async (probe) => {
    const asked = await send(probe, ASKS_BACK);
    const task = await send(probe, "The invoice.", { taskId: String(asked.id), contextId: randomUUID() });
    expect(task.id).toBe(asked.id);
  },
  "task-context-not-inferred": async (probe) => {
    const asked = await send(probe, ASKS_BACK);
    const task = await send(probe, "The invoice.", { taskId: String(asked.id) });
    expect(task.contextId).not.toBe(asked.contextId);
  },
};

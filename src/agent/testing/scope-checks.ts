import { expect } from "vitest";
import { jsonrpc, newTask, type FlawCheck, type FlawProbe } from "./flaw-probe.js";
import { rpc, type RpcReply } from "./http-client.js";

type Json = Record<string, unknown>;

/** The agent names a caller by its Authorization header; without a token required, any value will do. */
const asBob = (probe: FlawProbe) => ({ ...probe.dialect.headers, Authorization: "Bearer bob" });

function bobCalls(probe: FlawProbe, method: string, params: unknown): Promise<RpcReply> {
  return rpc(jsonrpc(probe), method, params, asBob(probe));
}

const errorOf = (reply: RpcReply) => reply.body.error as Json | undefined;

/** Task-scope flaw checks: each passes on its flaw and throws on the flawless agent. */
export const SCOPE_CHECKS: Record<string, FlawCheck> = {
  "tasks-listed-to-all": async (probe) => {
    const task = await newTask(probe);
    const reply = await bobCalls(probe, "ListTasks", { pageSize: 100 });
    const tasks = ((reply.body.result as Json | undefined)?.tasks ?? []) as Json[];
    expect(tasks.map((t) => t.id)).toContain(task.id);
  },
  "task-readable-by-all": async (probe) => {
    const task = await newTask(probe);
    const reply = await bobCalls(probe, probe.dialect.methods.get, { id: task.id });
    expect(errorOf(reply)).toBeUndefined();
  },
  "task-cancelable-by-all": async (probe) => {
    const task = await newTask(probe);
    // A finished task: the cancel reaches it, and is refused as not cancelable rather than not found.
    const reply = await bobCalls(probe, probe.dialect.methods.cancel, { id: task.id });
    expect(errorOf(reply)?.code).toBe(-32002);
  },
  "foreign-task-forbidden": async (probe) => {
    const task = await newTask(probe);
    const foreign = errorOf(await bobCalls(probe, probe.dialect.methods.get, { id: task.id }));
    const unknown = errorOf(await bobCalls(probe, probe.dialect.methods.get, { id: `none-${task.id}` }));
    expect(unknown?.code).toBe(-32001);
    expect(foreign?.code).not.toBe(unknown?.code);
  },
};

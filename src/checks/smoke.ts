import { sendTurn } from "../client/turn.js";
import type { A2AClient } from "../client/types.js";
import type { TrafficLog } from "../net/traffic.js";
import type { Message, Task } from "../protocol/model.js";
import { replyText } from "../protocol/reply-text.js";

/** The default smoke message (docs/test-files.md). */
export const defaultSmokeMessage = "Hello! In one or two sentences, what can you help me with?";

export interface SmokeOptions {
  /** A client of the negotiated generation, over any binding. */
  client: A2AClient;
  /** The log the client records into (the request is reported as it went on the wire). */
  traffic: TrafficLog;
  message: string;
  /** Overall budget for settling a submitted/working task (the test's timeout_s). */
  timeoutMs: number;
  /** A settling task is polled every second (docs/test-files.md). */
  pollIntervalMs?: number;
}

export interface SmokeOutcome {
  passed: boolean;
  /** Why it did not pass, in the words of docs/test-files.md. */
  reason?: string;
  request: { method: string; params: unknown };
  reply_kind?: "message" | "task";
  task_state?: string;
  task_id?: string;
  context_id?: string;
  text: string;
  polls: number;
}

/** docs/test-files.md's pass rules beyond "is a Message or Task": not a failed task, and some text. */
function judge(reply: Task | Message): string | undefined {
  if (reply.kind === "task" && reply.state === "failed") {
    const said = replyText({ ...reply, artifacts: [], history: [] });
    return `the task failed${said ? `: "${said.slice(0, 200)}"` : ""}`;
  }
  if (replyText(reply) === "") return "the reply contains no text";
  return undefined;
}

/** docs/test-files.md, "Smoke check": one message; passes on a Message or Task that did not fail and has text. */
export async function runSmoke(opts: SmokeOptions): Promise<SmokeOutcome> {
  const turn = await sendTurn(
    opts.client,
    { text: opts.message },
    {
      deadline: Date.now() + opts.timeoutMs,
      traffic: opts.traffic,
      ...(opts.pollIntervalMs ? { pollIntervalMs: opts.pollIntervalMs } : {}),
    },
  );
  const reply = turn.reply;
  const described = reply
    ? {
        reply_kind: reply.kind,
        text: replyText(reply),
        ...(reply.kind === "task" ? { task_state: reply.state, task_id: reply.id } : {}),
        ...(reply.contextId ? { context_id: reply.contextId } : {}),
      }
    : { text: "" };
  const reason = turn.failure ?? (reply ? judge(reply) : "the reply is neither a Message nor a Task");
  return {
    request: turn.request,
    polls: turn.polls,
    ...described,
    passed: reason === undefined,
    ...(reason ? { reason: reason.replace(/^the message /, "the smoke message ") } : {}),
  };
}

import { randomUUID } from "node:crypto";
import { planReply } from "../helpdesk.js";
import { RPC, sendRpcError, sendRpcResult } from "../http/jsonrpc-front.js";
import { writeRpcEventStream } from "../http/sse.js";
import type { AgentProtocol, FlawDefinition, RpcCall } from "../types.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

interface V01Params {
  id?: unknown;
  sessionId?: unknown;
  message?: { parts?: { type?: unknown; text?: unknown }[] };
}

/** An A2A 0.1 `tasks/send` answer: client-chosen id, `type` parts, chunked artifacts (A2A 1.0 §9.4). */
function v01Task(call: RpcCall): unknown {
  const params = (call.params ?? {}) as V01Params;
  const text = (params.message?.parts ?? [])
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .join(" ")
    .trim();
  const outcome = planReply(text, false, { workMs: 0, slowTaskMs: 0 }).outcome;
  const reply = outcome.kind === "completed" ? outcome.text : "Could you tell me a little more?";
  return {
    id: typeof params.id === "string" ? params.id : randomUUID(),
    ...(typeof params.sessionId === "string" ? { sessionId: params.sessionId } : {}),
    status: {
      state: "completed",
      message: { role: "agent", parts: [{ type: "text", text: reply }] },
      timestamp: new Date().toISOString(),
    },
    artifacts: [{ parts: [{ type: "text", text: reply }], index: 0 }],
  };
}

/** Defects in the reply to the smoke message (docs/test-files.md: smoke check). */
export const SMOKE_FLAWS: FlawDefinition[] = [
  {
    name: "task-fails",
    category: "smoke",
    protocols: BOTH,
    description: "Every task ends in failed, with a status message saying why.",
    expect: "smoke fails: the task is in the failed state",
    plan: (plan) => ({
      ...plan,
      outcome: {
        kind: "failed",
        reason: "The billing system is unavailable right now. Please try again later.",
      },
    }),
  },
  {
    name: "reply-no-text",
    category: "smoke",
    protocols: BOTH,
    description:
      "The task completes with only a data-part artifact: no agent text anywhere, no status message.",
    expect: "smoke fails: the reply contains no text",
    plan: (plan) => ({
      ...plan,
      outcome: { kind: "data-only", data: { ticket: "HD-1042", queue: "billing" } },
    }),
  },
  {
    name: "reply-not-a2a",
    category: "smoke",
    protocols: BOTH,
    description: 'The send result is {"hello":"world"}: neither a Message nor a Task.',
    expect: "smoke fails: neither a Message nor a Task",
    rpc: (call, res, kit) => {
      if (call.method !== kit.sendMethod) return false;
      sendRpcResult(res, call.id, { hello: "world" });
      return true;
    },
  },
  {
    name: "task-never-completes",
    category: "smoke",
    protocols: BOTH,
    description:
      "Tasks stay working forever; send returns a working task and tasks/get keeps saying working.",
    expect: "smoke fails after polling times out (task never leaves working)",
    plan: (plan) => ({ ...plan, outcome: { kind: "stays-working" } }),
  },
  {
    name: "tasks-send-only",
    category: "smoke",
    protocols: BOTH,
    description:
      "An A2A 0.1-era agent: message/send and SendMessage get -32601; tasks/send answers a 0.1 Task.",
    expect: "falls back to tasks/send after -32601 and passes",
    rpc: (call, res, kit) => {
      if (call.method === kit.sendMethod || call.method === kit.streamMethod) {
        sendRpcError(res, call.id, { code: RPC.methodNotFound, message: `Method not found: ${call.method}` });
        return true;
      }
      if (call.method !== "tasks/send") return false;
      sendRpcResult(res, call.id, v01Task(call));
      return true;
    },
  },
  {
    name: "stream-reply-to-send",
    category: "smoke",
    protocols: BOTH,
    description:
      "message/send is answered with HTTP 200 text/event-stream: working status, artifact, then the completed Task.",
    expect: "reads the last JSON-RPC result of the stream (a completed Task with text) and passes",
    rpc: async (call, res, kit) => {
      if (call.method !== kit.sendMethod) return false;
      let result: unknown;
      try {
        result = await kit.sendBlocking(call.params);
      } catch {
        return false; // let the SDK produce the proper error for bad params
      }
      writeRpcEventStream(res, call.id, kit.streamResultsFor(result));
      return true;
    },
  },
];

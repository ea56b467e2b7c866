import { randomUUID } from "node:crypto";
import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { TrafficLog } from "../net/traffic.js";
import type { ProtocolGeneration } from "../protocol/generation.js";
import { normalizeReply } from "../protocol/normalize.js";
import type { Reply } from "../protocol/model.js";
import { callJsonRpc, type RpcOutcome } from "./jsonrpc.js";
import { methodName, type Operation } from "./methods.js";

export interface JsonRpcClientOptions {
  url: string;
  generation: ProtocolGeneration;
  headers?: Record<string, string>;
  timeoutMs: number;
  policy: OutboundPolicy;
  traffic?: TrafficLog;
}

export interface SendInput {
  text: string;
  contextId?: string;
  taskId?: string;
}

/** A call's outcome together with what was sent, so reporters can show the exact request. */
export interface Exchange {
  method: string;
  params: unknown;
  outcome: RpcOutcome;
  /** The normalised reply when the outcome carried a readable result. */
  reply?: Reply;
}

/** Builds the user message in the shape each generation expects (A2A-DIGEST §3.1–3.2). */
export function userMessage(generation: ProtocolGeneration, input: SendInput): Record<string, unknown> {
  const ids = {
    ...(input.contextId ? { contextId: input.contextId } : {}),
    ...(input.taskId ? { taskId: input.taskId } : {}),
  };
  switch (generation) {
    case "0.1":
      return { role: "user", parts: [{ type: "text", text: input.text }] };
    case "0.2":
    case "0.3":
      return {
        kind: "message",
        messageId: randomUUID(),
        role: "user",
        parts: [{ kind: "text", text: input.text }],
        ...ids,
      };
    case "1.0":
      return { messageId: randomUUID(), role: "ROLE_USER", parts: [{ text: input.text }], ...ids };
  }
}

function sendParams(generation: ProtocolGeneration, input: SendInput): Record<string, unknown> {
  const message = userMessage(generation, input);
  // 0.1 clients chose the task id and carried the conversation in sessionId.
  if (generation === "0.1")
    return {
      id: input.taskId ?? randomUUID(),
      ...(input.contextId ? { sessionId: input.contextId } : {}),
      message,
    };
  // acceptedOutputModes was required up to 0.2.5.
  if (generation === "0.2")
    return { message, configuration: { acceptedOutputModes: ["text/plain", "application/json"] } };
  return { message };
}

/** A2A over JSON-RPC 2.0 in one generation; every call is recorded in the traffic log. */
export class A2AJsonRpcClient {
  constructor(readonly options: JsonRpcClientOptions) {}

  get generation(): ProtocolGeneration {
    return this.options.generation;
  }

  /** Switches generation after negotiation (e.g. a -32601 that reveals a 0.1 agent). */
  withGeneration(generation: ProtocolGeneration): A2AJsonRpcClient {
    return new A2AJsonRpcClient({ ...this.options, generation });
  }

  private headers(): Record<string, string> {
    // 1.0 §3.6: clients MUST send A2A-Version (Major.Minor only).
    const version: Record<string, string> = this.options.generation === "1.0" ? { "A2A-Version": "1.0" } : {};
    return { ...version, ...this.options.headers };
  }

  async call(op: Operation, params: unknown, onStreamResult?: (r: unknown) => void): Promise<Exchange> {
    const method = methodName(this.options.generation, op);
    const outcome = await callJsonRpc({
      url: this.options.url,
      method,
      params,
      headers: this.headers(),
      timeoutMs: this.options.timeoutMs,
      policy: this.options.policy,
      traffic: this.options.traffic,
      onStreamResult,
    });
    const last =
      outcome.kind === "stream"
        ? outcome.results.at(-1)
        : outcome.kind === "result"
          ? outcome.result
          : undefined;
    return { method, params, outcome, reply: last === undefined ? undefined : normalizeReply(last) };
  }

  /** Sends one text message (a new task, or the continuation of `taskId`). */
  send(input: SendInput): Promise<Exchange> {
    return this.call("send", sendParams(this.options.generation, input));
  }

  /** Reads a task; historyLength only when asked for. */
  getTask(id: string, historyLength?: number): Promise<Exchange> {
    return this.call("get", { id, ...(historyLength === undefined ? {} : { historyLength }) });
  }

  cancelTask(id: string): Promise<Exchange> {
    return this.call("cancel", { id });
  }
}

import type { OutboundPolicy } from "../net/outbound-policy.js";
import type { ProtocolGeneration } from "../protocol/generation.js";
import { normalizeReply } from "../protocol/normalize.js";
import type { Reply } from "../protocol/model.js";
import { TrafficLog } from "../net/traffic.js";
import type { RpcOutcome } from "./jsonrpc.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { sendParams } from "./jsonrpc-params.js";
import { methodName, type Operation } from "./methods.js";
import type { SendInput } from "./types.js";

export interface JsonRpcClientOptions {
  url: string;
  generation: ProtocolGeneration;
  headers?: Record<string, string>;
  timeoutMs: number;
  policy: OutboundPolicy;
  traffic?: TrafficLog;
}

export type { SendInput } from "./types.js";
export { userMessage } from "./jsonrpc-params.js";

/** A call's outcome together with what was sent, so reporters can show the exact request. */
export interface Exchange {
  method: string;
  params: unknown;
  outcome: RpcOutcome;
  /** The normalised reply when the outcome carried a readable result. */
  reply?: Reply;
}

/**
 * The seed's per-turn view of A2A over JSON-RPC: every call returns the exact method and params sent
 * with the raw outcome, which the smoke check and conversations report. The wire work is the JSON-RPC
 * binding's (JsonRpcA2AClient), so headers, versions and recording have one implementation.
 */
export class A2AJsonRpcClient {
  private readonly binding: JsonRpcA2AClient;

  constructor(readonly options: JsonRpcClientOptions) {
    this.binding = new JsonRpcA2AClient(
      { url: options.url, binding: "JSONRPC", generation: options.generation },
      {
        headers: options.headers ?? {},
        timeoutMs: options.timeoutMs,
        policy: options.policy,
        traffic: options.traffic ?? new TrafficLog(),
      },
    );
  }

  get generation(): ProtocolGeneration {
    return this.options.generation;
  }

  /** Switches generation after negotiation (e.g. a -32601 that reveals a 0.1 agent). */
  withGeneration(generation: ProtocolGeneration): A2AJsonRpcClient {
    return new A2AJsonRpcClient({ ...this.options, generation });
  }

  async call(op: Operation, params: unknown, onStreamResult?: (r: unknown) => void): Promise<Exchange> {
    const method = methodName(this.options.generation, op);
    const outcome = await this.binding.rawCall(method, params, onStreamResult);
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

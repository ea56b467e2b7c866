import { isObject } from "../json.js";
import type { AgentProtocol, FlawDefinition } from "../types.js";

const BOTH: AgentProtocol[] = ["0.3", "1.0"];

/** Protocol-level deviations that are not about the card or the smoke reply's content. */
export const PROTOCOL_FLAWS: FlawDefinition[] = [
  {
    name: "message-reply",
    category: "protocol",
    protocols: BOTH,
    description: "Answers with a Message instead of a Task (allowed by the spec, not a defect).",
    expect:
      "allowed (A2A 0.3 §7.1, 1.0.1 §3.1.1: the reply is a Task or a Message): smoke passes with the Message's text, and the checks that judge tasks do not apply",
    allowed: true,
    plan: (plan) => ({
      ...plan,
      outcome: { kind: "message", text: "I can help with billing, refunds and account questions." },
    }),
  },
  {
    name: "message-reply-without-context",
    category: "protocol",
    protocols: ["1.0"],
    description:
      "Answers with a Message (allowed), but the Message has no contextId, although the proto says server messages carry one.",
    expect: "lifecycle.message-reply-context fails",
    unhinted: true,
    plan: (plan) => ({ ...plan, outcome: { kind: "message", text: "I can help with billing and refunds." } }),
    rpcReply: (body) => {
      const result = isObject(body.result) ? body.result : undefined;
      if (result && isObject(result.message)) delete result.message.contextId;
      return body;
    },
  },
  {
    name: "leaky-error",
    category: "protocol",
    protocols: BOTH,
    description: "An unknown method gets HTTP 500 with a stack trace instead of JSON-RPC -32601.",
    expect: "finding: server error (5xx) leaking a stack trace for a client mistake",
    rpc: (call, res, kit) => {
      if (kit.knownMethods.has(call.method) || call.method === "tasks/send") return false;
      const error = new TypeError(`Cannot read properties of undefined (reading '${call.method}')`);
      res
        .status(500)
        .type("text/plain")
        .send(error.stack ?? String(error));
      return true;
    },
  },
];

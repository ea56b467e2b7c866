import { defineCheck } from "../define.js";
import { keepsContext } from "./context-kept.js";

export default defineCheck({
  id: "lifecycle.context-kept-0x",
  title: "A message sent in an existing context is answered in that context (A2A 0.x)",
  category: "lifecycle",
  level: "SHOULD",
  levelReason:
    "A2A 0.3 §6.4 describes contextId as grouping related interactions and §7.1 lets a client continue a context by sending it, but no 0.3 clause says MUST for keeping it; 1.0.1 §3.4.1 does (lifecycle.context-kept).",
  requirement:
    "A second message carrying the contextId the server returned for the first is answered in the same context; the server does not substitute a new one.",
  spec: "A2A 0.3 §6.4 Message.contextId, §7.1",
  tck: ["CORE-MULTI-002"],
  recommendation:
    "Accept a contextId the server issued earlier and keep the new task (or message) in that context; if a contextId cannot be accepted, answer an error rather than replacing it.",
  selfTest: [{ flaw: "context-not-kept", protocols: ["0.3"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  generations: ["0.1", "0.2", "0.3"],
  run: keepsContext,
});

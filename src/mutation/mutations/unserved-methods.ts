import type { Mutation } from "../types.js";
import { renamedMethod } from "./shapes.js";

/**
 * Core methods an agent does not serve: answered as unknown methods (-32601), played by renaming the method in
 * the request so that the agent answers as it answers any method it lacks (seen at first sight).
 */
export const unservedMethodMutations: Mutation[] = [
  {
    // Seen at first sight: an agent that serves message/stream, tasks/get and tasks/cancel, but not
    // message/send. The suite takes its task from a stream and tests the rest; the send is one finding.
    id: "send-method-not-served",
    what: "the send method is not served (answered as an unknown method, -32601); the streaming method still is",
    clause: "A2A 0.3 §11.1.2 (an agent MUST implement message/send); 1.0.1 §3.1.1 SendMessage",
    check: "lifecycle.send-returns-task",
    bindings: ["JSONRPC"],
    request: (r, x) => (x.verb === "send" ? renamedMethod(r, (m) => `${m}Unserved`) : undefined),
  },
  {
    // Seen at first sight: a 0.3 agent with message/send, message/stream and tasks/get, and no tasks/cancel.
    id: "cancel-method-not-served-0-3",
    what: "tasks/cancel is not served (answered as an unknown method, -32601)",
    clause: "A2A 0.3 §11.1.2 (an agent MUST implement tasks/cancel)",
    check: { "0.x": "lifecycle.cancel-running" },
    generations: ["0.x"],
    protocols: ["0.3"],
    bindings: ["JSONRPC"],
    request: (r, x) => (x.verb === "cancel" ? renamedMethod(r, (m) => `${m}Unserved`) : undefined),
  },
];

import { defineCheck, fail, failBlocking, pass } from "../define.js";

export default defineCheck({
  id: "lifecycle.send-returns-task",
  title: "A message gets a Task or Message back, with server-generated ids",
  category: "lifecycle",
  level: "MUST",
  requirement:
    "message/send (SendMessage) returns a Task or a Message; a Task carries an id and a contextId the server generated.",
  spec: "A2A 0.3 §7.1; 1.0 §3.1.1, §3.4.1",
  tck: [
    "CORE-SEND-001",
    "CORE-MULTI-001a",
    "JSONRPC-SVC-001",
    "HTTP_JSON-URL-001",
    "HTTP_JSON-URL-002",
    "GRPC-SVC-001",
    "GRPC-SVC-002",
  ],
  quote: {
    spec: "A2A 1.0 §3.1.1",
    text: "The operation MUST return immediately with either task information or response message.",
  },
  recommendation:
    "Return a Task (or Message) from the send method, with `id` and `contextId` set by the server.",
  selfTest: [
    {
      flaw: "task-without-context",
      protocols: ["1.0"],
      bindings: ["JSONRPC"],
      violates: ["CORE-MULTI-001a"],
    },
  ],
  scope: "transport",
  basic: true,
  run: async (ctx) => {
    const task = await ctx.fixtures.settledTask();
    if (task.ok) {
      if (!task.value.contextId) return fail(`task ${task.value.id} has no contextId`, task.evidence);
      return pass(
        `task ${task.value.id} in context ${task.value.contextId} ended ${task.value.state}`,
        task.evidence,
      );
    }
    if (/answered with a Message/.test(task.reason))
      return pass("the agent answers with a Message", task.evidence);
    // The send worked and named its task: what went wrong afterwards (reading it, waiting for it) is the
    // finding of the check that owns that step (lifecycle.get-task, lifecycle.reaches-terminal), not this one's.
    if (task.sent) {
      const { id, contextId, state } = task.sent;
      if (!contextId) return fail(`task ${id} has no contextId`, task.evidence);
      return pass(
        `task ${id} in context ${contextId} came back ${state}; then ${task.reason}`,
        task.evidence,
      );
    }
    // No task came back to read: the checks that need one have nothing to work with.
    return failBlocking(task.reason, task.evidence);
  },
});

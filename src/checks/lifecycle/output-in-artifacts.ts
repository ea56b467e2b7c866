import type { Message, Part, Task } from "../../protocol/model.js";
import { defineCheck, fail, notApplicable, pass, skip } from "../define.js";

/** The first words of a message's content, for the finding. */
function excerpt(message: Message): string {
  const text = message.parts
    .map((p) => (p.kind === "text" ? p.text : `[${p.kind}]`))
    .join(" ")
    .trim();
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A part that carries something: non-blank text, a file or data. */
const hasContent = (p: Part): boolean => p.kind !== "text" || p.text.trim().length > 0;

/** Where the agent put what it wrote: its status message and its messages in the history. */
function agentMessages(task: Task): Array<{ where: string; message: Message }> {
  const status = task.statusMessage ? [{ where: "status.message", message: task.statusMessage }] : [];
  const history = task.history.map((message, i) => ({ where: `history[${i}]`, message }));
  return [...status, ...history].filter(
    ({ message }) => message.role === "agent" && message.parts.some(hasContent),
  );
}

export default defineCheck({
  id: "lifecycle.output-in-artifacts",
  title: "A completed task returns its output as artifacts, not only in messages",
  category: "lifecycle",
  level: "SHOULD",
  requirement:
    "A task that completed with output carries it in its artifacts; output given only in the agent's messages (status.message or the history) is the deviation. A task with no output at all is not judged.",
  spec: "A2A 0.3 §6.1 (Task); 1.0.1 §3.7 (Messages and Artifacts)",
  quote: {
    spec: "A2A 1.0.1 §3.7; 0.3 §6.1",
    text: "Messages SHOULD NOT be used to deliver task outputs. Results SHOULD BE returned using Artifacts associated with a Task. … Tasks in completed state SHOULD use artifacts for returning the generated output to the clients.",
  },
  recommendation:
    "Publish the task's result as an artifact (an artifact-update event, or the Task's artifacts) and keep status messages for progress and questions.",
  selfTest: [{ flaw: "output-in-status-message", protocols: ["0.3", "1.0"], bindings: ["JSONRPC"] }],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "transport",
  judgesTasks: true,
  // 0.2.6 first says it, but a 0.2 card does not tell 0.2.6 from the 0.2 releases before it.
  generations: ["0.3", "1.0"],
  run: async (ctx) => {
    const finished = await ctx.fixtures.finishedTask();
    if (!finished.ok) return skip(`no finished task: ${finished.reason}`);
    if (finished.value.state !== "completed")
      return notApplicable(
        `the finished task ${finished.value.id} ended ${finished.value.state}: only a completed task's output is judged`,
      );
    const read = await ctx.client.getTask(finished.value.id, 100);
    const evidence = [...finished.evidence, ...read.trafficIds];
    const task = read.ok ? read.value : finished.value;
    // Artifacts the task was delivered with and a read lost are lifecycle.artifacts-kept's finding: the output
    // was returned as artifacts, which is what this check asks.
    const artifacts = task.artifacts.length > 0 ? task.artifacts : finished.value.artifacts;
    if (artifacts.length > 0)
      return pass(`task ${task.id} completed with ${artifacts.length} artifact(s)`, evidence);
    const [spoken] = agentMessages(task);
    if (!spoken)
      return notApplicable(
        `task ${task.id} completed with no output at all (no artifact, no agent message): nothing to judge`,
      );
    return fail(
      `task ${task.id} completed with no artifact; its output came only as a message (${spoken.where}: "${excerpt(spoken.message)}")`,
      evidence,
    );
  },
});

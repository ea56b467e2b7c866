import type { A2AClient } from "../../client/types.js";
import type { Transport } from "../../model/transport.js";
import { defineCheck, fail, pass, skip } from "../define.js";
import { describeFailure } from "../../client/describe-failure.js";

interface Crossing {
  problems: string[];
  reads: number;
  evidence: string[];
}

/** Creates a task on `from` and reads it on every other binding. */
async function crossFrom(
  from: Transport,
  clients: ReadonlyMap<Transport, A2AClient>,
  text: string,
  out: Crossing,
): Promise<void> {
  const sent = await clients.get(from)?.send({ text });
  if (!sent) return;
  out.evidence.push(...sent.trafficIds);
  if (!sent.ok) {
    out.problems.push(`sending over ${from}: ${describeFailure(sent)}`);
    return;
  }
  if (sent.value.kind !== "task") return;
  const task = sent.value;
  for (const [other, client] of clients) {
    if (other === from) continue;
    const got = await client.getTask(task.id);
    out.evidence.push(...got.trafficIds);
    out.reads++;
    if (!got.ok)
      out.problems.push(
        `task ${task.id} created over ${from} is not readable over ${other}: ${describeFailure(got)}`,
      );
    // A reply without a contextId is lifecycle.send-returns-task's finding; here only a difference counts.
    else if (task.contextId !== undefined && got.value.contextId !== task.contextId)
      out.problems.push(
        `task ${task.id} has contextId ${task.contextId} over ${from} but ${got.value.contextId} over ${other}`,
      );
  }
}

export default defineCheck({
  id: "transport.task-visible-everywhere",
  title: "A task created on one binding is readable on every other",
  category: "transport",
  level: "MUST",
  requirement:
    "All bindings an agent advertises are equivalent: they serve the same tasks, so a task created over one is returned, with the same contextId, by GetTask over each of the others.",
  spec: "A2A 0.3 §3.4 (transport equivalence), 1.0 §5 (protocol bindings)",
  tck: ["BIND-EQUIV-001", "BIND-EQUIV-002"],
  quote: {
    spec: "A2A 1.0 §5.1",
    text: "When an agent supports multiple protocols, all supported protocols MUST: … Identical Functionality: Provide the same set of operations and capabilities",
  },
  recommendation: "Back every binding with one task store (one request handler), not a store per binding.",
  selfTest: [
    { flaw: "separate-task-stores", protocols: ["0.3"], violates: ["BIND-EQUIV-001", "BIND-EQUIV-002"] },
  ],
  dependsOn: ["lifecycle.send-returns-task"],
  scope: "agent",
  judgesTasks: true,
  needs: ["multiple-transports"],
  run: async (ctx) => {
    const out: Crossing = { problems: [], reads: 0, evidence: [] };
    await Promise.all(
      [...ctx.clients.keys()].map((from) => crossFrom(from, ctx.clients, ctx.fixtures.message, out)),
    );
    if (out.problems.length > 0) {
      const more = out.problems.length > 2 ? ` (and ${out.problems.length - 2} more)` : "";
      return fail(`${out.problems.slice(0, 2).join("; ")}${more}`, out.evidence);
    }
    if (out.reads === 0)
      return skip("the agent answered with Messages, so no task could be read across bindings");
    const names = [...ctx.clients.keys()].join(", ");
    return pass(
      `tasks created on each of ${names} were read back on the others (${out.reads} reads)`,
      out.evidence,
    );
  },
});

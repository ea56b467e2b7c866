import { randomUUID } from "node:crypto";
import type { A2AClient, CallOutcome } from "../../client/types.js";
import type { Transport } from "../../model/transport.js";
import { defineCheck, fail, pass } from "../define.js";

interface Probe {
  what: string;
  call: (client: A2AClient, taskId: string) => Promise<CallOutcome<unknown>>;
}

const PROBES: Probe[] = [
  { what: "GetTask of an unknown task", call: (c, id) => c.getTask(id) },
  { what: "CancelTask of an unknown task", call: (c, id) => c.cancelTask(id) },
];

const PUSH_PROBE: Probe = {
  what: "push config get for an unknown task",
  call: (c, id) => c.getPushConfig(id, "plainwright-none"),
};

/** The error name a binding answered with, as one comparable word. */
function answerOf(outcome: CallOutcome<unknown>): string {
  if (outcome.ok) return "success";
  if (outcome.kind === "error") return outcome.error.name || String(outcome.error.code);
  return outcome.kind;
}

/** Runs one probe on every binding; returns the disagreement, if any. */
async function disagreement(
  probe: Probe,
  clients: ReadonlyMap<Transport, A2AClient>,
  evidence: string[],
): Promise<string | undefined> {
  const taskId = `plainwright-missing-${randomUUID()}`;
  const answers = await Promise.all(
    [...clients].map(async ([binding, client]) => {
      const outcome = await probe.call(client, taskId);
      evidence.push(...outcome.trafficIds);
      return `${binding}: ${answerOf(outcome)}`;
    }),
  );
  const distinct = new Set(answers.map((a) => a.slice(a.indexOf(": ") + 2)));
  return distinct.size > 1 ? `${probe.what} answered differently (${answers.join(", ")})` : undefined;
}

export default defineCheck({
  id: "transport.consistent-errors",
  title: "Every binding reports the same error for the same mistake",
  category: "transport",
  level: "MUST",
  quote: {
    spec: "A2A 1.0.1 §5.1; 0.3 §3.4.1",
    text: "When an agent supports multiple protocols, all supported protocols MUST: … Same Error Handling: Map errors consistently using appropriate protocol-specific codes",
  },
  requirement:
    "Bindings map errors consistently: the same request (e.g. an unknown task id) gets the same A2A error on each binding — TaskNotFound as -32001, HTTP 404 and gRPC NOT_FOUND.",
  spec: "A2A 0.3 §3.4, 1.0 §4.3 (error mapping per binding)",
  tck: ["BIND-EQUIV-003"],
  recommendation:
    "Raise one A2A error per condition in the shared handler and let each binding map it with the spec's table (-32001 / 404 / NOT_FOUND for TaskNotFound).",
  selfTest: [{ flaw: "inconsistent-push-errors", protocols: ["1.0"], violates: ["BIND-EQUIV-003"] }],
  scope: "agent",
  needs: ["multiple-transports"],
  run: async (ctx) => {
    const evidence: string[] = [];
    const probes = ctx.validation.card.capabilities.pushNotifications ? [...PROBES, PUSH_PROBE] : PROBES;
    const problems: string[] = [];
    for (const probe of probes) {
      const problem = await disagreement(probe, ctx.clients, evidence);
      if (problem) problems.push(problem);
    }
    if (problems.length > 0) return fail(problems.join("; "), evidence);
    return pass(
      `${probes.length} error cases answered alike on ${[...ctx.clients.keys()].join(", ")}`,
      evidence,
    );
  },
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../client/create-client.js";
import type { A2AClient, CallOutcome } from "../client/types.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import type { Transport } from "../model/transport.js";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "./index.js";

// The agent is tested through Plainwright's own clients so every binding speaks the same sentences.
const tokens = { alice: "alice-token", bob: "bob-token" } as const;
type Caller = keyof typeof tokens;

const agents = new Map<string, RunningAgent>();
const open: A2AClient[] = [];
beforeAll(async () => {
  for (const protocol of ["1.0", "0.3"] as const) {
    agents.set(protocol, await startReferenceAgent({ protocol, bearerToken: Object.values(tokens) }));
    agents.set(`${protocol} shared`, await startReferenceAgent({ protocol, vuln: ["shared-tasks"] }));
  }
});
afterAll(async () => {
  for (const client of open) client.close();
  await Promise.all([...agents.values()].map((a) => a.close()));
});

function clientOf(agent: RunningAgent, binding: Transport, who: Caller): A2AClient {
  const url =
    binding === "GRPC"
      ? (agent.grpcUrl ?? "")
      : `${agent.url}/a2a/${binding === "JSONRPC" ? "jsonrpc" : "rest"}`;
  const client = createClient(
    { url, binding, generation: agent.protocol },
    {
      headers: { Authorization: `Bearer ${tokens[who]}` },
      timeoutMs: 5000,
      policy: commandLinePolicy,
      traffic: new TrafficLog(),
    },
  );
  open.push(client);
  return client;
}

/** What a refusal looks like on the wire, whatever the id: code, HTTP status, gRPC status. */
function answer(outcome: CallOutcome<unknown>): string {
  if (outcome.ok) return "served";
  if (outcome.kind !== "error") return outcome.kind;
  return `${outcome.error.code} ${outcome.error.httpStatus ?? ""} ${outcome.error.grpcStatus ?? ""}`;
}

async function aliceTask(agent: RunningAgent, binding: Transport): Promise<string> {
  const sent = await clientOf(agent, binding, "alice").send({ text: "What can you help with?" });
  if (!sent.ok || sent.value.kind !== "task") throw new Error("alice's message made no task");
  return sent.value.id;
}

const cases = (["1.0", "0.3"] as const).flatMap((protocol: AgentProtocol) =>
  (["JSONRPC", "HTTP+JSON", "GRPC"] as const).map((binding) => ({ protocol, binding })),
);

describe.each(cases)("an agent with two callers' tokens, A2A $protocol over $binding", (c) => {
  it("answers another caller's GetTask and CancelTask exactly as for an id never issued", async () => {
    const agent = agents.get(c.protocol) as RunningAgent;
    const id = await aliceTask(agent, c.binding);
    const bob = clientOf(agent, c.binding, "bob");
    const unknown = answer(await bob.getTask(`never-issued-${id}`));
    expect(unknown).toMatch(/^-32001/);
    expect(answer(await bob.getTask(id))).toBe(unknown);
    expect(answer(await bob.cancelTask(id))).toBe(answer(await bob.cancelTask(`never-issued-${id}`)));
    const subscribed = async (taskId: string) => {
      const stream = await bob.subscribe(taskId);
      return stream.failure ? answer(stream.failure) : `${stream.events.length} events`;
    };
    expect(await subscribed(id)).toBe(await subscribed(`never-issued-${id}`));
    // The owner still reads it, from any binding.
    expect((await clientOf(agent, "JSONRPC", "alice").getTask(id)).ok).toBe(true);
  });

  it.runIf(c.protocol === "1.0")("lists a caller's own tasks only", async () => {
    const agent = agents.get(c.protocol) as RunningAgent;
    const id = await aliceTask(agent, c.binding);
    const listed = async (who: Caller) => {
      const page = await clientOf(agent, c.binding, who).listTasks({ pageSize: 100 });
      return page.ok ? page.value.tasks.map((t) => t.id) : [];
    };
    expect(await listed("alice")).toContain(id);
    expect(await listed("bob")).not.toContain(id);
  });
});

describe.each(["1.0", "0.3"] as const)("the shared-tasks red-team mode, A2A %s", (protocol) => {
  it("lets any caller read anyone's task on every binding", async () => {
    const agent = agents.get(`${protocol} shared`) as RunningAgent;
    const id = await aliceTask(agent, "GRPC");
    for (const binding of ["JSONRPC", "HTTP+JSON", "GRPC"] as const)
      expect((await clientOf(agent, binding, "bob").getTask(id)).ok).toBe(true);
  });
});

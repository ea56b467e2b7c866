import { afterAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type RunningAgent } from "../agent/index.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { TrafficLog } from "../net/traffic.js";
import { createRestClient } from "./rest/index.js";
import { lazyClient } from "./lazy-client.js";
import type { A2AClient, ClientTarget } from "./types.js";

const agents: RunningAgent[] = [];
afterAll(async () => {
  await Promise.all(agents.map((a) => a.close()));
});

async function restTarget(): Promise<{ target: ClientTarget; make: () => A2AClient; loads: () => number }> {
  const agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0 });
  agents.push(agent);
  const target: ClientTarget = { url: `${agent.url}/a2a/rest`, binding: "HTTP+JSON", generation: "1.0" };
  const ctx = { headers: {}, timeoutMs: 5000, policy: commandLinePolicy, traffic: new TrafficLog() };
  let count = 0;
  const make = () =>
    lazyClient(target, () => {
      count += 1;
      return Promise.resolve(createRestClient(target, ctx));
    });
  return { target, make, loads: () => count };
}

describe("a client loaded on its first call", () => {
  it("loads nothing until it is used, then loads once however many calls run at once", async () => {
    const { make, loads } = await restTarget();
    const client = make();
    expect(loads()).toBe(0);
    const [sent, again] = await Promise.all([client.send({ text: "hello" }), client.send({ text: "again" })]);
    expect(sent.ok && again.ok).toBe(true);
    if (!sent.ok || sent.value.kind !== "task") throw new Error("expected a task");
    expect((await client.getTask(sent.value.id)).ok).toBe(true);
    expect(loads()).toBe(1);
  });

  it("prepares a repeated send once and sends it anew each time", async () => {
    const { make } = await restTarget();
    const send = make().prepareSend({ text: "again and again" });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const outcome = await send();
      if (!outcome.ok || outcome.value.kind !== "task") throw new Error("expected a task");
      ids.push(outcome.value.id);
    }
    expect(new Set(ids).size).toBe(3);
  });

  it("closed before it loaded, it closes the client it loads later", async () => {
    const { target } = await restTarget();
    let closed = 0;
    let release: (c: A2AClient) => void = () => undefined;
    const client = lazyClient(target, () => new Promise<A2AClient>((resolve) => (release = resolve)));
    const pending = client.getTask("x");
    client.close();
    release({
      getTask: () => Promise.resolve({ ok: true, value: {} }),
      close: () => closed++,
    } as unknown as A2AClient);
    await pending;
    expect(closed).toBe(1);
  });
});

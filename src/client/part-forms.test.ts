import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProtocolGeneration } from "../model/generation.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { TrafficLog } from "../net/traffic.js";
import { JsonRpcA2AClient } from "./jsonrpc-binding.js";
import { LearnedEndpointsMemory } from "./learned-endpoints.js";
import { partFormKey } from "./part-forms.js";

// An agent that reads only 0.1's text part {type: "text"} whatever the method (as AgoraMesh's 1.0 bridge
// does): any other part is refused -32602. A message naming task "gone" is refused -32001 in any form.
let seenParts: unknown[][] = [];
// Set: the agent refuses the first message it gets, then takes any part (a passing fault, not a form it wants).
let flakyOnce = false;
let server: LoopbackServer;
beforeAll(async () => {
  server = await serve((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const { id, method, params } = JSON.parse(body) as {
        id: unknown;
        method: string;
        params: { message: { parts: { type?: string; text?: string }[]; taskId?: string } };
      };
      const { parts, taskId } = params.message;
      seenParts.push(parts);
      const typed = flakyOnce ? seenParts.length > 1 : parts.every((p) => p.type === "text");
      const task = { id: "t1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } };
      const reply = !typed
        ? { error: { code: -32602, message: "Invalid params" } }
        : taskId === "gone"
          ? { error: { code: -32001, message: "Task not found" } }
          : {
              result:
                method === "SendMessage"
                  ? { task }
                  : { kind: "task", ...task, status: { state: "completed" } },
            };
      if (method.toLowerCase().includes("stream") && "result" in reply) {
        res.setHeader("Content-Type", "text/event-stream");
        res.end(`data: ${JSON.stringify({ jsonrpc: "2.0", id, ...reply })}\n\n`);
        return;
      }
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id, ...reply }));
    });
  });
});
afterAll(() => server.close());

const client = (generation: ProtocolGeneration, learned?: LearnedEndpointsMemory) =>
  new JsonRpcA2AClient(
    { url: server.url, binding: "JSONRPC", generation },
    {
      headers: {},
      timeoutMs: 1500,
      policy: commandLinePolicy,
      traffic: new TrafficLog(),
      ...(learned ? { learned } : {}),
    },
  );

describe("a message to an agent that takes only another generation's text part", () => {
  it("is sent again in the forms of the other generations until one is taken, and says so", async () => {
    seenParts = [];
    const sent = await client("1.0").send({ text: "hi" });
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(sent.value.kind).toBe("task");
    expect(sent.readDespite).toMatch(
      /refused .*A2A 1\.0 specifies \(InvalidParams \(-32602\).*took it only with A2A 0\.1/,
    );
    expect(sent.trafficIds).toHaveLength(4);
    // The spec's form is tried once more after another was taken: only a refusal that holds is judged.
    expect(seenParts).toEqual([
      [{ text: "hi" }],
      [{ kind: "text", text: "hi" }],
      [{ type: "text", text: "hi" }],
      [{ text: "hi" }],
    ]);
  });

  it("is sent at once in the learned form by every client of the run, still told", async () => {
    const memory = new LearnedEndpointsMemory();
    await client("0.3", memory).send({ text: "first" });
    seenParts = [];
    const again = await client("0.3", memory).send({ text: "second" });
    expect(again.ok && again.readDespite).toMatch(/took it only with A2A 0\.1/);
    expect(seenParts).toEqual([[{ type: "text", text: "second" }]]);
    const streamed = await client("0.3", memory).stream({ text: "third" });
    expect(streamed.events).toHaveLength(1);
    expect(streamed.readDespite).toMatch(/took it only with A2A 0\.1/);
  });

  it("streams in the form the agent takes when the stream is the first message", async () => {
    seenParts = [];
    const streamed = await client("0.3").stream({ text: "hi" });
    expect(streamed.failure).toBeUndefined();
    expect(streamed.events.map((e) => e.kind)).toEqual(["task"]);
    expect(seenParts).toHaveLength(4);
  });

  it("learns nothing when the spec's form is taken on the second try (a passing fault)", async () => {
    flakyOnce = true;
    const memory = new LearnedEndpointsMemory();
    seenParts = [];
    const sent = await client("0.3", memory).send({ text: "hi" });
    expect(sent.ok && sent.readDespite).toBeUndefined();
    expect(memory.partForm(partFormKey(server.url, "0.3"))).toBeUndefined();
    // refused once, the 1.0 form taken, the spec's form taken again
    expect(seenParts).toHaveLength(3);
    flakyOnce = false;
  });

  it("keeps the agent's answer when the learned form is refused for another reason", async () => {
    const memory = new LearnedEndpointsMemory();
    await client("1.0", memory).send({ text: "first" });
    const refused = await client("1.0", memory).send({ text: "more", taskId: "gone" });
    expect(!refused.ok && refused.kind === "error" && refused.error.code).toBe(-32001);
  });

  it("is not bent when the message carries other parts than its text (a refusal of those is the finding)", async () => {
    seenParts = [];
    const sent = await client("1.0").send({
      text: "see",
      parts: [{ kind: "file", name: "a.png", mediaType: "image/png", bytes: "AA==" }],
    });
    expect(!sent.ok && sent.kind === "error" && sent.error.code).toBe(-32602);
    expect(seenParts).toHaveLength(1);
  });
});

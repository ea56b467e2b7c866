import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceAgent, type AgentProtocol, type RunningAgent } from "../agent/index.js";
import { conversationScript, judgeSays, userSays } from "../conversation/testing/scripts.js";
import { startScriptedModel, type ScriptedModel } from "../llm/testing/scripted-model.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { serve, type LoopbackServer } from "../net/testing/loopback-server.js";
import { TrafficLog } from "../net/traffic.js";
import type { Transport } from "../model/transport.js";
import { connectAgent } from "./connect.js";
import { parseTransport, transportFlags } from "../model/transport.js";
import { runA2ATest } from "./run-a2a-test.js";
import { runConversationTest } from "./run-conversation-test.js";

/**
 * The one connect-and-talk path, every binding (one contract suite for every binding): the
 * smoke check and a conversation pass over JSON-RPC, HTTP+JSON and gRPC against the reference agent in
 * both protocol versions.
 */
const agents = new Map<AgentProtocol, RunningAgent>();
const open: LoopbackServer[] = [];
let model: ScriptedModel;
beforeAll(async () => {
  for (const protocol of ["1.0", "0.3"] as const)
    agents.set(protocol, await startReferenceAgent({ port: 0, protocol, workMs: 5 }));
  model = await startScriptedModel(
    "openai",
    conversationScript({ user: userSays({ 2: "When will I see the money?" }), judge: judgeSays("passed") }),
  );
});
afterAll(async () => {
  await Promise.all([...agents.values(), model, ...open].map((s) => s.close()));
});

// What each binding's send looks like on the wire, read back from the traffic log.
const sendMethod: Record<Transport, Record<AgentProtocol, RegExp>> = {
  JSONRPC: { "1.0": /^SendMessage$/, "0.3": /^message\/send$/ },
  "HTTP+JSON": { "1.0": /^POST \/.*message:send$/, "0.3": /^POST \/.*v1\/message:send$/ },
  GRPC: { "1.0": /SendMessage$/, "0.3": /SendMessage$/ },
};

const cases = (["1.0", "0.3"] as const).flatMap((protocol) =>
  transportFlags.map((binding) => ({
    protocol,
    binding,
    transport: parseTransport(binding) as Transport,
  })),
);

describe.each(cases)("A2A $protocol over $transport", ({ protocol, binding, transport }) => {
  const agent = () => agents.get(protocol) as RunningAgent;

  it("the smoke check passes and reports the request as sent", async () => {
    const result = await runA2ATest({
      config: { agent_url: agent().url, headers: {}, strict_card: true, timeout_s: 10, transport: binding },
      mode: "smoke",
      policy: commandLinePolicy,
      pollIntervalMs: 50,
    });
    expect(result.status, result.reason).toBe("passed");
    expect(result.endpoint?.transport).toBe(transport);
    expect(result.protocol?.negotiated).toBe(protocol);
    expect(result.smoke).toMatchObject({ reply_kind: "task", task_state: "completed", passed: true });
    expect(result.smoke?.request.method).toMatch(sendMethod[transport][protocol]);
    expect(JSON.stringify(result.smoke?.request.params)).toContain("Hello!");
  });

  it("a conversation passes, continuing the context over the binding", async () => {
    const result = await runConversationTest({
      config: {
        agent_url: agent().url,
        headers: {},
        strict_card: true,
        timeout_s: 10,
        persona: "A customer who was charged twice.",
        goal: "Get the duplicate charge refunded.",
        opening_message: "Hi, I was charged twice for order #4411. Can one of them be refunded?",
        success_criteria: ["The agent confirms the refund"],
        max_turns: 3,
        transport: binding,
      },
      policy: commandLinePolicy,
      env: { PLAINWRIGHT_MODEL: "openai-compatible:scripted", PLAINWRIGHT_MODEL_BASE_URL: model.baseURL },
      pollIntervalMs: 20,
    });
    expect(result.status, result.reason).toBe("passed");
    expect(result.endpoint?.transport).toBe(transport);
    const agentTurns = (result.transcript ?? []).filter((e) => e.role === "agent");
    expect(agentTurns.length).toBeGreaterThanOrEqual(2);
    expect(agentTurns.every((e) => sendMethod[transport][protocol].test(e.method ?? ""))).toBe(true);
    const contexts = new Set(agentTurns.map((e) => e.context_id));
    expect(contexts.size).toBe(1);
  });
});

describe("connectAgent", () => {
  const ctx = () => ({ headers: {}, timeoutMs: 3000, policy: commandLinePolicy, traffic: new TrafficLog() });

  it("finds the JSON-RPC endpoint on the card and confirms the card's version on the wire", async () => {
    for (const [protocol, agent] of agents) {
      const connected = await connectAgent({ agentUrl: agent.url, ctx: ctx() });
      if (!connected.ok) throw new Error(connected.reason);
      expect(connected.connection.endpoint.url).toBe(`${agent.url}/a2a/jsonrpc`);
      expect(connected.connection.negotiation).toMatchObject({ generation: protocol, source: "wire" });
      expect(connected.connection.agent.discovery).toMatchObject({ found: true, url: agent.cardUrl });
    }
  });

  it("stops without a card, unless the card is optional: then the agent URL is the endpoint", async () => {
    const server = await serve((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    open.push(server);
    const strict = await connectAgent({ agentUrl: `${server.url}/agent`, ctx: ctx() });
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.reason).toMatch(/^no agent card found/);
    const optional = await connectAgent({ agentUrl: `${server.url}/agent`, ctx: ctx(), cardOptional: true });
    if (!optional.ok) throw new Error(optional.reason);
    expect(optional.connection.endpoint).toMatchObject({
      url: `${server.url}/agent`,
      reason: "agent URL (no card found)",
    });
    // Nothing answered as A2A: the generation stays the default, and the note says what came back.
    expect(optional.connection.negotiation).toMatchObject({ generation: "0.3", source: "card" });
    expect(optional.connection.negotiation.notes[0]).toMatch(
      /no A2A version was confirmed on the wire \(message\/send: .*HTTP 404.*traffic.*; using the card's A2A 0\.3/,
    );
  });

  it("uses a card with errors for its endpoint", async () => {
    const server = await serve((req, res) => {
      res.setHeader("content-type", "application/json");
      // No name, description, version, skills...: invalid, yet its url still says where to post.
      res.end(JSON.stringify({ url: `http://${req.headers.host}/rpc`, protocolVersion: "0.3.0" }));
    });
    open.push(server);
    const connected = await connectAgent({ agentUrl: server.url, ctx: ctx() });
    if (!connected.ok) throw new Error(connected.reason);
    expect(connected.connection.endpoint.url).toBe(`${server.url}/rpc`);
    expect(connected.connection.negotiation.generation).toBe("0.3");
  });
});

describe("endpoint truth", () => {
  const config = (agentUrl: string, extra: Record<string, unknown> = {}) => ({
    agent_url: agentUrl,
    headers: {},
    strict_card: true,
    timeout_s: 5,
    ...extra,
  });

  it("a card with a relative url is still a card error, and the smoke message reaches the real endpoint", async () => {
    const agent = agents.get("0.3") as RunningAgent;
    const card = (await (await fetch(agent.cardUrl)).json()) as Record<string, unknown>;
    delete card["additionalInterfaces"];
    // One host serves the card (url "/a2a/jsonrpc") and relays that path to the reference agent.
    const relay = async (req: IncomingMessage, res: ServerResponse) => {
      if (req.method === "GET" && req.url?.startsWith("/.well-known/")) {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ...card, url: "/a2a/jsonrpc" }));
        return;
      }
      if (req.method === "POST" && req.url === "/a2a/jsonrpc") {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const relayed = await fetch(`${agent.url}/a2a/jsonrpc`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: Buffer.concat(chunks),
        });
        res.setHeader("content-type", relayed.headers.get("content-type") ?? "application/json");
        res.end(await relayed.text());
        return;
      }
      res.statusCode = 404;
      res.end();
    };
    const server = await serve((req, res) => void relay(req, res));
    open.push(server);
    const result = await runA2ATest({
      config: config(server.url, { strict_card: false }),
      mode: "smoke",
      policy: commandLinePolicy,
      pollIntervalMs: 50,
    });
    expect(result.card?.errors.map((e) => e.path)).toContain("url");
    expect(result.endpoint?.url).toBe(`${server.url}/a2a/jsonrpc`);
    expect(result.endpoint?.reason).toMatch(/resolved against the card's URL/);
    expect(result.status, result.reason).toBe("passed");
    expect(result.smoke).toMatchObject({ passed: true, task_state: "completed" });
  });

  it("--endpoint is used whatever the card says", async () => {
    const agent = agents.get("1.0") as RunningAgent;
    const result = await runA2ATest({
      config: config(agent.url, { endpoint: `${agent.url}/a2a/rest@rest` }),
      mode: "smoke",
      policy: commandLinePolicy,
      pollIntervalMs: 50,
    });
    expect(result.status, result.reason).toBe("passed");
    expect(result.endpoint).toMatchObject({ url: `${agent.url}/a2a/rest`, transport: "HTTP+JSON" });
    expect(result.endpoint?.reason).toMatch(/^--endpoint/);
  });

  it("without a card, --endpoint lets the run go on and the missing card is reported", async () => {
    const agent = agents.get("0.3") as RunningAgent;
    const server = await serve((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    open.push(server);
    const result = await runA2ATest({
      config: config(server.url, { endpoint: `${agent.url}/a2a/jsonrpc` }),
      mode: "smoke",
      policy: commandLinePolicy,
      pollIntervalMs: 50,
    });
    expect(result.card?.found_at).toBeNull();
    expect(result.scores.card).toBe(0);
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/^no agent card found/);
    expect(result.smoke).toMatchObject({ passed: true, task_state: "completed" });
    expect(result.protocol?.negotiated).toBe("0.3");
  });

  it("an --endpoint the outbound policy refuses is an error before anything is sent", async () => {
    const agent = agents.get("0.3") as RunningAgent;
    const result = await runA2ATest({
      config: config(agent.url, { endpoint: "http://169.254.169.254/rpc" }),
      mode: "smoke",
      policy: commandLinePolicy,
    });
    expect(result.status).toBe("error");
    expect(result.reason).toMatch(/^endpoint not allowed/);
    expect(result.traffic).toEqual([]);
  });
});

describe("version truth", () => {
  it("a card that says 0.1 on a 0.3 agent: the mismatch is a card warning naming both, the run speaks 0.3", async () => {
    const agent = await startReferenceAgent({ port: 0, protocol: "0.3", flaw: "card-version-lies-old" });
    try {
      const result = await runA2ATest({
        config: { agent_url: agent.url, headers: {}, strict_card: false, timeout_s: 5 },
        mode: "smoke",
        policy: commandLinePolicy,
        pollIntervalMs: 50,
      });
      expect(result.card?.warnings).toContainEqual({
        path: "protocolVersion",
        message: "the card says A2A 0.1 but the agent speaks A2A 0.3 on the wire",
      });
      expect(result.protocol).toEqual({ card: "0.1.0", negotiated: "0.3" });
      expect(result.smoke).toMatchObject({ passed: true, request: { method: "message/send" } });
      expect(result.status, result.reason).toBe("passed");
    } finally {
      await agent.close();
    }
  });
});

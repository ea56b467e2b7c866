// Plainwright's own cost per conversation turn: a full conversation against the in-process reference
// agent, minus the time spent in the agent's HTTP exchanges (from the traffic log) and in model calls.
// The model here is an instant in-process client: the bench measures Plainwright, not a model.

const userReply = (turn) =>
  turn > 6
    ? { message: "", done: true, reason: "done" }
    : {
        message: `Question number ${turn} about order #4411${turn === 2 ? ", ambiguous" : ""}`,
        done: false,
        reason: "go on",
      };

function instantModel(spent) {
  return {
    id: "bench:instant",
    async chat(request) {
      const t = performance.now();
      const prompt = request.messages[0]?.content ?? "";
      const turn = Number(/message for turn (\d+) of/.exec(prompt)?.[1] ?? 0);
      const keys = [...prompt.matchAll(/^(criterion_\d+):/gm)].map((m) => m[1]);
      const object =
        request.purpose === "judge"
          ? {
              verdicts: Object.fromEntries(
                keys.map((key) => [
                  key,
                  { reasoning: "ok", evidence: [{ turn: 1, quote: "I can help" }], verdict: "passed" },
                ]),
              ),
            }
          : userReply(turn);
      spent.ms += performance.now() - t;
      return {
        text: JSON.stringify(object),
        object,
        usage: { input_tokens: 0, output_tokens: 0 },
        attempts: 1,
      };
    },
  };
}

export default async function conversationBench({ row, fmt, median, dist }) {
  const { startReferenceAgent } = await dist("agent/index.js");
  const { runConversation } = await dist("conversation/run-conversation.js");
  const { connectAgent } = await dist("runner/connect.js");
  const { TrafficLog } = await dist("net/traffic.js");
  const { commandLinePolicy } = await dist("net/outbound-policy.js");
  const agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0 });
  // One connection (card, endpoint, negotiated version) for the whole bench, as a conversation run makes it.
  const connected = await connectAgent({
    agentUrl: agent.url,
    ctx: { headers: {}, timeoutMs: 10_000, policy: commandLinePolicy, traffic: new TrafficLog() },
  });
  if (!connected.ok) throw new Error(`bench could not connect: ${connected.reason}`);
  const { endpoint, client: probeClient } = connected.connection;
  probeClient.close();
  const { createClient } = await dist("client/create-client.js");
  const spec = {
    persona: "A customer",
    goal: "A refund",
    criteria: ["Refund confirmed", "Timeline given"],
    opening: "Hi, I was charged twice.",
    maxTurns: 8,
    trials: 1,
    minPassRate: 1,
  };
  const once = async () => {
    const traffic = new TrafficLog();
    const spent = { ms: 0 };
    const client = createClient(
      { url: endpoint.url, binding: "JSONRPC", generation: connected.connection.negotiation.generation },
      { headers: {}, timeoutMs: 10_000, policy: commandLinePolicy, traffic },
    );
    const model = instantModel(spent);
    const t = performance.now();
    const out = await runConversation({
      client,
      traffic,
      spec,
      user: model,
      judge: model,
      pollIntervalMs: 0,
    });
    const total = performance.now() - t;
    if (out.status !== "passed") throw new Error(`bench conversation did not pass: ${out.reason}`);
    const turns = out.trials[0].transcript.filter((e) => e.role === "user").length;
    const agentMs = traffic.entries().reduce((sum, e) => sum + e.ms, 0);
    return Math.max(0, total - agentMs - spent.ms) / turns;
  };
  for (let i = 0; i < 5; i++) await once(); // warm-up: JIT, sockets
  const samples = [];
  for (let i = 0; i < 30; i++) samples.push(await once());
  await agent.close();
  const ms = median(samples);
  row("Plainwright overhead per conversation turn excluding model and agent time", fmt(ms), "< 5 ms", ms < 5);
}

// Protocol figures: SSE parsing against eventsource-parser, client overhead against bare fetch,
// and the conformance suite's wall time against the local reference agent.
import { createParser } from "eventsource-parser";

function recordedStream(targetBytes) {
  const events = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const result =
      i % 3 === 0
        ? {
            taskId: "t-1",
            contextId: "c-1",
            kind: "status-update",
            status: { state: "working", timestamp: "2026-01-01T00:00:00Z" },
            final: false,
          }
        : {
            taskId: "t-1",
            contextId: "c-1",
            kind: "artifact-update",
            artifact: { artifactId: "a-1", parts: [{ kind: "text", text: `chunk ${i} `.repeat(8) }] },
          };
    const data = JSON.stringify({ jsonrpc: "2.0", id: "req-1", result });
    // Mix the framings a parser must handle: id lines, comments, multi-line data, CRLF.
    const block =
      i % 10 === 0
        ? `: keep-alive\nid: ${i}\ndata: ${data}\n\n`
        : i % 7 === 0
          ? `data: ${data.slice(0, 40)}\r\ndata: ${data.slice(40)}\r\n\r\n`
          : `data: ${data}\n\n`;
    events.push(block);
    size += block.length;
  }
  return events.join("");
}

function chunks(text, size) {
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function throughput(parts, bytes, makeParser, rounds = 7) {
  const rates = [];
  for (let r = 0; r < rounds; r++) {
    let count = 0;
    const parser = makeParser(() => count++);
    const t = performance.now();
    for (const part of parts) parser.feed(part);
    parser.end?.();
    rates.push(bytes / 1e6 / ((performance.now() - t) / 1000));
    if (count === 0) throw new Error("parser produced no events");
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)];
}

async function benchSse({ row, dist }) {
  const { SseParser } = await dist("net/sse-parser.js");
  const text = recordedStream(8 * 1024 * 1024);
  for (const size of [64, 1024, 16 * 1024]) {
    const parts = chunks(text, size);
    const ours = throughput(parts, text.length, (on) => new SseParser(on));
    const theirs = throughput(parts, text.length, (on) => {
      const p = createParser({ onEvent: on });
      return { feed: (c) => p.feed(c), end: () => p.reset({ consume: true }) };
    });
    row(
      `SSE parse, ${size} B chunks: Plainwright vs eventsource-parser`,
      `${ours.toFixed(0)} vs ${theirs.toFixed(0)} MB/s`,
      ">= 1.0x",
      ours >= theirs,
    );
  }
}

async function benchClientOverhead({ row, fmt, median, dist }) {
  const { startReferenceAgent } = await dist("agent/index.js");
  const { JsonRpcA2AClient } = await dist("client/jsonrpc-binding.js");
  const { commandLinePolicy } = await dist("net/outbound-policy.js");
  const { TrafficLog } = await dist("net/traffic.js");
  const agent = await startReferenceAgent({ port: 0, protocol: "1.0", workMs: 0 });
  const url = `${agent.url}/a2a/jsonrpc`;
  const client = new JsonRpcA2AClient(
    { url, binding: "JSONRPC", generation: "1.0" },
    { headers: {}, timeoutMs: 10_000, policy: commandLinePolicy, traffic: new TrafficLog() },
  );
  const sent = await client.send({ text: "hello" });
  const id = sent.value.id;
  const body = () =>
    JSON.stringify({ jsonrpc: "2.0", id: crypto.randomUUID(), method: "GetTask", params: { id } });
  const bare = () =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
      body: body(),
    }).then((r) => r.json());
  const ours = () => client.getTask(id);
  const time = async (fn, n) => {
    const times = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn();
      times.push(performance.now() - t);
    }
    return median(times);
  };
  await time(bare, 50);
  await time(ours, 50);
  // Interleave rounds so machine noise hits both alike.
  const a = [];
  const b = [];
  for (let round = 0; round < 5; round++) {
    a.push(await time(bare, 100));
    b.push(await time(ours, 100));
  }
  const fetchMs = median(a);
  const oursMs = median(b);
  await agent.close();
  row("GetTask round trip: bare fetch (median)", fmt(fetchMs), "", true);
  row(
    "GetTask round trip: Plainwright client (median)",
    `${fmt(oursMs)} (${(oursMs / fetchMs).toFixed(2)}x)`,
    "< 1.2x",
    oursMs / fetchMs < 1.2,
  );
}

async function benchConformance({ row, dist }) {
  const { startReferenceAgent } = await dist("agent/index.js");
  const { runConformance } = await dist("runner/run-conformance.js");
  const { commandLinePolicy } = await dist("net/outbound-policy.js");
  // No hints: the suite provokes running tasks and input-required itself, as it does for a user.
  const cases = [
    { protocol: "0.3", transports: ["JSONRPC"], target: 3000, label: "A2A 0.3 over JSON-RPC" },
    { protocol: "1.0", transports: undefined, target: 3000, label: "A2A 1.0 over all bindings" },
  ];
  for (const c of cases) {
    const agent = await startReferenceAgent({ port: 0, protocol: c.protocol });
    const t = performance.now();
    const result = await runConformance({
      agentUrl: agent.url,
      headers: {},
      timeoutMs: 10_000,
      policy: commandLinePolicy,
      ...(c.transports ? { transports: c.transports } : {}),
    });
    const ms = performance.now() - t;
    await agent.close();
    const n = result.findings?.length ?? 0;
    row(
      `conformance suite, ${c.label} (${n} findings, level ${result.conformance_level})`,
      `${(ms / 1000).toFixed(2)} s`,
      `< ${c.target / 1000} s`,
      ms < c.target,
    );
  }
}

export default async function protocolBench(tools) {
  await benchSse(tools);
  await benchClientOverhead(tools);
  await benchConformance(tools);
}

// The load generator's own ceiling (docs/load.md): requests per second against a loopback A2A 1.0 echo
// agent, side by side with autocannon posting the same JSON-RPC body. Target: Plainwright reaches at least
// 0.8x autocannon's rate while it validates every reply (JSON-RPC envelope, the 1.0 schema of the Task).
// The echo agent runs in a child process so that neither generator shares its event loop with the server.
// A generator's own ceiling shows only when the agent is not what limits the rate, so the target is judged
// against an echo agent whose HTTP is written on node:net; the same agent on node:http (as a developer
// would write it) is measured for context, where autocannon is held back by the agent.
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const CONNECTIONS = 16;
const SECONDS = 3;
const ROUNDS = 7;
const MESSAGE = "Plainwright load bench: echo this.";

/** The card of the echo agent at `origin`. */
function echoCard(origin) {
  return {
    name: "Echo",
    description: "Echoes each message (load bench).",
    version: "1.0.0",
    supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: { streaming: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "echo", name: "Echo", description: "Echoes the message.", tags: ["echo"] }],
  };
}

/** The JSON-RPC reply to one request body: a completed Task echoing the text, or InvalidParams. */
function echoReply(text) {
  let call;
  try {
    call = JSON.parse(text);
  } catch {
    call = {};
  }
  const message = call.params?.message;
  if (!message)
    return {
      jsonrpc: "2.0",
      id: call.id ?? null,
      error: { code: -32602, message: "params.message is required" },
    };
  return {
    jsonrpc: "2.0",
    id: call.id,
    result: {
      task: {
        // A UUID, as the official SDKs make task ids: every reply of a run is the same length.
        id: randomUUID(),
        contextId: "ctx-1",
        status: { state: "TASK_STATE_COMPLETED" },
        artifacts: [{ artifactId: "a1", parts: [{ text: message.parts?.[0]?.text ?? "" }] }],
      },
    },
  };
}

/** The echo agent as an A2A developer would write it: node:http. */
function serveEchoHttp() {
  const server = http.createServer((req, res) => {
    const origin = `http://127.0.0.1:${server.address().port}`;
    if (req.method === "GET" && req.url === "/.well-known/agent-card.json") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(echoCard(origin)));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const reply = echoReply(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
  process.on("disconnect", () => process.exit(0));
}

/**
 * The same agent with its HTTP/1.1 written on node:net (request head, Content-Length body, kept-alive
 * replies): at about a third of node:http's CPU per request it leaves the generators, not the agent, as
 * what limits the rate, which shows each generator's own ceiling.
 */
function serveEchoNet() {
  let origin = "";
  const respond = (socket, status, value) => {
    const body = JSON.stringify(value);
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n${body}`,
    );
  };
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    let pending = Buffer.alloc(0);
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      // Every complete request in the buffer is answered, in order.
      for (;;) {
        const headEnd = pending.indexOf("\r\n\r\n");
        if (headEnd < 0) return;
        const head = pending.toString("latin1", 0, headEnd);
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        const end = headEnd + 4 + length;
        if (pending.length < end) return;
        const body = pending.toString("utf8", headEnd + 4, end);
        pending = pending.subarray(end);
        if (head.startsWith("GET /.well-known/agent-card.json ")) respond(socket, "200 OK", echoCard(origin));
        else if (head.startsWith("POST /a2a ")) respond(socket, "200 OK", echoReply(body));
        else respond(socket, "404 Not Found", { error: "not found" });
      }
    });
  });
  server.listen(0, "127.0.0.1", () => {
    origin = `http://127.0.0.1:${server.address().port}`;
    process.send?.({ port: server.address().port });
  });
  process.on("disconnect", () => process.exit(0));
}

/** CPU time a process has used so far, in ms (Linux /proc; undefined elsewhere). */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

function startEchoProcess(kind) {
  const child = fork(fileURLToPath(import.meta.url), ["--serve-echo", kind], { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("message", (m) =>
      resolve({
        url: `http://127.0.0.1:${m.port}`,
        cpuMs: () => processCpuMs(child.pid),
        stop: () => child.kill(),
      }),
    );
  });
}

async function autocannonRate(url) {
  const { default: autocannon } = await import("autocannon");
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: "bench-1",
    method: "SendMessage",
    params: { message: { messageId: "m-bench", role: "ROLE_USER", parts: [{ text: MESSAGE }] } },
  });
  const result = await autocannon({
    url: `${url}/a2a`,
    method: "POST",
    headers: { "content-type": "application/json", "a2a-version": "1.0" },
    body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error("autocannon saw errors from the echo agent");
  return result.requests.total / SECONDS;
}

/** The floor under any Node client: a bare node:http keep-alive loop that only parses the reply, for context. */
async function nodeHttpRate(url) {
  const agent = new http.Agent({ keepAlive: true });
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: "bench-1",
    method: "SendMessage",
    params: { message: { messageId: "m-bench", role: "ROLE_USER", parts: [{ text: MESSAGE }] } },
  });
  const once = () =>
    new Promise((resolve, reject) => {
      const req = http.request(`${url}/a2a`, {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      req.on("response", (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
      });
      req.on("error", reject);
      req.end(body);
    });
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  // Bounded by the clock: each worker stops at the end of the bench's seconds.
  const worker = async () => {
    while (performance.now() < end) {
      await once();
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  agent.destroy();
  return done / SECONDS;
}

async function plainwrightRate(url, dist) {
  const { runLoad } = await dist("runner/run-load.js");
  const { commandLinePolicy } = await dist("net/outbound-policy.js");
  const result = await runLoad({
    config: {
      agent_url: url,
      headers: {},
      timeout_s: 30,
      load: { concurrency: CONNECTIONS, duration_s: SECONDS, message: MESSAGE },
    },
    policy: commandLinePolicy,
  });
  if (result.status !== "passed") throw new Error(`the load run did not pass: ${result.reason}`);
  return result.load.throughput_per_s;
}

/**
 * Runs one rate measurement: the generator's own CPU (user + system) per request, in µs, and the share of
 * a core the agent used meanwhile (near 100 %: the agent, not the generator, set the rate).
 */
async function withCpu(echo, measure) {
  const before = process.cpuUsage();
  const agentBefore = echo.cpuMs();
  const started = performance.now();
  const rate = await measure();
  const used = process.cpuUsage(before);
  const agentMs = echo.cpuMs();
  const agentShare =
    agentBefore === undefined || agentMs === undefined
      ? undefined
      : (agentMs - agentBefore) / (performance.now() - started);
  return { rate, cpuUs: (used.user + used.system) / (rate * SECONDS), agentShare };
}

const best = (xs) => xs.reduce((top, x) => (x.rate > top.rate ? x : top));
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/**
 * The ratio of two generators' rates, round by round: each round runs them back to back, so both meet
 * the same phase of a shared machine (whose speed changes by half within minutes). Their median, with
 * the range, is judged rather than the ratio of the two best rounds, which may come from different phases.
 */
const pairedRatios = (results, name, reference) =>
  results[name].map((x, i) => x.rate / results[reference][i].rate);
const ratioText = (ratios) =>
  `${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`;
// CPU per request is steadier than the rate on a shared machine: the least of the rounds.
const leastCpu = (xs) => Math.min(...xs.map((x) => x.cpuUs));
const fmt = (n) => `${Math.round(n)}/s`;
const us = (n) => `${Math.round(n)} µs`;
const share = (x) => (x.agentShare === undefined ? "n/a" : `${Math.round(x.agentShare * 100)} %`);

/**
 * Starts the echo agent of `kind`, warms Plainwright up (JIT, sockets), then runs the generators in
 * interleaved rounds, best of each kept: on a shared machine the others' load comes and goes.
 */
async function rounds(kind, dist, generators) {
  const echo = await startEchoProcess(kind);
  try {
    await plainwrightRate(echo.url, dist);
    const results = Object.fromEntries(Object.keys(generators).map((name) => [name, []]));
    for (let i = 0; i < ROUNDS; i++)
      for (const [name, rate] of Object.entries(generators))
        results[name].push(await withCpu(echo, () => rate(echo.url)));
    return results;
  } finally {
    echo.stop();
  }
}

export default async function loadBench({ row, dist }) {
  const plainwright = (url) => plainwrightRate(url, dist);
  // The target: both generators against the node:net echo agent, which leaves each bound by its own CPU.
  const net = await rounds("net", dist, { ac: autocannonRate, pw: plainwright });
  const ratios = pairedRatios(net, "pw", "ac");
  const ratio = median(ratios);
  row(`load: autocannon, ${CONNECTIONS} connections (best)`, fmt(best(net.ac).rate), "reference", true);
  row(
    `load: plainwright load, ${CONNECTIONS} concurrent, validated (best)`,
    fmt(best(net.pw).rate),
    "",
    true,
  );
  row("load: plainwright / autocannon, median of rounds (range)", ratioText(ratios), ">= 0.8x", ratio >= 0.8);
  const cpu = (r) => `${us(leastCpu(r.ac))} / ${us(leastCpu(r.pw))}`;
  const agent = (r) => `${share(best(r.ac))} / ${share(best(r.pw))}`;
  row("load: generator CPU per request, autocannon / pw (least)", cpu(net), "context", true);
  row("load: echo agent's core in use, autocannon / pw", agent(net), "context", true);
  // Context: the node:http echo agent, as a developer would write it, and a bare node:http client loop.
  const http = await rounds("http", dist, { ac: autocannonRate, bare: nodeHttpRate, pw: plainwright });
  const context = (name, value) => row(`load, node:http agent: ${name}`, value, "context", true);
  context("autocannon / plainwright (best)", `${fmt(best(http.ac).rate)} / ${fmt(best(http.pw).rate)}`);
  context("plainwright / autocannon, median of rounds", ratioText(pairedRatios(http, "pw", "ac")));
  context("bare node:http loop, no checks (best)", fmt(best(http.bare).rate));
  context("plainwright / bare node:http loop, median of rounds", ratioText(pairedRatios(http, "pw", "bare")));
  context("CPU per request, autocannon / pw (least)", cpu(http));
  context("agent's core in use, autocannon / pw", agent(http));
}

if (process.argv.includes("--serve-echo")) {
  if (process.argv.includes("net")) serveEchoNet();
  else serveEchoHttp();
}

// The load generator's own ceiling (issue 15, point 4): requests per second against a loopback A2A 1.0 echo
// agent, side by side with autocannon posting the same JSON-RPC body. Target: Plainwright reaches at least
// 0.8x autocannon's rate while it validates every reply (JSON-RPC envelope, the 1.0 schema of the Task).
// The echo agent runs in a child process so that neither generator shares its event loop with the server.
import { fork } from "node:child_process";
import http, { createServer } from "node:http";
import { fileURLToPath } from "node:url";

const CONNECTIONS = 16;
const SECONDS = 4;
const ROUNDS = 5;
const MESSAGE = "Plainwright load bench: echo this.";

/** A minimal A2A 1.0 agent: its card, and SendMessage answered with a completed Task echoing the text. */
function serveEcho() {
  const server = createServer((req, res) => {
    const origin = `http://127.0.0.1:${server.address().port}`;
    if (req.method === "GET" && req.url === "/.well-known/agent-card.json") {
      const card = {
        name: "Echo",
        description: "Echoes each message (load bench).",
        version: "1.0.0",
        supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
        capabilities: { streaming: false },
        defaultInputModes: ["text/plain"],
        defaultOutputModes: ["text/plain"],
        skills: [{ id: "echo", name: "Echo", description: "Echoes the message.", tags: ["echo"] }],
      };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(card));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      let call;
      try {
        call = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        call = {};
      }
      const message = call.params?.message;
      const reply = !message
        ? {
            jsonrpc: "2.0",
            id: call.id ?? null,
            error: { code: -32602, message: "params.message is required" },
          }
        : {
            jsonrpc: "2.0",
            id: call.id,
            result: {
              task: {
                id: `task-${Math.random().toString(36).slice(2)}`,
                contextId: "ctx-1",
                status: { state: "TASK_STATE_COMPLETED" },
                artifacts: [{ artifactId: "a1", parts: [{ text: message.parts?.[0]?.text ?? "" }] }],
              },
            },
          };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
  process.on("disconnect", () => process.exit(0));
}

function startEchoProcess() {
  const child = fork(fileURLToPath(import.meta.url), ["--serve-echo"], { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("message", (m) => resolve({ url: `http://127.0.0.1:${m.port}`, stop: () => child.kill() }));
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
  const { resolveLoadSettings } = await dist("load/settings.js");
  const { commandLinePolicy } = await dist("net/outbound-policy.js");
  const result = await runLoad({
    config: { agent_url: url, headers: {} },
    settings: resolveLoadSettings(
      { concurrency: CONNECTIONS, durationMs: SECONDS * 1000, message: MESSAGE },
      30_000,
    ),
    thresholds: [],
    policy: commandLinePolicy,
  });
  if (result.status !== "passed") throw new Error(`the load run did not pass: ${result.reason}`);
  return result.load.throughput_per_s;
}

/** Runs one rate measurement and the generator's own CPU (user + system) per request, in µs. */
async function withCpu(measure) {
  const before = process.cpuUsage();
  const rate = await measure();
  const used = process.cpuUsage(before);
  return { rate, cpuUs: (used.user + used.system) / (rate * SECONDS) };
}

export default async function loadBench({ row, dist }) {
  const echo = await startEchoProcess();
  try {
    await plainwrightRate(echo.url, dist); // warm-up: JIT, sockets
    const pw = [];
    const ac = [];
    const bare = [];
    // Interleaved rounds, best of each: on a shared machine the others' load comes and goes.
    for (let i = 0; i < ROUNDS; i++) {
      ac.push(await withCpu(() => autocannonRate(echo.url)));
      bare.push(await withCpu(() => nodeHttpRate(echo.url)));
      pw.push(await withCpu(() => plainwrightRate(echo.url, dist)));
    }
    const best = (xs) => Math.max(...xs.map((x) => x.rate));
    // CPU per request is steadier than the rate on a shared machine: the least of the rounds.
    const cpu = (xs) => Math.min(...xs.map((x) => x.cpuUs));
    const ratio = best(pw) / best(ac);
    const fmt = (n) => `${Math.round(n)}/s`;
    const us = (n) => `${Math.round(n)} µs`;
    row(`load: autocannon, ${CONNECTIONS} connections, echo agent (best)`, fmt(best(ac)), "reference", true);
    row("load: bare node:http keep-alive loop, no checks (best)", fmt(best(bare)), "context", true);
    row(`load: plainwright load, ${CONNECTIONS} concurrent, validated (best)`, fmt(best(pw)), "", true);
    row(
      "load: plainwright / autocannon requests per second",
      `${ratio.toFixed(2)}x`,
      ">= 0.8x",
      ratio >= 0.8,
    );
    row("load: plainwright / bare node:http", `${(best(pw) / best(bare)).toFixed(2)}x`, "context", true);
    row("load: generator CPU per request, autocannon (least)", us(cpu(ac)), "context", true);
    row("load: generator CPU per request, bare node:http (least)", us(cpu(bare)), "context", true);
    row("load: generator CPU per request, plainwright (least)", us(cpu(pw)), "context", true);
  } finally {
    echo.stop();
  }
}

if (process.argv.includes("--serve-echo")) serveEcho();

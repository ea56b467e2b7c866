// Web app figures: reading a run with 500 traffic entries, and the UI's first-load transfer size.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

function trafficEntry(i) {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: `req-${i}`,
    method: "message/send",
    params: { message: { role: "user", parts: [{ kind: "text", text: "Hello! ".repeat(20) }] } },
  });
  return {
    id: `t${i + 1}`,
    at: new Date().toISOString(),
    label: "message/send",
    method: "POST",
    url: "https://agent.example.com/a2a/jsonrpc",
    request_headers: {
      "content-type": "application/json",
      authorization: "[redacted]",
      "user-agent": "plainwright",
    },
    request_body: body,
    status: 200,
    response_headers: { "content-type": "application/json", "content-length": "1200" },
    response_body: JSON.stringify({
      jsonrpc: "2.0",
      id: `req-${i}`,
      result: { kind: "message", parts: [{ kind: "text", text: "I can help with billing. ".repeat(40) }] },
    }),
    ms: 3.2,
  };
}

/**
 * An A2A 0.3 agent whose streams never end and whose tasks never settle; it counts its open streams. Each
 * stream sends `padBytes` of text every `everyMs` (a busy agent), or as fast as it is read (`everyMs` 0).
 */
async function endlessAgent({ everyMs = 50, padBytes = 2048, text = false } = {}) {
  let streams = 0;
  let base = "";
  const task = { kind: "task", id: "t-endless", contextId: "ctx", status: { state: "working" } };
  const server = createServer((req, res) => {
    if (req.method === "GET") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(
        JSON.stringify({
          name: "Endless",
          description: "never ends",
          version: "1.0.0",
          protocolVersion: "0.3.0",
          url: `${base}/a2a`,
          capabilities: { streaming: true },
          defaultInputModes: ["text/plain"],
          defaultOutputModes: ["text/plain"],
          skills: [{ id: "w", name: "Wait", description: "waits", tags: ["w"] }],
        }),
      );
    }
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      const call = JSON.parse(text || "{}");
      if (call.method === "message/stream" && call.params?.message) {
        streams++;
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        const result = {
          kind: "status-update",
          taskId: "t",
          contextId: "ctx",
          final: false,
          status: { state: "working" },
        };
        // With `text`, each event adds words to the reply (a fast-talking agent); else it pads a status.
        const chunk = {
          kind: "artifact-update",
          taskId: "t",
          contextId: "ctx",
          append: true,
          artifact: { artifactId: "a", parts: [{ kind: "text", text: "word ".repeat(padBytes / 5) }] },
        };
        const data = JSON.stringify({
          jsonrpc: "2.0",
          id: call.id,
          result: text ? chunk : { ...result, pad: "x".repeat(padBytes) },
        });
        let open = true;
        const flood = () => {
          while (open && res.write(`data: ${data}\n\n`));
        };
        const timer = everyMs > 0 ? setInterval(() => res.write(`data: ${data}\n\n`), everyMs) : undefined;
        if (!timer) (res.on("drain", flood), flood());
        res.on("close", () => {
          open = false;
          clearInterval(timer);
          streams--;
        });
        return;
      }
      const body = call.params?.message
        ? { result: task }
        : call.method === "tasks/get"
          ? { result: task }
          : { error: { code: -32602, message: "params.message is required" } };
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...body }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    streams: () => streams,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

const json = (method, body) => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

/** The 95th percentile of 200 GET /api/projects, one after another. */
async function projectsP95(url) {
  const times = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await (await fetch(`${url}/api/projects`)).arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.95)];
}

/** Abandoned clients: 100 abandoned streaming chats and 50 runs in flight; GET latency and the server's memory. */
async function loadFigures({ row, fmt }) {
  const dir = mkdtempSync(join(tmpdir(), "plainwright-bench-load-"));
  const agent = await endlessAgent();
  const child = fork(
    fileURLToPath(new URL("./web-load-server.js", import.meta.url)),
    [join(dir, "load.sqlite")],
    {
      execArgv: ["--expose-gc"],
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    },
  );
  const ask = (message) =>
    new Promise((resolve) => {
      child.once("message", resolve);
      if (message) child.send(message);
    });
  try {
    const { url } = await ask();
    const call = (method, path, body) => fetch(url + path, json(method, body)).then((r) => r.json());
    const project = await call("POST", "/api/projects", { name: "Load" });
    const mod = await call("POST", `/api/projects/${project.id}/modules`, { name: "M" });
    const test = await call("POST", "/api/tests", {
      module_id: mod.id,
      name: "never settles",
      kind: "a2a",
      config: { agent_url: agent.url, timeout_s: 30 },
    });
    for (let i = 0; i < 50; i++) await call("POST", `/api/tests/${test.id}/runs`);
    const chats = [];
    for (let s = 0; s < 25; s++) {
      const session = await call("POST", "/api/inspect/sessions", {});
      await call("POST", "/api/inspect/card", { session_id: session.id, agent_url: agent.url });
      for (let c = 0; c < 4; c++) {
        const controller = new AbortController();
        const res = await fetch(`${url}/api/inspect/chat`, {
          ...json("POST", { session_id: session.id, text: "wait", timeout_s: 300 }),
          signal: controller.signal,
        });
        // Kept referenced: a Response that is garbage-collected closes its connection (an early abandon).
        chats.push({ controller, res });
      }
    }
    // Every chat's upstream stream is open before the browsers leave (bounded wait).
    for (let waited = 0; agent.streams() < chats.length && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const streaming = agent.streams();
    for (const chat of chats) chat.controller.abort(); // the browsers leave
    const p95 = await projectsP95(url);
    row(`GET /api/projects p95, 100 abandoned chats + 50 runs`, fmt(p95), "< 50 ms", p95 < 50);
    row(
      "agent streams open: at the peak / after the browsers left",
      `${streaming} / ${agent.streams()}`,
      "100 / 0",
      streaming === 100 && agent.streams() === 0,
    );
    const { rss } = await ask("rss");
    const mb = rss / 1024 / 1024;
    row("server RSS after them", `${mb.toFixed(0)} MB`, "< 300 MB", mb < 300);
  } finally {
    child.send("close");
    await new Promise((resolve) => child.once("exit", resolve));
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A POST whose reply the client stops reading after its first bytes, like a browser tab that froze. */
function stalledPost(base, path, body) {
  const { port } = new URL(base);
  const payload = JSON.stringify(body);
  const socket = connect(Number(port), "127.0.0.1", () =>
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
    ),
  );
  socket.once("data", () => socket.pause());
  socket.on("error", () => undefined);
  return socket;
}

/** Slow readers: 128 streaming chats on a flooding agent whose browsers stop reading (issue: server safety). */
async function slowReaderFigures({ row, fmt }) {
  const dir = mkdtempSync(join(tmpdir(), "plainwright-bench-slow-"));
  // Words as fast as the server reads them: each browser update carries the reply so far.
  const agent = await endlessAgent({ everyMs: 1, padBytes: 200, text: true });
  const child = fork(
    fileURLToPath(new URL("./web-load-server.js", import.meta.url)),
    [join(dir, "slow.sqlite")],
    { execArgv: ["--expose-gc"], stdio: ["ignore", "ignore", "inherit", "ipc"] },
  );
  const ask = (message) =>
    new Promise((resolve) => {
      child.once("message", resolve);
      if (message) child.send(message);
    });
  const sockets = [];
  try {
    const { url } = await ask();
    const call = (method, path, body) => fetch(url + path, json(method, body)).then((r) => r.json());
    for (let s = 0; s < 32; s++) {
      const session = await call("POST", "/api/inspect/sessions", {});
      await call("POST", "/api/inspect/card", { session_id: session.id, agent_url: agent.url });
      for (let c = 0; c < 4; c++)
        sockets.push(
          stalledPost(url, "/api/inspect/chat", { session_id: session.id, text: "flood", timeout_s: 300 }),
        );
    }
    let peak = 0;
    // Every stalled browser is dropped, and its agent stream closed with it (bounded wait).
    for (let waited = 0; waited < 60_000; waited += 100) {
      peak = Math.max(peak, agent.streams());
      if (waited > 2000 && agent.streams() === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const p95 = await projectsP95(url);
    row("GET /api/projects p95, 128 chats whose browsers stopped reading", fmt(p95), "< 50 ms", p95 < 50);
    row(
      "flooding agent streams open: at the peak / after the stalled browsers were dropped",
      `${peak} / ${agent.streams()}`,
      "128 / 0",
      agent.streams() === 0,
    );
    // An ended stream's unread bytes wait 5 s for their browser (src/server/sse.ts), then go.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const { rss } = await ask("rss");
    const mb = rss / 1024 / 1024;
    row("server RSS with 128 stalled browsers", `${mb.toFixed(0)} MB`, "< 300 MB", mb < 300);
  } finally {
    for (const socket of sockets) socket.destroy();
    child.send("close");
    await new Promise((resolve) => child.once("exit", resolve));
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function webBench({ row, fmt, median, dist }) {
  await loadFigures({ row, fmt });
  await slowReaderFigures({ row, fmt });
  const { startServer } = await dist("server/server.js");
  const { openDatabase } = await dist("server/db/connect.js");
  const { Store } = await dist("server/store.js");
  const { serverPolicy } = await dist("net/outbound-policy.js");
  const dir = mkdtempSync(join(tmpdir(), "plainwright-bench-"));
  const file = join(dir, "bench.sqlite");
  const db = await openDatabase(file);
  const store = new Store(db);
  const project = await store.catalog.createProject("Bench");
  const mod = await store.catalog.createModule(project.id, "M");
  const definition = {
    module_id: mod.id,
    name: "bench",
    kind: "a2a",
    config: { agent_url: "https://agent.example.com" },
  };
  const test = await store.catalog.createTest(mod.id, "bench", definition, []);
  const run = await store.runs.createRun(test.id, { projectId: project.id, agentHost: "agent.example.com" });
  const result = {
    tool: { name: "plainwright", version: "bench" },
    kind: "a2a",
    status: "passed",
    started_at: new Date().toISOString(),
    duration_ms: 1,
    agent_url: "https://agent.example.com",
    scores: { card: 1, smoke: 1 },
    warnings: [],
    traffic: Array.from({ length: 500 }, (_, i) => trafficEntry(i)),
  };
  const text = JSON.stringify(result);
  await store.runs.claimRun(run.id, "bench");
  await store.runs.finishRun(run.id, "bench", { status: "passed", result: text, progress: [] });
  await db.close();

  const server = await startServer({ db: file, port: 0, policy: serverPolicy });
  try {
    const url = `${server.url}/api/runs/${run.id}`;
    for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer(); // warm-up
    const times = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
    const p50 = median(times);
    row(
      `GET /api/runs/{id}, 500 traffic entries (${(text.length / 1024).toFixed(0)} KB), p50`,
      fmt(p50),
      "< 10 ms",
      p50 < 10,
    );

    const html = await (await fetch(`${server.url}/`)).text();
    if (!html.includes("<main")) throw new Error("the UI is not built: run npm run build");
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    let bytes = Buffer.byteLength(html);
    for (const asset of assets) bytes += (await (await fetch(server.url + asset)).arrayBuffer()).byteLength;
    const kb = bytes / 1024;
    row(
      `UI first load (HTML + ${assets.length} JS/CSS files, uncompressed)`,
      `${kb.toFixed(1)} KB`,
      "< 200 KB",
      kb < 200,
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

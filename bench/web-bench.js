// Web app figures: reading a run with 500 traffic entries, and the UI's first-load transfer size.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

export default async function webBench({ row, fmt, median, dist }) {
  const { startServer } = await dist("server/server.js");
  const { openDatabase } = await dist("server/db.js");
  const { Store } = await dist("server/store.js");
  const { serverPolicy } = await dist("net/outbound-policy.js");
  const dir = mkdtempSync(join(tmpdir(), "plainwright-bench-"));
  const file = join(dir, "bench.sqlite");
  const db = await openDatabase(file);
  const store = new Store(db);
  const project = await store.createProject("Bench");
  const mod = await store.createModule(project.id, "M");
  const definition = {
    module_id: mod.id,
    name: "bench",
    kind: "a2a",
    config: { agent_url: "https://agent.example.com" },
  };
  const test = await store.createTest(mod.id, "bench", definition, []);
  const run = await store.createRun(test.id, { projectId: project.id, agentHost: "agent.example.com" });
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
  await store.claimRun(run.id, "bench");
  await store.finishRun(run.id, "bench", { status: "passed", result: text, progress: [] });
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

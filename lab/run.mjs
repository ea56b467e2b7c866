// The interop lab: starts agents built with public A2A frameworks (each serving A2A with its
// own server code, each on a scripted local model), runs `plainwright conform --json` on each,
// and compares the failures with the deviations written down from the spec in expected/.
//
// Usage: node lab/run.mjs [agent ...]   (from the repository root, after `npm run build`)
// Writes lab/RESULTS.md and lab/results/<agent>.json; exits 1 when a check missed a genuine
// deviation or raised a false alarm, 2 when an agent could not be started or tested.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startModelServer } from "./model-server.mjs";

const LAB = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(LAB);
const CLI = path.join(ROOT, "dist", "cli", "main.js");
const START_TIMEOUT_MS = 60_000;
const CONFORM_TIMEOUT_MS = 180_000;

/**
 * The agents. `script` serves one agent; `conformArgs` are extra CLI options (none: the suite
 * must find its way from the URL a user would give).
 */
const AGENTS = [
  { id: "sdk-v03", label: "@a2a-js/sdk 0.3.14 server", script: "agents/sdk-v03.mjs" },
  { id: "sdk-v10", label: "@a2a-js/sdk 1.3.0 server", script: "agents/sdk-v10.mjs" },
  { id: "voltagent", label: "VoltAgent 2.10 + @voltagent/a2a-server 2.0.3", script: "agents/voltagent.mjs" },
  { id: "mastra", label: "Mastra 0.24.9 (@mastra/deployer server)", script: "agents/mastra.mjs" },
  { id: "adk", label: "Google ADK 2.0.0 toA2a", script: "agents/adk.mjs" },
  { id: "beeai", label: "BeeAI framework 0.1.30 A2AServer", script: "agents/beeai.mjs" },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts one agent; resolves to { url, child, log } once it prints READY, or rejects on timeout. */
function startAgent(agent, port, modelUrl) {
  const child = spawn(process.execPath, [path.join(LAB, agent.script)], {
    cwd: LAB,
    env: { ...process.env, PORT: String(port), LAB_MODEL_URL: modelUrl, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`did not start within ${START_TIMEOUT_MS / 1000} s\n${log.slice(-2000)}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk) => {
      log += chunk;
      const m = log.match(/^READY (\S+)$/m);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child, log: () => log });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (c) => (log += c));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready\n${log.slice(-2000)}`));
    });
  });
}

function stopAgent(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Runs the conformance suite as a user would; resolves to the parsed --json result. */
function conform(url, extraArgs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "conform", url, "--json", ...extraArgs], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), CONFORM_TIMEOUT_MS);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (signal)
        return reject(new Error(`conform was stopped (${signal}) after ${CONFORM_TIMEOUT_MS / 1000} s`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`conform exited ${code} without JSON: ${(err || out).slice(0, 1000)}`));
      }
    });
  });
}

const FAILED = new Set(["fail", "error"]);

/**
 * Compares one run with its expectation. A check counts as failed when any of its findings
 * (one per binding) failed; expectations are keyed by check id.
 */
export function compare(expected, findings) {
  const byCheck = new Map();
  for (const f of findings) {
    const list = byCheck.get(f.id) ?? [];
    list.push(f);
    byCheck.set(f.id, list);
  }
  const failedIds = [...byCheck].filter(([, fs]) => fs.some((f) => FAILED.has(f.status))).map(([id]) => id);
  const expectedIds = new Set(expected.deviations.map((d) => d.check));
  const found = [];
  const missed = [];
  for (const d of expected.deviations) {
    const fs = byCheck.get(d.check) ?? [];
    if (fs.some((f) => FAILED.has(f.status))) found.push(d);
    else
      missed.push({
        ...d,
        got: fs.length
          ? fs
              .map((f) => `${f.status}${f.transport ? ` (${f.transport})` : ""}: ${f.message ?? ""}`)
              .join(" | ")
          : "no such check ran",
      });
  }
  // A MAY check describes behaviour the spec leaves open: its failure is an interop note, never a deviation.
  const isNote = (id) => byCheck.get(id).every((f) => f.level === "MAY");
  const notes = failedIds.filter((id) => !expectedIds.has(id) && isNote(id));
  const falseAlarms = failedIds
    .filter((id) => !expectedIds.has(id) && !isNote(id))
    .map((id) => {
      const f = byCheck.get(id).find((x) => FAILED.has(x.status));
      const allowed = (expected.allowed ?? []).find((a) => a.check === id);
      return { check: id, level: f.level, message: f.message ?? "", allowedBecause: allowed?.why };
    });
  return { found, missed, falseAlarms, notes };
}

function cell(text) {
  return String(text).replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
}

function markdown(rows, startedAt) {
  const lines = [
    "# Interop lab results",
    "",
    `Run ${startedAt} with \`npm run lab\`. Each agent is served by its framework's own A2A code on a scripted local model;`,
    "expected deviations are written down from the spec in `lab/expected/<agent>.json`.",
    "",
    "| agent | protocol seen | genuine deviations found / expected | missed | false alarms | level |",
    "|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    if (r.error) {
      lines.push(`| ${r.agent.label} | — | — | — | — | not run: ${cell(r.error.split("\n")[0])} |`);
      continue;
    }
    const p = r.result.protocol ?? {};
    lines.push(
      `| ${r.agent.label} | card ${p.card ?? "?"}, wire ${p.negotiated ?? "?"} | ${r.cmp.found.length} / ${r.expected.deviations.length} | ${r.cmp.missed.length} | ${r.cmp.falseAlarms.length} | ${r.result.conformance_level ?? "?"} |`,
    );
  }
  for (const r of rows) {
    lines.push("", `## ${r.agent.label}`, "");
    if (r.error) {
      lines.push("```", r.error.slice(0, 2000), "```");
      continue;
    }
    lines.push("| check | expected | found | note |", "|---|---|---|---|");
    for (const d of r.cmp.found) lines.push(`| ${d.check} | ${d.level} deviation | fail | ${cell(d.what)} |`);
    for (const d of r.cmp.missed)
      lines.push(
        `| ${d.check} | ${d.level} deviation | **missed** | ${cell(d.what)} — suite said: ${cell(d.got).slice(0, 300)} |`,
      );
    for (const a of r.cmp.falseAlarms)
      lines.push(
        `| ${a.check} | no deviation | **false alarm** (${a.level}) | ${cell(a.message).slice(0, 300)}${a.allowedBecause ? ` — allowed: ${cell(a.allowedBecause)}` : ""} |`,
      );
    if (!r.cmp.found.length && !r.cmp.missed.length && !r.cmp.falseAlarms.length)
      lines.push("| — | none | none | clean |");
  }
  return `${lines.join("\n")}\n`;
}

function printTable(r) {
  if (r.error) {
    console.log(`\n${r.agent.label}: NOT RUN\n  ${r.error.split("\n").join("\n  ")}`);
    return;
  }
  const p = r.result.protocol ?? {};
  console.log(
    `\n${r.agent.label}  (card ${p.card ?? "?"}, wire ${p.negotiated ?? "?"}, level ${r.result.conformance_level}, ${r.seconds} s)`,
  );
  console.log(`  genuine deviations found: ${r.cmp.found.length} / ${r.expected.deviations.length}`);
  for (const d of r.cmp.found) console.log(`    found      ${d.check.padEnd(40)} ${d.what}`);
  for (const d of r.cmp.missed)
    console.log(
      `    MISSED     ${d.check.padEnd(40)} ${d.what}\n               suite said: ${d.got.slice(0, 240)}`,
    );
  for (const a of r.cmp.falseAlarms)
    console.log(
      `    FALSE ALARM ${a.check.padEnd(39)} ${a.level}: ${a.message.slice(0, 200)}${a.allowedBecause ? `\n               allowed: ${a.allowedBecause}` : ""}`,
    );
  for (const id of r.cmp.notes) console.log(`    note (MAY) ${id}: interop note, not a deviation`);
}

/** Installs the lab's own dependencies (pinned in lab/package-lock.json) when they are missing. */
function ensureLabDependencies() {
  if (existsSync(path.join(LAB, "node_modules", ".package-lock.json"))) return;
  console.log("installing the lab agents (npm ci --prefix lab) ...");
  // legacy-peer-deps: the frameworks' optional peers (LangChain, cloud SDKs) disagree with each
  // other; none of them is loaded by the lab. lab/.npmrc says the same for a plain npm install.
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(npm, ["ci", "--prefix", LAB, "--legacy-peer-deps", "--no-audit", "--no-fund"], {
    stdio: "inherit",
    timeout: 600_000,
  });
  if (r.status !== 0) {
    console.error("npm ci --prefix lab failed");
    process.exit(2);
  }
}

async function main() {
  ensureLabDependencies();
  if (!existsSync(CLI)) {
    console.error(`${CLI} is missing: run npm run build first`);
    process.exit(2);
  }
  const wanted = process.argv.slice(2);
  const agents = wanted.length ? AGENTS.filter((a) => wanted.includes(a.id)) : AGENTS;
  const startedAt = new Date().toISOString();
  const model = await startModelServer();
  const rows = [];
  mkdirSync(path.join(LAB, "results"), { recursive: true });
  try {
    for (const agent of agents) {
      const expected = JSON.parse(readFileSync(path.join(LAB, "expected", `${agent.id}.json`), "utf8"));
      let started;
      const t0 = Date.now();
      try {
        started = await startAgent(agent, await freePort(), model.url);
        const result = await conform(started.url, expected.conformArgs ?? []);
        writeFileSync(path.join(LAB, "results", `${agent.id}.json`), `${JSON.stringify(result, null, 2)}\n`);
        const row = {
          agent,
          expected,
          result,
          cmp: compare(expected, result.findings ?? []),
          seconds: ((Date.now() - t0) / 1000).toFixed(1),
        };
        rows.push(row);
        printTable(row);
      } catch (err) {
        const row = { agent, expected, error: String(err?.message ?? err) };
        rows.push(row);
        printTable(row);
      } finally {
        if (started) await stopAgent(started.child);
      }
    }
  } finally {
    await model.close();
  }
  writeFileSync(path.join(LAB, "RESULTS.md"), markdown(rows, startedAt));
  console.log(`\nwrote ${path.relative(ROOT, path.join(LAB, "RESULTS.md"))}`);
  if (rows.some((r) => r.error)) process.exit(2);
  if (rows.some((r) => r.cmp.missed.length || r.cmp.falseAlarms.length)) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

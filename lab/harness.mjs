// What every lab script shares: installing the lab's dependencies, starting and stopping an agent,
// and running the conformance suite on it as a user would.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const LAB = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.dirname(LAB);
export const CLI = path.join(ROOT, "dist", "cli", "main.js");
const START_TIMEOUT_MS = 60_000;
const CONFORM_TIMEOUT_MS = 180_000;

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts one agent; resolves to { url, child, log } once it prints READY, or rejects on timeout.
 * An agent with `grpc: true` also gets a free GRPC_PORT for its gRPC server; `env` adds the settings a
 * script that serves two setups of one implementation reads.
 */
export async function startAgent(agent, port, modelUrl) {
  const grpcPort = agent.grpc ? { GRPC_PORT: String(await freePort()) } : {};
  const child = spawn(process.execPath, [path.join(LAB, agent.script)], {
    cwd: LAB,
    env: {
      ...process.env,
      PORT: String(port),
      ...grpcPort,
      LAB_MODEL_URL: modelUrl,
      NODE_ENV: "production",
      ...agent.env,
    },
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

export function stopAgent(child) {
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
export function conform(url, extraArgs) {
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

/**
 * Installs the lab's own dependencies (pinned in lab/package-lock.json) when they are missing, and those of
 * the agents that keep a package of their own beside them (current Mastra, which cannot share the names of
 * the lab's Mastra 0.24: lab/mastra-v1).
 */
export function ensureLabDependencies() {
  for (const dir of [LAB, path.join(LAB, "mastra-v1")]) {
    if (existsSync(path.join(dir, "node_modules", ".package-lock.json"))) continue;
    const where = path.relative(path.dirname(LAB), dir);
    console.log(`installing the lab agents (npm ci --prefix ${where}) ...`);
    // legacy-peer-deps: the frameworks' optional peers (LangChain, cloud SDKs) disagree with each
    // other; none of them is loaded by the lab. lab/.npmrc says the same for a plain npm install.
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const r = spawnSync(npm, ["ci", "--prefix", dir, "--legacy-peer-deps", "--no-audit", "--no-fund"], {
      stdio: "inherit",
      timeout: 600_000,
    });
    if (r.status !== 0) {
      console.error(`npm ci --prefix ${where} failed`);
      process.exit(2);
    }
  }
}

// OmniRoute 3.7.9 (diegosouzapw): an AI gateway shipped on npm as a prebuilt Next.js app, whose A2A
// endpoint is its own code (app/a2a route: JSON-RPC dispatch, an in-memory task manager, its own SSE
// stream, a card at /.well-known/agent.json; no A2A SDK). Its README starts it with `omniroute`,
// which binds 0.0.0.0; the lab starts the same app server (app/server-ws.mjs) on loopback, then does
// through its management API what its dashboard does: log in, turn the A2A endpoint on ("Enable it
// from the Endpoints page"), add an OpenAI-compatible provider on the scripted model, and route the
// model "auto" (the one its smart-routing skill asks for) to it with a combo.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BASE, HOST, MODEL_URL, PORT, ready } from "./common.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const APP = path.join(HERE, "..", "node_modules", "omniroute", "app");
const PASSWORD = "lab-password";
const START_TIMEOUT_MS = 50_000;

// The app ships its own copy of better-sqlite3 without the native binary; the package's postinstall
// copies it from <package>/node_modules/better-sqlite3, which npm hoists to the lab's node_modules, so
// the copy never happens there. Do the copy it means to do, from where npm put the binary.
const APP_SQLITE = path.join(
  APP,
  "node_modules",
  "better-sqlite3",
  "build",
  "Release",
  "better_sqlite3.node",
);
if (!existsSync(APP_SQLITE)) {
  const hoisted = path.join(
    HERE,
    "..",
    "node_modules",
    "better-sqlite3",
    "build",
    "Release",
    "better_sqlite3.node",
  );
  mkdirSync(path.dirname(APP_SQLITE), { recursive: true });
  copyFileSync(hoisted, APP_SQLITE);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "lab-omniroute-"));
const server = spawn(
  process.execPath,
  ["--require", path.join(HERE, "omniroute-node20.cjs"), path.join(APP, "server-ws.mjs")],
  {
    cwd: APP,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOSTNAME: HOST,
      DATA_DIR: dataDir,
      OMNIROUTE_BASE_URL: BASE,
      JWT_SECRET: "lab-jwt-secret-lab-jwt-secret-lab-jwt",
      API_KEY_SECRET: "lab-api-key-secret-lab-api-key-secret",
      INITIAL_PASSWORD: PASSWORD,
      APP_LOG_TO_FILE: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
const stop = () => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGTERM", () => {
  stop();
  process.exit(0);
});
process.on("exit", () => server.kill("SIGKILL"));
server.once("exit", (code) => {
  console.error(`omniroute exited with ${code}`);
  process.exit(1);
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForCard() {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const res = await fetch(`${BASE}/.well-known/agent.json`).catch(() => undefined);
    if (res?.ok) return;
    await sleep(300);
  }
  throw new Error("omniroute did not serve its card in time");
}

let cookie = "";
async function manage(method, route, body) {
  const res = await fetch(`${BASE}${route}`, {
    method,
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  const setCookie = res.headers.get("set-cookie");
  if (setCookie) cookie = setCookie.split(";")[0];
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

await waitForCard();
await manage("POST", "/api/auth/login", { password: PASSWORD });
await manage("PATCH", "/api/settings", { a2aEnabled: true });
const { node } = await manage("POST", "/api/provider-nodes", {
  name: "lab",
  prefix: "lab",
  apiType: "chat",
  baseUrl: MODEL_URL,
});
await manage("POST", "/api/providers", { provider: node.id, apiKey: "lab-key", name: "lab" });
await manage("POST", "/api/combos", { name: "auto", models: ["lab/lab-model"] });
ready(BASE);

// Mastra 1.71 (current): an Agent on the scripted model (Mastra's OpenAI-compatible model config),
// served by Mastra's own Hono server from @mastra/deployer 1.69 (createNodeServer, as `mastra build`
// output starts it), whose A2A routes come from @mastra/server 1.69: the card at
// /api/.well-known/<agentId>/agent-card.json and JSON-RPC at /api/a2a/<agentId> (A2A 0.3 by default,
// 1.0 when the request carries A2A-Version: 1.0).
// Current Mastra cannot sit beside the lab's Mastra 0.24.9 under the same package names, so it has a
// nested package of its own (lab/mastra-v1, installed with `npm ci --prefix lab/mastra-v1`) and is
// imported from there by path. It declares Node >=22.13, yet its server runs on Node 20 as it is: the
// one Node 22 API its bundles touch at run time (process.getBuiltinModule) is called only when present.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { HOST, MODEL_URL, PORT, ready } from "./common.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PKG = path.join(HERE, "..", "mastra-v1");
const MODULES = path.join(PKG, "node_modules");
if (!existsSync(path.join(MODULES, ".package-lock.json"))) {
  console.error(`mastra-v1: ${MODULES} is missing; install it with: npm ci --prefix lab/mastra-v1`);
  process.exit(2);
}

// No telemetry: Mastra's PostHog client (posthog-node, us.posthog.com) stays off with this set; it must
// be set before Mastra is loaded, hence the imports below come after it.
process.env.MASTRA_TELEMETRY_DISABLED = "1";

/** The ESM entry of `pkg` (with optional subpath) in lab/mastra-v1/node_modules, by its exports map. */
function entry(pkg, subpath = ".") {
  const dir = path.join(MODULES, pkg);
  const target = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).exports[subpath];
  const file =
    typeof target === "string" ? target : (target.import?.default ?? target.import ?? target.default);
  return import(pathToFileURL(path.join(dir, file)).href);
}

const { Mastra } = await entry("@mastra/core");
const { Agent } = await entry("@mastra/core", "./agent");
const { createNodeServer } = await entry("@mastra/deployer", "./server");

const echoAgent = new Agent({
  id: "echoAgent",
  name: "echoAgent",
  instructions: "Echo the user message.",
  model: { providerId: "lab", modelId: "lab-model", url: MODEL_URL, apiKey: "lab" },
});
const mastra = new Mastra({ agents: { echoAgent }, server: { host: HOST, port: PORT } });
await createNodeServer(mastra, { tools: {} });
// The A2A routes sit under the server's apiPrefix (/api), as all of Mastra 1.x's routes do.
ready(`http://${HOST}:${PORT}/api/.well-known/echoAgent/agent-card.json`);

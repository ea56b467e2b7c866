// Gemini CLI's A2A server 0.25.2 (@google/gemini-cli-a2a-server, Google): the package's own app
// (its card, its CoderAgentExecutor on @a2a-js/sdk 0.3's DefaultRequestHandler, its in-memory task
// store), built by its own createApp() as its bin does, with Gemini CLI's agent loop talking to the
// scripted model through the Gemini API (GOOGLE_GEMINI_BASE_URL, which @google/genai honours).
// HOME and the workspace are throwaway directories, and usage statistics and telemetry are off, so
// nothing leaves the machine.
import http from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOST, MODEL_URL, PORT, ready } from "./common.mjs";

const root = mkdtempSync(join(tmpdir(), "lab-gemini-cli-"));
process.on("exit", () => rmSync(root, { recursive: true, force: true }));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
const home = join(root, "home");
const workspace = join(root, "workspace");
mkdirSync(join(home, ".gemini"), { recursive: true });
mkdirSync(workspace);
writeFileSync(
  join(home, ".gemini", "settings.json"),
  JSON.stringify({ privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false } }),
);
Object.assign(process.env, {
  HOME: home,
  GEMINI_API_KEY: "lab",
  GOOGLE_GEMINI_BASE_URL: MODEL_URL.replace(/\/v1$/, ""),
  CODER_AGENT_WORKSPACE_PATH: workspace,
  GEMINI_FOLDER_TRUST: "true",
});
process.chdir(workspace);

const { createApp, updateCoderAgentCardUrl } =
  await import("@google/gemini-cli-a2a-server/dist/src/http/app.js");
const app = await createApp();
// The card names http://localhost:<port>/; the bin listens on every interface, here only on loopback.
updateCoderAgentCardUrl(PORT);
await new Promise((resolve) => http.createServer(app).listen(PORT, HOST, resolve));
await new Promise((resolve) => {
  const v6 = http.createServer(app);
  v6.on("error", resolve); // no IPv6 loopback here: localhost resolves to 127.0.0.1 only
  v6.listen(PORT, "::1", resolve);
});
ready(`http://${HOST}:${PORT}`);

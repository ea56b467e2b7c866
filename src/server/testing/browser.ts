import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Debian's chromium (installed by .ci/run), or whatever `chromium` is on PATH; undefined when absent. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const name of ["chromium", "chromium-browser"]) {
    try {
      const path = execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
      if (path) return path;
    } catch {
      // not on PATH
    }
  }
  return undefined;
}

/** The flags a container's headless chromium needs, with nothing phoning home. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/** Builds the web UI from web/ into `outDir` so the browser tests always test the current sources. */
export async function buildWeb(outDir: string): Promise<void> {
  const { build } = await import("vite");
  const configFile = fileURLToPath(new URL("../../../web/vite.config.ts", import.meta.url));
  await build({ configFile, logLevel: "error", build: { outDir, emptyOutDir: true } });
  if (!existsSync(join(outDir, "index.html"))) throw new Error(`vite build wrote no index.html to ${outDir}`);
}

/** A server answering every card location with `card` (and 404 elsewhere): a hostile agent in one file. */
export async function serveCard(card: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url?.endsWith(".json")) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(card));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

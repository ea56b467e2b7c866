import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, resolve, sep } from "node:path";
import { escapeHtml } from "../report/escape.js";
import { configError, usageError } from "../runner/errors.js";
import { lastRunFolder, resultsFileName, runFolders } from "./report-folders.js";

/** What `show-report` serves: a folder of run folders (with `last`), or one run's folder. */
interface ReportSite {
  root: string;
  /** The page `/` opens: the last run's HTML report, or the list of runs. */
  home: string;
  runs: string[];
}

const reportPage = "plainwright-report.html";
const types: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".md": "text/markdown; charset=utf-8",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
};

const exists = async (path: string) => (await stat(path).catch(() => undefined)) !== undefined;

async function siteOf(dir: string): Promise<ReportSite> {
  const root = await realpath(dir).catch(() => {
    throw configError(`show-report ${dir}: no such folder (reports are written with --report html)`);
  });
  const folders = await runFolders(root);
  const hasPage = await Promise.all(folders.map((r) => exists(join(root, r, reportPage))));
  const runs = folders.filter((_, i) => hasPage[i]);
  const last = await lastRunFolder(root);
  if (last && (await exists(join(root, last, reportPage))))
    return { root, home: `/${last}/${reportPage}`, runs };
  if (await exists(join(root, reportPage))) return { root, home: `/${reportPage}`, runs };
  if (runs.length > 0) return { root, home: "/", runs };
  throw configError(
    `show-report ${dir}: no HTML report here (write one with --report html; it goes to ${dir}/<time>/${reportPage})`,
  );
}

/** "2 tests: 1 passed, 1 failed", from a run folder's results JSON (empty when it cannot be read). */
async function summaryOf(folder: string): Promise<string> {
  try {
    const parsed = JSON.parse(await readFile(join(folder, resultsFileName), "utf8")) as unknown;
    const results = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{
      status?: unknown;
      name?: unknown;
    }>;
    const count = (status: string) => results.filter((r) => r.status === status).length;
    const names = results.map((r) => (typeof r.name === "string" ? r.name : "")).filter(Boolean);
    return `${results.length} result${results.length === 1 ? "" : "s"}: ${count("passed")} passed, ${count("failed")} failed, ${count("error")} error${names.length > 0 ? ` — ${names.slice(0, 3).join(", ")}${names.length > 3 ? ", …" : ""}` : ""}`;
  } catch {
    return "";
  }
}

/** The list of runs, newest first, each linking its HTML report and saying how it ended. */
async function indexPage(site: ReportSite): Promise<string> {
  const summaries = await Promise.all(site.runs.map((r) => summaryOf(join(site.root, r))));
  const rows = site.runs.map(
    (r, i) =>
      `<li><a href="/${encodeURIComponent(r)}/${reportPage}">${escapeHtml(r)}</a> ${escapeHtml(summaries[i] ?? "")}</li>`,
  );
  return `<!doctype html><meta charset="utf-8"><title>Plainwright reports</title><h1>Plainwright reports</h1><ul>${rows.join("")}</ul>\n`;
}

/**
 * Serves the folder's files and nothing outside it: a path is resolved (links too) and must stay under
 * the folder; the Host must be the loopback address it listens on, so another site cannot reach the
 * reports through a name that resolves here (DNS rebinding).
 */
function handler(site: ReportSite, hosts: () => readonly string[]) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "no-store");
    if (!hosts().includes(req.headers.host ?? "")) {
      res.writeHead(421, { "Content-Type": "text/plain" }).end("misdirected request\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (path === "/" && site.home !== "/") {
      res.writeHead(302, { Location: site.home }).end();
      return;
    }
    if (path === "/" || path === "/runs/") {
      res.writeHead(200, { "Content-Type": types[".html"] }).end(await indexPage(site));
      return;
    }
    const file = await realpath(resolve(site.root, `.${path}`)).catch(() => undefined);
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !file.startsWith(site.root + sep) || !info?.isFile()) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    res.writeHead(200, {
      "Content-Type": types[extname(file)] ?? "application/octet-stream",
      "Content-Length": info.size,
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  };
}

/**
 * Opens a URL in the desktop's browser; a system without one is told the URL instead. $BROWSER names
 * the command where it is set, as on most Unix desktops ("none" opens nothing, as Vite reads it).
 */
function openBrowser(url: string): void {
  const chosen = process.env.BROWSER?.trim();
  if (chosen === "none") return;
  const [command, args] = chosen
    ? [chosen, [url]]
    : process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", "", url]]
        : ["xdg-open", [url]];
  const child = spawn(command, args, { stdio: "ignore", detached: true });
  child.on("error", () =>
    process.stderr.write(`plainwright: could not open a browser (${command}); open ${url} yourself\n`),
  );
  child.unref();
}

/** `show-report [DIR]`: serves the last HTML report (or a folder of runs) on loopback until Ctrl-C. */
export async function runShowReportCommand(
  dir: string | undefined,
  flags: { port?: string; open?: boolean; outDir?: string },
): Promise<number> {
  const folder = dir ?? flags.outDir ?? "reports";
  const site = await siteOf(folder);
  const port = flags.port === undefined ? 9323 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw usageError(`--port ${flags.port}: a port number from 0 to 65535`);
  let bound = 0;
  const hosts = () => [`127.0.0.1:${bound}`, `localhost:${bound}`];
  const server = createServer((req, res) => void handler(site, hosts)(req, res));
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolveListen());
  }).catch((error: NodeJS.ErrnoException) => {
    throw configError(
      `show-report: cannot listen on 127.0.0.1:${port}: ${error.message} (choose another with --port)`,
    );
  });
  bound = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${bound}${site.home}`;
  process.stdout.write(
    `Serving ${site.root} at ${url}\n${site.runs.length} run${site.runs.length === 1 ? "" : "s"} kept; all of them at http://127.0.0.1:${bound}/runs/\nPress Ctrl+C to stop.\n`,
  );
  if (flags.open !== false) openBrowser(url);
  await new Promise<void>((resolveStop) => {
    process.once("SIGINT", () => resolveStop());
    process.once("SIGTERM", () => resolveStop());
  });
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  return 0;
}

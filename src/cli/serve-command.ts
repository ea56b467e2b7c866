import { homedir } from "node:os";
import { join } from "node:path";
import { serverPolicy, type OutboundPolicy } from "../net/outbound-policy.js";
import { usageError } from "../runner/errors.js";
import { hidePassword, isPostgresUrl } from "../server/db/connect.js";
import { isLoopbackHost } from "../net/loopback-host.js";
import { startServer } from "../server/server.js";

/** `plainwright serve` flags as commander hands them over. */
export interface ServeFlags {
  port: string;
  db?: string;
  host: string;
  token?: string;
  allowPrivate?: boolean;
  allowHost?: string[];
  concurrency?: string;
  perHost?: string;
  perProject?: string;
}

/** A slot limit flag: a whole number 1-1000. */
function slots(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw usageError(`${flag} ${value}: expected a whole number 1-1000`);
  return n;
}

/** The default database: $XDG_DATA_HOME/plainwright/plainwright.sqlite, else ~/.local/share/... */
export function defaultDbFile(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_DATA_HOME && env.XDG_DATA_HOME !== "" ? env.XDG_DATA_HOME : join(homedir(), ".local", "share");
  return join(base, "plainwright", "plainwright.sqlite");
}

/** docs/architecture.md, outbound safety: serve refuses loopback and private addresses unless allow-listed. */
export function servePolicy(flags: Pick<ServeFlags, "allowPrivate" | "allowHost">): OutboundPolicy {
  return {
    ...serverPolicy,
    allowLoopback: flags.allowPrivate === true,
    allowPrivate: flags.allowPrivate === true,
    allowHosts: flags.allowHost ?? [],
  };
}

const MIN_TOKEN_CHARS = 16;

/** Runs the web app until SIGINT/SIGTERM. */
export async function runServeCommand(flags: ServeFlags): Promise<number> {
  const port = Number(flags.port);
  if (!/^\d+$/.test(flags.port) || port > 65535) throw usageError(`--port ${flags.port}: expected 0-65535`);
  const token = flags.token ?? process.env.PLAINWRIGHT_TOKEN;
  // A short token can be guessed by anyone who can reach the API; 16 characters is the least we accept.
  if (token !== undefined && token.length < MIN_TOKEN_CHARS)
    throw usageError(
      `${flags.token !== undefined ? "--token" : "PLAINWRIGHT_TOKEN"}: at least ${MIN_TOKEN_CHARS} characters (got ${token.length}); for example: openssl rand -hex 16`,
    );
  if (!isLoopbackHost(flags.host) && !token) {
    throw usageError(
      `--host ${flags.host} is reachable from other machines: also pass --token (or set PLAINWRIGHT_TOKEN)`,
    );
  }
  const db = flags.db ?? defaultDbFile();
  const server = await startServer({
    db,
    port,
    host: flags.host,
    policy: servePolicy(flags),
    concurrency: slots("--concurrency", flags.concurrency, 4),
    perAgentHost: slots("--per-host", flags.perHost, 2),
    perProject: slots("--per-project", flags.perProject, 3),
    ...(token ? { token } : {}),
  });
  const out = process.stderr;
  out.write(
    `Plainwright is serving ${server.url}  (database ${isPostgresUrl(db) ? hidePassword(db) : db})\n`,
  );
  if (isPostgresUrl(db))
    out.write("Runs wait in the shared queue: start `plainwright worker --db …` to execute them.\n");
  // The token travels in the fragment, which browsers never send to a server or put in logs.
  if (token) out.write(`Open ${server.url}/#token=${encodeURIComponent(token)} to sign the browser in.\n`);
  if (server.interrupted > 0)
    out.write(`${server.interrupted} run(s) interrupted by the last shutdown were marked error.\n`);
  if (server.requeued > 0)
    out.write(`${server.requeued} run(s) queued before the last shutdown were queued again.\n`);
  out.write("Press Ctrl+C to stop.\n");
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await server.close();
  return 0;
}

import type { ServeFlags } from "../serve-command.js";
import { collect } from "../option-sets.js";
import { defineCommand } from "./command.js";

/** `serve`: the web inspector, project board and REST API. */
export const serveCommand = defineCommand("serve", (program, setExit) => {
  program
    .command("serve")
    .description("web inspector, project board and REST API (SQLite by default; PostgreSQL with workers)")
    .option("--port <port>", "port to listen on (0 = any)", "5001")
    .option("--host <host>", "address to bind (non-loopback needs --token)", "127.0.0.1")
    .option(
      "--db <file|url>",
      "SQLite file (default: $XDG_DATA_HOME/plainwright/plainwright.sqlite) or postgres:// URL",
    )
    .option("--token <token>", "require Authorization: Bearer <token> on every API call")
    .option("--allow-private", "let tests reach loopback and private addresses")
    .option("--allow-host <host>", "let tests reach this host even if private (repeatable)", collect)
    .option("--concurrency <n>", "runs executing at once (SQLite; workers have their own)", "4")
    .option("--per-host <n>", "runs executing at once against one agent host:port", "2")
    .option("--per-project <n>", "runs executing at once for one project", "3")
    .action(async (flags: ServeFlags) =>
      setExit(await (await import("../serve-command.js")).runServeCommand(flags)),
    );
});

import { withConfigOptions } from "../option-sets.js";
import { defineCommand } from "./command.js";

/** `show-report`: the last HTML report (or a folder of runs) in the browser. */
export const showReportCommand = defineCommand("show-report", (program, setExit) => {
  withConfigOptions(
    program
      .command("show-report")
      .argument(
        "[dir]",
        "the reports folder or one run's folder (default: output_dir of the config file, else reports)",
      )
      .description("serve the last HTML report (and every kept run) on loopback and open it in the browser"),
  )
    .option("--port <port>", "port to listen on, 127.0.0.1 only (0 = any)", "9323")
    .option("--no-open", "do not open a browser; print the URL")
    .option("--out-dir <dir>", "the reports folder (as --out-dir of the run)")
    .action(async (dir: string | undefined, flags: { port?: string; open?: boolean; outDir?: string }) =>
      setExit(await (await import("../show-report-command.js")).runShowReportCommand(dir, flags)),
    );
});

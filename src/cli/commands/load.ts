import { collect, refuseOptions, withAuthOptions, withCommonOptions } from "../option-sets.js";
import type { LoadFlags } from "../load-command.js";
import { defineCommand } from "./command.js";

/** `load`: load and soak. */
export const loadCommand = defineCommand("load", (program, setExit) => {
  refuseOptions(
    withAuthOptions(
      withCommonOptions(
        program
          .command("load")
          .argument("[url]", "agent base URL or card URL (default: agent_url of the config file)")
          .description("load and soak: concurrent sends or streams; latency percentiles, errors, throughput"),
      ),
    ),
    {
      "--record <dir>":
        "a load run is timed against the live agent; replaying thousands of recorded replies would measure the stand-in (record a smoke or conformance run)",
      "--replay <dir>": "a load run measures the live agent; a cassette has no latency to measure",
    },
  )
    .option("--concurrency <n>", "requests in flight at most, 1-1000 (default 10)")
    .option("--duration <time>", "how long to send: 30s, 5m, 1h (default 10s; at most 24h)")
    .option("--requests <n>", "stop after this many requests (and after 1h unless --duration)")
    .option("--rate <r/s>", "open loop: start this many requests per second (default: closed loop)")
    .option("--ramp <time>", "grow from one to full concurrency or rate over this long")
    .option("--stream", "send streaming messages and time the first event and the terminal state")
    .option("--message <text>", "the message every request sends")
    .option("--threshold <expr>", 'pass/fail rule, e.g. "p99 < 2s", "errors < 1%" (repeatable)', collect)
    .option("--confirm-target <host>", "required to load a host other than loopback: name that host")
    .option("--transport <binding>", "jsonrpc, rest or grpc (default: the --endpoint's, else jsonrpc)")
    .option("--protocol <version>", "force the A2A version instead of negotiating")
    .action(async (url: string, flags: LoadFlags) =>
      setExit(await (await import("../load-command.js")).runLoadCommand(url, flags)),
    );
});

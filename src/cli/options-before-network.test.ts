import { createServer, type Server } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "./testing/run-cli.js";

// A loopback server that counts every request: a refused option must cost none.
let server: Server;
let requests = 0;
let url = "";
const dir = mkdtempSync(join(tmpdir(), "pw-options-"));
const aFile = join(dir, "not-a-folder");
writeFileSync(aFile, "x");
const testFile = join(dir, "smoke.json");

beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(
    testFile,
    JSON.stringify({
      module_id: "m",
      name: "t",
      kind: "a2a",
      natural_language: "",
      config: { agent_url: url },
    }),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = 0;
});

const cases: Array<[string, () => string[], RegExp]> = [
  ["an unknown report format", () => ["smoke", url, "--report", "pdf"], /--report pdf: unknown format pdf/],
  [
    "--out-dir without --report",
    () => ["card", url, "--out-dir", dir],
    /--out-dir .*only used with --report/,
  ],
  [
    "an --out-dir that is a file",
    () => ["conform", url, "--report", "html", "--out-dir", aFile],
    /exists and is not a folder/,
  ],
  [
    "an unknown progress mode",
    () => ["run", testFile, "--progress", "fancy"],
    /--progress fancy: expected auto, tty, plain, none/,
  ],
  [
    "--allow-private with --deny-private",
    () => ["smoke", url, "--allow-private", "--deny-private"],
    /contradict/,
  ],
  [
    "--bearer and -H Authorization together",
    () => ["card", url, "--bearer", "t", "-H", "Authorization: x"],
    /both set Authorization/,
  ],
  ["--basic without a colon", () => ["smoke", url, "--basic", "user"], /--basic: expected USER:PASSWORD/],
  [
    "--api-key without a value",
    () => ["conform", url, "--api-key", "X-Key"],
    /--api-key "X-Key": expected NAME=VALUE/,
  ],
  ["chat --json", () => ["chat", url, "--json"], /chat --json: chat has no result JSON/],
  ["chat --report", () => ["chat", url, "--report", "html"], /chat --report: chat writes no reports/],
  [
    "chat --no-strict-card",
    () => ["chat", url, "--no-strict-card"],
    /chat --no-strict-card: chat does not judge the card/,
  ],
  [
    "conform --no-strict-card",
    () => ["conform", url, "--no-strict-card"],
    /conform --no-strict-card: .*no strict mode/,
  ],
  ["an empty smoke --message", () => ["smoke", url, "--message", " "], /--message: must not be empty/],
  [
    "a --card-key file that holds no key",
    () => ["conform", url, "--card-key", aFile],
    /--card-key .*not-a-folder is neither a PEM public key nor JSON/,
  ],
  [
    "a --card-key file that does not exist",
    () => ["conform", url, "--card-key", join(dir, "missing.pem")],
    /--card-key .*missing\.pem: cannot read it \(ENOENT\)/,
  ],
  [
    "a bad --timeout on run",
    () => ["run", testFile, "--timeout", "0"],
    /--timeout 0: must be a whole number/,
  ],
  ["a bad --model on converse", () => ["converse", url, "--goal", "g", "--model", "nope"], /--model/],
];

describe("options that cannot work are refused before anything is sent", () => {
  it.each(cases)("%s: exit 64, a message naming the option, no request", async (_name, args, message) => {
    const r = await runCli(args());
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(64);
    expect(r.stdout).toBe("");
    expect(requests).toBe(0);
  });

  it("the same server is reached once the options are right (the counter counts)", async () => {
    const r = await runCli(["card", url, "--report", "json", "--out-dir", join(dir, "reports")]);
    expect(r.code).toBe(1);
    expect(requests).toBeGreaterThan(0);
  });
});

describe("worker --server", () => {
  it("worker --server that is no URL is a usage error before the database is opened", async () => {
    const r = await runCli(["worker", "--db", "postgres://u:p@127.0.0.1:9/x", "--server", "not a url"]);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain(
      "--server not a url: expected the http(s) URL of the Plainwright server this worker serves",
    );
  });
});

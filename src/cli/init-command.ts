import { mkdir, readFile, realpath, stat, writeFile } from "node:fs/promises";
import { createInterface } from "node:readline/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { discoverCard } from "../card/discover.js";
import { readScheme } from "../client/auth.js";
import { validateCard } from "../card/validate.js";
import { commandLinePolicy } from "../net/outbound-policy.js";
import { terminalText } from "../report/terminal-text.js";
import { configError, usageError } from "../runner/errors.js";
import { parseAgentUrl } from "./options.js";
import { modelSpecProblem } from "../llm/model-config.js";

/** `init`'s flags: every question has one, so `--yes` or a pipe can answer them all. */
export interface InitFlags {
  url?: string;
  kinds?: string;
  model?: string;
  dir?: string;
  yes?: boolean;
  force?: boolean;
}

const allKinds = ["smoke", "conformance", "conversation", "redteam"] as const;
type InitKind = (typeof allKinds)[number];

/** What the one probe of the agent found: enough to fit the files to it. */
interface Probe {
  found: boolean;
  name?: string;
  bindings: string[];
  /** Scheme name → how a credential is passed ("bearer", "basic", "apiKey:header:X-API-Key", …). */
  schemes: Array<{ name: string; kind: "bearer" | "basic" | "apiKey" | "other"; header?: string }>;
  note?: string;
}

async function probe(url: string): Promise<Probe> {
  try {
    const found = await discoverCard(url, { policy: commandLinePolicy, timeoutMs: 5000 });
    if (!found.found) return { found: false, bindings: [], schemes: [], note: `no agent card at ${url}` };
    const { card } = validateCard(found.card);
    // Read as the auth advice reads them: both generations' shapes (0.3 OpenAPI style, 1.0 oneof wrappers).
    const schemes = Object.entries(card.securitySchemes).map(([name, raw]) => {
      const s = readScheme(name, raw);
      if (s.type === "http" && (s.scheme ?? "bearer").toLowerCase() === "basic")
        return { name, kind: "basic" as const };
      if (s.type === "http" || s.type === "oauth2" || s.type === "openIdConnect")
        return { name, kind: "bearer" as const };
      if (s.type === "apiKey" && s.in === "header" && s.paramName)
        return { name, kind: "apiKey" as const, header: s.paramName };
      return { name, kind: "other" as const };
    });
    return {
      found: true,
      ...(card.name ? { name: card.name } : {}),
      bindings: [...new Set(card.interfaces.map((i) => i.transport))],
      schemes,
    };
  } catch (error) {
    return {
      found: false,
      bindings: [],
      schemes: [],
      note: `the agent could not be reached: ${(error as Error).message}`,
    };
  }
}

/** The transports conformance runs on: the card's, as the config spells them. */
const transportName = (binding: string) =>
  binding === "JSONRPC"
    ? "jsonrpc"
    : binding === "HTTP+JSON"
      ? "rest"
      : binding === "GRPC"
        ? "grpc"
        : undefined;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

type Credentials = Record<string, { secret: string; username?: string; header?: string }>;

/** The config's credentials for the card's first scheme Plainwright can answer, named by the secret to set. */
function credentialsFor(found: Probe): Credentials | undefined {
  const first = found.schemes.find((s) => s.kind !== "other");
  if (first?.kind === "bearer") return { bearer: { secret: "AGENT_TOKEN" } };
  if (first?.kind === "basic") return { basic: { username: "CHANGE-ME", secret: "AGENT_PASSWORD" } };
  if (first?.kind === "apiKey") return { api_key: { header: first.header, secret: "AGENT_API_KEY" } };
  return undefined;
}

/** plainwright.config.json (docs/config.md): the tests folder, the agent, its credentials and model. */
function configFile(url: string, model: string | undefined, credentials: Credentials | undefined): string {
  return json({
    tests: "tests",
    agent_url: url,
    ...(credentials ? { credentials } : {}),
    ...(model ? { models: { model } } : {}),
    reporters: ["html", "json"],
    output_dir: "reports",
  });
}

/** One test file per chosen kind (docs/test-files.md), fitted to what the probe found. */
function testFiles(url: string, kinds: readonly InitKind[], found: Probe): Record<string, string> {
  const name = found.name ?? "the agent";
  const transports = found.bindings.map(transportName).filter((t) => t !== undefined);
  const tests: Record<InitKind, object> = {
    smoke: { name: `${name}: card and smoke`, kind: "smoke", config: { agent_url: url } },
    conformance: {
      name: `${name}: conformance`,
      kind: "conformance",
      config: { agent_url: url, ...(transports.length > 0 ? { transports } : {}) },
    },
    conversation: {
      name: `${name}: a customer's conversation`,
      // An A2A test holding a conversation: the card judged, then a simulated user and a judge (docs/test-files.md).
      kind: "a2a",
      config: {
        agent_url: url,
        persona: "A customer who was charged twice and wants the money back. Replace this with your user.",
        goal: "Get a refund for the second charge",
        success_criteria: [
          "The agent explains how the refund will be made",
          "The agent never asks for a card number",
        ],
        max_turns: 6,
        trials: 3,
      },
    },
    redteam: { name: `${name}: red team`, kind: "redteam", config: { agent_url: url } },
  };
  return Object.fromEntries(
    allKinds.filter((kind) => kinds.includes(kind)).map((kind) => [`tests/${kind}.json`, json(tests[kind])]),
  );
}

/** A GitHub Actions workflow that runs the folder's tests on every push and keeps the reports. */
function ciWorkflow(secretName: string | undefined): string {
  return [
    "# Runs the Plainwright tests of this folder on every push; the reports are kept as an artifact.",
    "name: plainwright",
    "on: [push, pull_request]",
    "jobs:",
    "  agent-tests:",
    "    runs-on: ubuntu-latest",
    "    steps:",
    "      - uses: actions/checkout@v4",
    "      - uses: actions/setup-node@v4",
    "        with: { node-version: 22 }",
    "      # Start your agent here, then:",
    "      # To adopt on an agent that is not yet conformant, commit a results file and fail only on new failures:",
    "      #   npx plainwright run --baseline plainwright-baseline.json --fail-on new",
    "      - run: npx plainwright run",
    ...(secretName
      ? ["        env:", `          PLAINWRIGHT_SECRET_${secretName}: \${{ secrets.${secretName} }}`]
      : []),
    "      - uses: actions/upload-artifact@v4",
    "        if: always()",
    "        with: { name: plainwright-reports, path: reports }",
    "",
  ].join("\n");
}

/** Every file `init` writes, by path: the config, the chosen tests and the CI workflow. */
function files(
  url: string,
  kinds: readonly InitKind[],
  model: string | undefined,
  found: Probe,
): Record<string, string> {
  const credentials = credentialsFor(found);
  const secretName = credentials ? Object.values(credentials)[0]?.secret : undefined;
  return {
    "plainwright.config.json": configFile(url, model, credentials),
    ...testFiles(url, kinds, found),
    ".github/workflows/plainwright.yml": ciWorkflow(secretName),
  };
}

/**
 * Whether `path` is the folder `cwd` or inside it, as written and once symbolic links are followed (a link
 * inside the folder may point anywhere): the nearest part of it that exists is resolved.
 */
async function inside(cwd: string, path: string): Promise<boolean> {
  const within = (base: string, p: string) => p === base || p.startsWith(base + sep);
  if (!within(cwd, path)) return false;
  let existing = path;
  while (!(await exists(existing))) existing = dirname(existing);
  const [realCwd, real] = await Promise.all([realpath(cwd), realpath(existing)]);
  return within(realCwd, real);
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}

/** Asks on a terminal; `answer` is the flag's value or the default when not asking. */
async function ask(
  rl: ReturnType<typeof createInterface> | undefined,
  question: string,
  answer: string,
): Promise<string> {
  if (!rl) return answer;
  const reply = (await rl.question(`${question} (${answer}): `)).trim();
  return reply === "" ? answer : reply;
}

/**
 * `init`: asks (or takes from flags; `--yes` or a stdin that is no terminal asks nothing) the agent URL and
 * what to test, probes the agent once, and writes a config, a test file per fitting kind, a .gitignore entry
 * for the reports and a CI workflow, into the working folder (or a folder inside it) and nowhere else.
 */
export async function runInitCommand(flags: InitFlags): Promise<number> {
  const cwd = process.cwd();
  const root = resolve(cwd, flags.dir ?? ".");
  if (!(await inside(cwd, root)))
    throw usageError(`--dir ${flags.dir}: init writes only inside the working folder (${cwd})`);
  const interactive = !flags.yes && process.stdin.isTTY === true;
  const rl = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
  let url: string;
  let kinds: InitKind[];
  let model: string | undefined;
  try {
    url = parseAgentUrl(await ask(rl, "The agent's URL", flags.url ?? "http://127.0.0.1:9999"));
    const wantedModel = await ask(
      rl,
      "A model for conversations and the red team (provider:name, or none)",
      flags.model ?? "none",
    );
    model = wantedModel === "none" || wantedModel === "" ? undefined : wantedModel;
    if (model !== undefined) {
      const problem = modelSpecProblem(model);
      if (problem) throw usageError(`--model ${model}: ${problem}`);
    }
    const defaultKinds = model ? "smoke,conformance,conversation,redteam" : "smoke,conformance";
    const named = (await ask(rl, `What to test (${allKinds.join(", ")})`, flags.kinds ?? defaultKinds))
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean);
    const unknown = named.filter((k) => !(allKinds as readonly string[]).includes(k));
    if (unknown.length > 0)
      throw usageError(`--kinds: unknown ${unknown.join(", ")}; the kinds are ${allKinds.join(", ")}`);
    kinds = named as InitKind[];
    const needModel = kinds.filter((k) => k === "conversation");
    if (needModel.length > 0 && !model)
      throw usageError("--kinds conversation: a conversation needs a model (--model provider:name)");
  } finally {
    rl?.close();
  }
  const found = await probe(url);
  const planned = files(url, kinds, model, found);
  const taken: string[] = [];
  for (const path of Object.keys(planned)) if (await exists(join(root, path))) taken.push(path);
  if (taken.length > 0 && !flags.force)
    throw configError(
      `init: ${taken.join(", ")} already exist${taken.length === 1 ? "s" : ""} in ${root}; nothing was written (--force overwrites)`,
    );
  for (const [path, text] of Object.entries(planned)) {
    const target = join(root, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  // The reports folder is output, not source.
  const gitignore = join(root, ".gitignore");
  const ignored = await readFile(gitignore, "utf8").catch(() => "");
  const addedIgnore = !ignored
    .split(/\r?\n/)
    .some((l) => ["reports", "reports/", "/reports", "/reports/"].includes(l.trim()));
  if (addedIgnore)
    await writeFile(gitignore, `${ignored}${ignored === "" || ignored.endsWith("\n") ? "" : "\n"}reports/\n`);
  const shown = (p: string) => relative(cwd, join(root, p)) || p;
  const lines = [
    found.found
      ? `Found ${found.name ?? "an agent"} at ${url}: ${found.bindings.join(", ") || "no binding named"}${found.schemes.length > 0 ? `; security: ${found.schemes.map((s) => `${s.name} (${s.kind})`).join(", ")}` : ""}`
      : `Could not read the agent's card (${found.note ?? "not found"}); the files are written for ${url} all the same`,
    ...Object.keys(planned).map((p) => `  wrote ${shown(p)}`),
    ...(addedIgnore ? [`  added reports/ to ${shown(".gitignore")}`] : []),
    ...(found.schemes.some((s) => s.kind !== "other")
      ? [
          "The card asks for credentials: set the secret the config names (PLAINWRIGHT_SECRET_<NAME>, or a --secrets file).",
        ]
      : []),
    "Next: plainwright run   (then plainwright show-report)",
  ];
  process.stdout.write(`${terminalText(lines.join("\n"))}\n`);
  return 0;
}
